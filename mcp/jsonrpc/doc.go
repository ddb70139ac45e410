// Package jsonrpc reads and writes the JSON-RPC 2.0 messages of the MCP
// server: one JSON object per line, in UTF-8, read strictly.
//
// [Reader] splits a stream into lines of at most [MaxLine] bytes without
// buffering more than that for a longer one; [Parse] decodes a line with
// [Decode] (no repeated key at any depth, no lone surrogate escape, no
// integer too long to read) and classifies it as a request, a notification
// or a client response; [EncodeResult] and [EncodeError] write replies.
// Every refusal is an [*Error] carrying the JSON-RPC code to send.
package jsonrpc
