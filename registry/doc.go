// Package registry is the capability registry: the contract every front
// end (the TUI, the REPL and `call`, the MCP server) calls through, and the
// one place the call policy of seed 000 is enforced.
//
// A [Capability] is a named, read-only operation with JSON Schema 2020-12
// input and output object schemas (a keyword subset, checked by [New]) and
// a [Handler]. [Registry.Call] validates the arguments, applies the facility
// allowlist and the research-only licence refusal, runs the handler under
// the time cap with a copy of the caller's context, and then caps rows and
// bytes, checks citations, makes every text one safe line, tokenises fact
// ids, maps store errors to unavailable and redacts local paths, in that
// order (pipeline.go). A refused call returns a *[Error] with a [Code].
//
//	reg, err := registry.New(caps, prompts, registry.Options{Data: openStore})
//	res, err := reg.Call(ctx, "points", map[string]any{"facility_id": "hq"},
//		&registry.CallContext{Store: dir, AllowedFacilities: []string{"hq"}})
//	// res.Text: hq stores 2 points on 1 equipment [F1@points-1a2b3c].
//
// Handlers write plain fact ids (F1@points); Call appends the call's token
// in the facts, in the text's [id] citations and in every data string that
// is exactly a plain fact id of the result (that is how data names a fact:
// the whole string value, under any key).
// They cut lists only with [Call.Page], name data values with
// sanitize.Name, and list only [Call.Facilities]. The registry imports no
// store or analytics code: what the policy reads from a store is the [Data]
// interface, implemented in registry/builtin.
//
// A Registry is safe for concurrent use; a [Call] belongs to one handler run.
package registry
