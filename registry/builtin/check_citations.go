package builtin

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/agent/verify"
	"github.com/camber-tui/camber-tui/registry"
)

// citationsPage is the default page of sentences (seed 000).
const citationsPage = 50

// checkCitations is the check_citations capability: a drafted text's
// sentences checked against the facts of earlier results (agent/verify).
// It reads no store.
func checkCitations(*env) registry.Capability {
	return registry.Capability{
		Name:  "check_citations",
		Title: "Check a draft's citations",
		Description: "Check a drafted text against the facts of earlier results before you send it: every sentence " +
			"that states a figure (a number, percentage, dollar amount, date or time) must cite, as [F1@rule_run-1a2b3c], " +
			"a fact that carries that figure. Pass the text and the facts lists of the results it cites (from one " +
			"server or several; the same fact twice is fine). Returns the count of sentences per verdict (supported, " +
			"unknown_citation, uncited, unsupported_number), the cited and unknown ids, and the sentences that fail with " +
			"the reason and the figures no cited fact carries; with detail, every sentence and verified_text, the text " +
			"with failing sentences removed and unknown ids stripped. A rounded figure counts when the fact's value " +
			"rounds to it (45.5 → 46%); section references (§5.6.5, Ch. 5), equipment names (AHU-1) and quoted " +
			"names are not figures. Cheap: no data is read.",
		Cost:        registry.CostCheap,
		NoStore:     true,
		OwnOutput:   []string{"failing", "sentences", "verified_text"},
		InputSchema: checkCitationsInput(),
		OutputSchema: map[string]any{
			"type":                 "object",
			"additionalProperties": false,
			"required":             []any{"n_sentences", "counts", "grounded", "per_sentence", "cited_ids", "unknown_ids", "failing"},
			"properties": map[string]any{
				"n_sentences": map[string]any{"type": "integer", "minimum": 0, "description": "Sentences in the text."},
				"counts": map[string]any{
					"type": "object", "additionalProperties": false,
					"required": []any{"supported", "unknown_citation", "uncited", "unsupported_number"},
					"properties": map[string]any{
						"supported":          count("Sentences whose every figure a cited fact carries (or that state none)."),
						"unknown_citation":   count("Sentences that also cite an id no fact has (kept; the id is stripped)."),
						"uncited":            count("Sentences that state a figure and cite nothing (removed)."),
						"unsupported_number": count("Sentences that state a figure no valid citation carries (removed)."),
					},
				},
				"grounded":     typed("boolean", "True when every sentence is supported and every id is known."),
				"per_sentence": typed("boolean", "Whether figures were grounded per sentence (else in every fact the text cites)."),
				"cited_ids":    stringList("The valid ids the text cites, in order."),
				"unknown_ids":  stringList("The cited ids that name no given fact, in order."),
				"failing":      sentenceList("This page of the sentences that are not supported, in text order."),
				"sentences":    sentenceList("With detail: this page of every sentence, in text order."),
				"verified_text": typed("string", "With detail: the text with failing sentences removed and unknown ids "+
					"stripped (whitespace and paragraph breaks kept); checking it again finds every sentence supported."),
			},
		},
		Handler: checkCitationsHandler,
	}
}

func checkCitationsInput() map[string]any {
	return map[string]any{
		"type":                 "object",
		"additionalProperties": false,
		"required":             []any{"text", "facts"},
		"properties": map[string]any{
			"text": map[string]any{"type": "string", "maxLength": 200000, "description": "The drafted text, citing facts as [id]."},
			"facts": map[string]any{
				"type": "array", "maxItems": 5000,
				"description": "The facts of the results the text cites, as those results returned them.",
				"items": map[string]any{
					"type":     "object",
					"required": []any{"id", "text"},
					"properties": map[string]any{
						"id": map[string]any{"type": "string", "minLength": 2, "maxLength": 300,
							"pattern":     `^[A-Za-z]+[0-9]+(@[A-Za-z0-9_.#@-]+)?$`,
							"description": "The fact id, as the result gave it (F1@rule_run-1a2b3c)."},
						"text":  map[string]any{"type": "string", "minLength": 1, "description": "The fact's text."},
						"kind":  typed("string", "The fact's kind."),
						"equip": typed("string", "The equipment the fact is about."),
						"data":  typed("object", "The fact's data."),
						"value": map[string]any{"description": "The fact's value."},
					},
				},
			},
			"per_sentence": map[string]any{"type": "boolean", "default": true, "description": "Ground each sentence's " +
				"figures in the facts that sentence cites (default); false pools every fact the text cites anywhere."},
			"detail": map[string]any{"type": "boolean", "default": false,
				"description": "Also return every sentence and verified_text."},
			"limit":  limitSchema(citationsPage),
			"offset": offsetSchema(),
		},
	}
}

func count(description string) map[string]any {
	return map[string]any{"type": "integer", "minimum": 0, "description": description}
}

func stringList(description string) map[string]any {
	return map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "description": description}
}

