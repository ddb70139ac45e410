package mcp

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/camber-tui/camber-tui/mcp/jsonrpc"
	"github.com/camber-tui/camber-tui/registry"
)

// Prompt argument limits: a value is refused, never cut, past them.
const (
	maxIDLen    = 200  // any id argument (facility_id, equip, finding_id, each of equips)
	maxClaimLen = 1000 // check_savings_claim's claim
	maxEquips   = 20   // ids in equips
)

// getPrompt answers prompts/get.
func (s *Server) getPrompt(p map[string]any) (map[string]any, *jsonrpc.Error) {
	prompt, err := s.promptOf(p["name"])
	if err != nil {
		return nil, err
	}
	args, err := promptArgs(prompt, p["arguments"])
	if err != nil {
		return nil, err
	}
	if s.o.GetPrompt == nil {
		return nil, jsonrpc.Errorf(jsonrpc.CodeInternal, "internal error: prompts cannot be rendered by this server")
	}
	msgs, rerr := s.o.GetPrompt(prompt.Name, args)
	if rerr != nil {
		return nil, hookError("prompts/get", rerr, s.log)
	}
	out := make([]map[string]any, 0, len(msgs))
	for _, m := range msgs {
		role := m.Role
		if role == "" {
			role = "user"
		}
		out = append(out, map[string]any{"role": role, "content": map[string]any{"type": "text", "text": m.Text}})
	}
	r := map[string]any{"messages": out}
	if prompt.Description != "" {
		r["description"] = prompt.Description
	}
	return r, nil
}

func (s *Server) promptOf(raw any) (registry.Prompt, *jsonrpc.Error) {
	name, ok := raw.(string)
	if !ok {
		return registry.Prompt{}, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: name must be a prompt name")
	}
	prompt, ok := s.prompts[name]
	if !ok {
		return registry.Prompt{}, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: unknown prompt %s", quote(name))
	}
	return prompt, nil
}

// promptArgs checks a prompt's arguments: every one declared, a string,
// within its length, and every required one present.
func promptArgs(prompt registry.Prompt, raw any) (map[string]string, *jsonrpc.Error) {
	in := map[string]any{}
	if raw != nil {
		m, ok := raw.(map[string]any)
		if !ok {
			return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: arguments must be an object of strings")
		}
		in = m
	}
	declared := map[string]bool{}
	for _, a := range prompt.Arguments {
		declared[a.Name] = true
	}
	args := map[string]string{}
	for k, v := range in {
		if !declared[k] {
			return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: prompt %s has no argument %s", prompt.Name, quote(k))
		}
		str, ok := v.(string)
		if !ok {
			return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: argument %s must be a string", k)
		}
		if err := checkArgLength(k, str); err != nil {
			return nil, err
		}
		args[k] = str
	}
	for _, a := range prompt.Arguments {
		if _, ok := args[a.Name]; a.Required && !ok {
			return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: prompt %s needs argument %s", prompt.Name, a.Name)
		}
	}
	return args, nil
}

// checkArgLength applies the length limits of one argument value.
func checkArgLength(name, v string) *jsonrpc.Error {
	switch name {
	case "claim":
		if n := utf8.RuneCountInString(v); n > maxClaimLen {
			return jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: claim is %d characters, over the limit of %d", n, maxClaimLen)
		}
	case "equips":
		ids := strings.Split(v, ",")
		if len(ids) > maxEquips {
			return jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: equips names %d ids, over the limit of %d", len(ids), maxEquips)
		}
		for _, id := range ids {
			if n := utf8.RuneCountInString(strings.TrimSpace(id)); n > maxIDLen {
				return jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: an id in equips is %d characters, over the limit of %d", n, maxIDLen)
			}
		}
	default:
		if n := utf8.RuneCountInString(v); n > maxIDLen {
			return jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: %s is %d characters, over the limit of %d", name, n, maxIDLen)
		}
	}
	return nil
}

// maxCompletions is the most values completion/complete returns.
const maxCompletions = 100

// complete answers completion/complete for a prompt's argument.
func (s *Server) complete(p map[string]any) (map[string]any, *jsonrpc.Error) {
	ref, ok := p["ref"].(map[string]any)
	if !ok {
		return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: ref must be an object")
	}
	if ref["type"] != "ref/prompt" {
		return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: only prompt arguments complete (ref/prompt); this server has no resources")
	}
	prompt, err := s.promptOf(ref["name"])
	if err != nil {
		return nil, err
	}
	arg, ok := p["argument"].(map[string]any)
	if !ok {
		return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: argument must be an object with name and value")
	}
	name, _ := arg["name"].(string)
	value, vok := arg["value"].(string)
	known := false
	for _, a := range prompt.Arguments {
		known = known || a.Name == name
	}
	if !known {
		return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: prompt %s has no argument %s", prompt.Name, quote(name))
	}
	if !vok {
		return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: argument.value must be a string")
	}
	chosen := map[string]string{}
	if c, has := p["context"]; has && c != nil {
		cm, ok := c.(map[string]any)
		if !ok {
			return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: context must be an object")
		}
		if ca, has := cm["arguments"]; has && ca != nil {
			am, ok := ca.(map[string]any)
			if !ok {
				return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: context.arguments must be an object of strings")
			}
			for k, v := range am {
				str, ok := v.(string)
				if !ok {
					return nil, jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: context argument %s must be a string", quote(k))
				}
				chosen[k] = str
			}
		}
	}
	values := []string{}
	if s.o.Complete != nil {
		got, cerr := s.o.Complete(prompt.Name, name, value, chosen)
		if cerr != nil {
			return nil, hookError("completion/complete", cerr, s.log)
		}
		values = append(values, got...)
	}
	total := len(values)
	if total > maxCompletions {
		values = values[:maxCompletions]
	}
	return map[string]any{"completion": map[string]any{"values": values, "total": total, "hasMore": total > maxCompletions}}, nil
}

// hookError turns a prompt hook's error into a JSON-RPC error: an
// invalid_params CapabilityError is -32602 with its message; anything else
// is logged and answered -32603 without detail.
func hookError(method string, err error, log *logger) *jsonrpc.Error {
	var e *registry.Error
	if errors.As(err, &e) && e.Code == registry.CodeInvalidParams {
		return jsonrpc.Errorf(jsonrpc.CodeInvalidParams, "invalid params: %s", e.Message)
	}
	log.printf("%s failed: %v", method, err)
	return jsonrpc.Errorf(jsonrpc.CodeInternal, "internal error")
}
