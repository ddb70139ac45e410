// Package apptest drives the whole TUI by hand for tests of the screens
// that live outside package tui: a registry like tuitest's with the
// citation checker and the built-in prompts added (so a walkthrough runs
// to its end), and an [App] that sends keys to the root model and runs
// the commands it returns as the program loop would.
package apptest

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/agent/verify"
	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/tuitest"
)

// Registry returns tuitest's fake capabilities plus check_citations and
// the built-in prompts, and a call context allowing tuitest.Facilities.
func Registry() (*registry.Registry, *registry.CallContext, error) {
	base, cc, err := tuitest.New()
	if err != nil {
		return nil, nil, err
	}
	caps := append(base.Capabilities(), checkCitations())
	reg, err := registry.New(caps, prompts.All(), registry.Options{})
	if err != nil {
		return nil, nil, fmt.Errorf("test registry: %w", err)
	}
	return reg, cc, nil
}

// checkCitations is check_citations as the built-in serves it, over
// agent.CheckCitations (its data shaped the same, without the output
// schema's detail).
func checkCitations() registry.Capability {
	str := map[string]any{"type": "string"}
	return registry.Capability{
		Name: "check_citations", Title: "Check a draft's citations", Cost: registry.CostCheap, NoStore: true,
		Description: "Check a drafted text against the facts of earlier results.",
		InputSchema: map[string]any{
			"type": "object", "additionalProperties": false, "required": []any{"text", "facts"},
			"properties": map[string]any{
				"text":         map[string]any{"type": "string", "maxLength": 200000},
				"facts":        map[string]any{"type": "array", "maxItems": 5000, "items": map[string]any{"type": "object", "required": []any{"id", "text"}, "properties": map[string]any{"id": str, "text": str}}},
				"per_sentence": map[string]any{"type": "boolean", "default": true},
				"detail":       map[string]any{"type": "boolean", "default": false},
				"limit":        map[string]any{"type": "integer", "minimum": 1, "maximum": 1000, "default": 50},
				"offset":       map[string]any{"type": "integer", "minimum": 0, "default": 0},
			},
		},
		OutputSchema: map[string]any{"type": "object"},
		Handler:      checkHandler,
	}
}

func checkHandler(_ context.Context, c *registry.Call) (*registry.Result, error) {
	raw, _ := c.Args["facts"].([]any)
	facts, err := agent.FactsFromArgs(raw)
	if err != nil {
		var fe *agent.FactError
		if errors.As(err, &fe) {
			return nil, &registry.Error{Code: registry.CodeInvalidParams, Message: "invalid arguments: /facts/" + strconv.Itoa(fe.Index) + ": " + fe.Msg}
		}
		return nil, err
	}
	r := agent.CheckCitations(c.String("text"), facts, c.Bool("per_sentence", true))
	var failing []verify.Sentence
	for _, s := range r.Sentences {
		if s.Verdict != verify.Supported {
			failing = append(failing, s)
		}
	}
	limit, offset := c.PageArgs(50)
	lo, hi := c.Page("failing", len(failing), limit, offset, "in text order")
	data := map[string]any{
		"n_sentences": len(r.Sentences), "grounded": r.Grounded, "cited_ids": r.Cited, "unknown_ids": r.Unknown,
		"counts": map[string]any{"supported": r.Counts.Supported, "unknown_citation": r.Counts.UnknownCitation,
			"uncited": r.Counts.Uncited, "unsupported_number": r.Counts.UnsupportedNumber},
		"failing": rows(failing[lo:hi]),
	}
	if c.Bool("detail", false) {
		data["verified_text"] = r.Verified
	}
	text := fmt.Sprintf("The draft has %d sentences, %d failing", len(r.Sentences), len(failing))
	return &registry.Result{Data: data, Text: text + " [F1@check_citations].",
		Facts: []registry.Fact{{ID: "F1@check_citations", Kind: "citation_check", Value: len(failing), Text: text}}}, nil
}

func rows(ss []verify.Sentence) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		row := map[string]any{"index": s.Index, "text": s.Text, "verdict": string(s.Verdict)}
		if s.Reason != "" {
			row["reason"] = s.Reason
		}
		out[i] = row
	}
	return out
}
