// Package mcp is camber-tui's Model Context Protocol server: the
// capability registry's tools and prompts for an AI client, over stdio or
// Streamable HTTP, on its own JSON-RPC layer (package [jsonrpc]) rather
// than an SDK, because the framing rules (one object a line, 1 MiB,
// repeated keys, lone surrogates, the id of an over-long line) and the two
// protocol revisions need that control.
//
// # Revisions
//
// 2025-11-25 (2025-06-18 accepted): initialize once per process (per
// session over HTTP), notifications/initialized, ping. 2026-07-28,
// stateless: every request carries io.modelcontextprotocol/protocolVersion
// and clientCapabilities in params._meta; server/discover; every result has
// resultType "complete" and the server's identity in _meta. A request with
// that _meta is always served statelessly; initialize starts a 2025
// session; a request with neither is -32602.
//
// # Serving
//
// The CLI calls [Launch.Check] for the flag rules that exit 2, builds the
// registry, and runs [Serve] (stdio) or [ServeHTTP]:
//
//	exe, _ := os.Executable()
//	err := mcp.Serve(ctx, mcp.Options{
//		Caller:        reg,            // *registry.Registry
//		CallContext:   cc,             // store, allowlist, configs, trust floor
//		GetPrompt:     renderPrompt,   // package prompts
//		Complete:      completeArg,
//		WorkerCommand: append([]string{exe, "mcp-worker"}, globalFlags...),
//		MaxConcurrent: 2, MaxQueued: 8,
//		Signals:       true,
//	}, os.Stdin, os.Stdout, os.Stderr)
//
// and its hidden mcp-worker subcommand runs [WorkerMain] with a factory
// that builds the same registry and call context from the same flags. Each
// tools/call then runs in a worker process (package [worker]) that is
// killed with its process group on the time cap, on
// notifications/cancelled and on disconnect. An *ExitError carries the
// exit status of a signal (143, 129, 130); a *LaunchError exits 2.
//
// # Embedding
//
// [Server.Handle] answers one message without I/O of its own;
// [Server.Defer] returns a tool call to run (or finish with an outcome
// computed elsewhere) when the caller chooses; [Server.ServeStdio] and
// [Server.HTTPHandler] serve a stream or an HTTP endpoint; [Options.Workers]
// runs calls in a worker pool.
//
// A Server is safe for concurrent use. Its log (a startup line, one line
// per tool call with its outcome and duration, every refused message) goes
// to Options.Log, never to stdout.
package mcp
