package repl

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/registry"
)

// fakeRegistry returns a real registry (the whole call pipeline: schema
// checks, allowlist, paging banners, fact tokens) over in-memory
// capabilities that read no store: a small campus of two facilities.
func fakeRegistry(t testing.TB) *registry.Registry {
	t.Helper()
	reg, err := registry.New(fakeCapabilities(), nil, registry.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// fakeCC is the fake campus's caller: both facilities allowed, and one the
// registry refuses for not being allowed is "secret".
func fakeCC() *registry.CallContext {
	return &registry.CallContext{AllowedFacilities: []string{"alpha", "beta"}}
}

// fakeSession returns a session over the fake registry.
func fakeSession(t testing.TB) *Session {
	t.Helper()
	return New(Options{Caller: fakeRegistry(t), CallContext: fakeCC(), Themes: []string{"dark", "light", "mono"}})
}

func obj(props map[string]any, required ...string) map[string]any {
	s := map[string]any{"type": "object", "additionalProperties": false, "properties": props}
	if len(required) > 0 {
		req := make([]any, len(required))
		for i, r := range required {
			req[i] = r
		}
		s["required"] = req
	}
	return s
}

var (
	facilityProp = map[string]any{"type": "string", "minLength": 1, "maxLength": 200, "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"}
	nameProp     = map[string]any{"type": "string", "minLength": 1, "maxLength": 200}
	equipsProp   = map[string]any{"type": "array", "items": nameProp, "minItems": 1, "maxItems": 50}
	outSchema    = map[string]any{"type": "object"}
)

func limitProp(def int) map[string]any {
	return map[string]any{"type": "integer", "minimum": 1, "maximum": registry.MaxLimit, "default": def}
}

var offsetProp = map[string]any{"type": "integer", "minimum": 0, "default": 0}

// fakePoint is one stored point of the fake campus.
type fakePoint struct{ equip, class, role string }

// fakePoints are the fake campus's points by facility.
func fakePoints(fac string) []fakePoint {
	var out []fakePoint
	switch fac {
	case "alpha":
		for _, e := range []string{"AHU-1", "AHU-2"} {
			for _, r := range []string{"cool_valve", "heat_valve", "mixed_air_temp", "supply_air_temp"} {
				out = append(out, fakePoint{e, "AHU", r})
			}
		}
		out = append(out, fakePoint{"MTR-1", "Meter", "power"}, fakePoint{"AHU 3", "AHU", "supply_air_temp"})
	case "beta":
		out = append(out, fakePoint{"RTU-1", "RTU", "supply_air_temp"})
	}
	return out
}

// fakeFindings are the fake rule run's findings by facility, worst first.
func fakeFindings(fac string, equips []string) []map[string]any {
	var out []map[string]any
	if fac != "alpha" {
		return out
	}
	rows := []struct {
		rule, equip, sev string
		share            float64
	}{
		{"simultaneous_heat_cool", "AHU-1", "fault", 0.42},
		{"economizer_high_limit", "AHU-1", "fault", 0.3},
		{"leaking_valve", "AHU-2", "warn", 0.12},
		{"supply_air_control", "AHU-1", "ok", 0},
		{"supply_air_control", "AHU-2", "ok", 0},
	}
	for _, r := range rows {
		if len(equips) > 0 && !slices.Contains(equips, r.equip) {
			continue
		}
		out = append(out, map[string]any{"finding_id": r.rule + "@" + r.equip, "rule": r.rule, "equip": r.equip,
			"severity": r.sev, "share": r.share, "flagged_hours": int(r.share * 100), "params": []any{}})
	}
	return out
}

func fakeCapabilities() []registry.Capability {
	return []registry.Capability{
		{Name: "facilities", Description: "List the facilities.", NoStore: true,
			InputSchema:  obj(map[string]any{"limit": limitProp(100), "offset": offsetProp}),
			OutputSchema: outSchema,
			Handler: func(_ context.Context, c *registry.Call) (*registry.Result, error) {
				ids := slices.Sorted(slices.Values(c.Ctx.AllowedFacilities))
				limit, offset := c.PageArgs(100)
				lo, hi := c.Page("facilities", len(ids), limit, offset, "")
				var rows []any
				facts := []registry.Fact{{ID: "F1@facilities", Kind: "facility_count", Value: len(ids), Text: fmt.Sprintf("%d facilities are served", len(ids))}}
				for i, id := range ids[lo:hi] {
					rows = append(rows, map[string]any{"facility_id": id, "name": strings.ToUpper(id), "n_points": len(fakePoints(id))})
					facts = append(facts, registry.Fact{ID: fmt.Sprintf("F%d@facilities", i+2), Kind: "facility",
						Text: fmt.Sprintf("%s has %d points", id, len(fakePoints(id)))})
				}
				return &registry.Result{Data: map[string]any{"count": len(ids), "facilities": rows},
					Text: fmt.Sprintf("%d facilities are served [F1@facilities].", len(ids)), Facts: facts}, nil
			}},
		{Name: "points", Description: "List a facility's points.", NoStore: true,
			InputSchema: obj(map[string]any{"facility_id": facilityProp, "equip": nameProp, "role": nameProp,
				"limit": limitProp(4), "offset": offsetProp}, "facility_id"),
			OutputSchema: outSchema,
			Handler: func(_ context.Context, c *registry.Call) (*registry.Result, error) {
				fac := c.String("facility_id")
				var pts []fakePoint
				for _, p := range fakePoints(fac) {
					if (c.String("equip") == "" || p.equip == c.String("equip")) && (c.String("role") == "" || p.role == c.String("role")) {
						pts = append(pts, p)
					}
				}
				limit, offset := c.PageArgs(4)
				lo, hi := c.Page("points", len(pts), limit, offset, "by equipment, then role")
				rows := []any{}
				for _, p := range pts[lo:hi] {
					rows = append(rows, map[string]any{"equip": p.equip, "equip_class": p.class, "role": p.role})
				}
				text := fmt.Sprintf("%s stores %d points", fac, len(pts))
				return &registry.Result{Data: map[string]any{"facility_id": fac, "count": len(pts), "points": rows},
					Text:  text + " [F1@points].",
					Facts: []registry.Fact{{ID: "F1@points", Kind: "point_count", Value: len(pts), Text: text}}}, nil
			}},
		{Name: "rule_run", Description: "Run the rules.", NoStore: true,
			InputSchema: obj(map[string]any{"facility_id": facilityProp, "equips": equipsProp, "limit": limitProp(2), "offset": offsetProp,
				"min_severity": map[string]any{"type": "string", "enum": []any{"ok", "info", "warn", "fault"}}}, "facility_id"),
			OutputSchema: outSchema,
			Handler: func(_ context.Context, c *registry.Call) (*registry.Result, error) {
				fs := fakeFindings(c.String("facility_id"), c.Strings("equips"))
				limit, offset := c.PageArgs(2)
				lo, hi := c.Page("findings", len(fs), limit, offset, "worst first")
				rows := []any{}
				text := fmt.Sprintf("rule_run found %d findings", len(fs))
				facts := []registry.Fact{{ID: "F1@rule_run", Kind: "rule_run", Value: len(fs), Text: text}}
				for i, f := range fs[lo:hi] {
					id := fmt.Sprintf("F%d@rule_run", i+2)
					row := map[string]any{"fact": id}
					for k, v := range f {
						row[k] = v
					}
					rows = append(rows, row)
					facts = append(facts, registry.Fact{ID: id, Kind: agent.KindFinding, Equip: f["equip"].(string), Value: f["severity"],
						Text: fmt.Sprintf("%q is %s in %.0f%% of hours", f["finding_id"], f["severity"], f["share"].(float64)*100),
						Data: map[string]any{"rule": f["rule"], "severity": f["severity"], "finding_id": f["finding_id"], "share": f["share"]}})
				}
				return &registry.Result{Data: map[string]any{"count": len(fs), "findings": rows}, Text: text + " [F1@rule_run].", Facts: facts}, nil
			}},
		{Name: "finding_detail", Description: "One finding.", NoStore: true,
			InputSchema:  obj(map[string]any{"facility_id": facilityProp, "finding_id": nameProp, "equips": equipsProp}, "facility_id", "finding_id"),
			OutputSchema: outSchema,
			Handler: func(_ context.Context, c *registry.Call) (*registry.Result, error) {
				for _, f := range fakeFindings(c.String("facility_id"), nil) {
					if f["finding_id"] == c.String("finding_id") {
						text := fmt.Sprintf("%q flagged %d hours", f["finding_id"], f["flagged_hours"])
						return &registry.Result{Data: map[string]any{"finding": f}, Text: text + " [F1@finding_detail].",
							Facts: []registry.Fact{{ID: "F1@finding_detail", Kind: "finding_detail", Equip: f["equip"].(string), Value: f["flagged_hours"], Text: text}}}, nil
					}
				}
				return nil, &registry.Error{Code: registry.CodeNotFound, Message: "no finding " + c.String("finding_id")}
			}},
		{Name: "sensor_trust", Description: "Sensor trust.", NoStore: true,
			InputSchema:  obj(map[string]any{"facility_id": facilityProp, "equips": equipsProp, "view": map[string]any{"type": "string", "enum": []any{"rules", "report"}}}, "facility_id"),
			OutputSchema: outSchema,
			Handler: func(_ context.Context, c *registry.Call) (*registry.Result, error) {
				text := fmt.Sprintf("%d points are trusted", len(fakePoints(c.String("facility_id"))))
				return &registry.Result{Data: map[string]any{"points": []any{}}, Text: text + " [F1@sensor_trust].",
					Facts: []registry.Fact{{ID: "F1@sensor_trust", Kind: "trust", Value: 1, Text: text}}}, nil
			}},
		{Name: "check_citations", Description: "Check a draft.", NoStore: true,
			InputSchema: obj(map[string]any{"text": map[string]any{"type": "string"}, "facts": map[string]any{"type": "array"},
				"detail": map[string]any{"type": "boolean"}, "per_sentence": map[string]any{"type": "boolean"},
				"limit": limitProp(50), "offset": offsetProp}, "text", "facts"),
			OutputSchema: outSchema,
			Handler: func(_ context.Context, c *registry.Call) (*registry.Result, error) {
				raw, _ := c.Args["facts"].([]any)
				facts, err := agent.FactsFromArgs(raw)
				if err != nil {
					return nil, &registry.Error{Code: registry.CodeInvalidParams, Message: err.Error()}
				}
				r := agent.CheckCitations(c.String("text"), facts, true)
				var sentences []any
				for _, s := range r.Sentences {
					sentences = append(sentences, map[string]any{"index": s.Index, "text": s.Text, "verdict": string(s.Verdict), "reason": s.Reason})
				}
				text := fmt.Sprintf("The draft has %d sentences: %d supported", len(r.Sentences), r.Counts.Supported)
				return &registry.Result{Data: map[string]any{"sentences": sentences, "unknown_ids": r.Unknown, "grounded": r.Grounded},
					Text: text + " [F1@check_citations].", Facts: []registry.Fact{{ID: "F1@check_citations", Kind: "citation_check", Text: text}}}, nil
			}},
	}
}