// sentenceList is the schema of a list of checked sentences.
func sentenceList(description string) map[string]any {
	return map[string]any{
		"type": "array", "description": description,
		"items": map[string]any{
			"type": "object", "additionalProperties": false,
			"required": []any{"index", "start", "end", "text", "verdict"},
			"properties": map[string]any{
				"index":   count("The sentence's place in the text (0 first)."),
				"start":   count("Byte offset of its start in the text."),
				"end":     count("Byte offset just past its end."),
				"text":    typed("string", "The sentence as written."),
				"verdict": map[string]any{"type": "string", "enum": []any{"supported", "unknown_citation", "uncited", "unsupported_number"}},
				"reason":  typed("string", "Why it is not supported."),
				"cited":   stringList("Valid ids it cites."),
				"unknown": stringList("Ids it cites that name no fact."),
				"claims": map[string]any{
					"type": "array", "description": "The figures it states.",
					"items": map[string]any{
						"type": "object", "additionalProperties": false, "required": []any{"kind", "text", "value"},
						"properties": map[string]any{
							"kind":       map[string]any{"type": "string", "enum": []any{"number", "date", "time"}},
							"text":       typed("string", "As written."),
							"value":      typed("string", "Normalised (2,897.0 → 2897)."),
							"carried_by": typed("string", "The cited fact that carries it; absent when none does."),
						},
					},
				},
			},
		},
	}
}

// checkCitationsHandler serves check_citations.
func checkCitationsHandler(_ context.Context, c *registry.Call) (*registry.Result, error) {
	raw, _ := c.Args["facts"].([]any)
	facts, err := agent.FactsFromArgs(raw)
	if err != nil {
		var fe *agent.FactError
		if errors.As(err, &fe) {
			ptr := "/facts/" + strconv.Itoa(fe.Index) + "/id"
			return nil, &registry.Error{Code: registry.CodeInvalidParams, Message: "invalid arguments: " + ptr + ": " + fe.Msg,
				Data:       map[string]any{"errors": []any{map[string]any{"pointer": ptr, "message": fe.Msg}}},
				DataValues: []string{ptr}}
		}
		return nil, err
	}
	perSentence := c.Bool("per_sentence", true)
	r := agent.CheckCitations(c.String("text"), facts, perSentence)
	var failing []verify.Sentence
	for _, s := range r.Sentences {
		if s.Verdict != verify.Supported {
			failing = append(failing, s)
		}
	}
	limit, offset := c.PageArgs(citationsPage)
	lo, hi := c.Page("failing", len(failing), limit, offset, "in text order")
	data := map[string]any{
		"n_sentences": len(r.Sentences),
		"counts": map[string]any{"supported": r.Counts.Supported, "unknown_citation": r.Counts.UnknownCitation,
			"uncited": r.Counts.Uncited, "unsupported_number": r.Counts.UnsupportedNumber},
		"grounded": r.Grounded, "per_sentence": perSentence,
		"cited_ids": r.Cited, "unknown_ids": r.Unknown,
		"failing": rows(failing[lo:hi]),
	}
	if c.Bool("detail", false) {
		lo, hi := c.Page("sentences", len(r.Sentences), limit, offset, "in text order")
		data["sentences"] = rows(r.Sentences[lo:hi])
		data["verified_text"] = r.Verified
	}
	stated := citationSummary(len(r.Sentences), r.Counts)
	return &registry.Result{
		Data: data,
		Text: stated + " [F1@check_citations].",
		Facts: []registry.Fact{{
			ID: "F1@check_citations", Kind: "citation_check", Value: len(failing), Text: stated,
			Data: map[string]any{"n_sentences": len(r.Sentences), "supported": r.Counts.Supported,
				"unknown_citation": r.Counts.UnknownCitation, "uncited": r.Counts.Uncited,
				"unsupported_number": r.Counts.UnsupportedNumber, "failing": len(failing)},
		}},
	}, nil
}

// citationSummary states the counts: "The draft has 12 sentences: 9
// supported, 1 with an unknown citation, 1 uncited and 1 with an
// unsupported number".
func citationSummary(n int, k verify.Counts) string {
	switch {
	case n == 0:
		return "The draft has no sentence to check"
	case k.Supported == n:
		return fmt.Sprintf("The draft has %d sentence%s, all supported by the facts they cite", n, plural(n, "", "s"))
	}
	parts := []string{fmt.Sprintf("%d supported", k.Supported)}
	for _, p := range []struct {
		n    int
		what string
	}{{k.UnknownCitation, "with an unknown citation"}, {k.Uncited, "uncited"}, {k.UnsupportedNumber, "with an unsupported number"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.what))
		}
	}
	list := strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	return fmt.Sprintf("The draft has %d sentence%s: %s", n, plural(n, "", "s"), list)
}

// rows renders checked sentences as data rows.
func rows(ss []verify.Sentence) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		row := map[string]any{"index": s.Index, "start": s.Start, "end": s.End, "text": s.Text, "verdict": string(s.Verdict)}
		if s.Reason != "" {
			row["reason"] = s.Reason
		}
		if len(s.Cited) > 0 {
			row["cited"] = s.Cited
		}
		if len(s.Unknown) > 0 {
			row["unknown"] = s.Unknown
		}
		if len(s.Claims) > 0 {
			claims := make([]any, len(s.Claims))
			for j, cl := range s.Claims {
				m := map[string]any{"kind": string(cl.Kind), "text": cl.Text, "value": cl.Value}
				if cl.CarriedBy != "" {
					m["carried_by"] = cl.CarriedBy
				}
				claims[j] = m
			}
			row["claims"] = claims
		}
		out[i] = row
	}
	return out
}
