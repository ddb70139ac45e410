package tuitest

import (
	"context"
	"fmt"
	"strings"

	"github.com/camber-tui/camber-tui/registry"
)

// Schema pieces shaped like the built-ins'.
var (
	anyObject = map[string]any{"type": "object"}
	facilityP = map[string]any{"type": "string", "minLength": 1, "maxLength": 200, "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$",
		"description": "The facility to read, as the facilities capability lists it (e.g. north-campus)."}
	windowP = map[string]any{"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2})?)?$",
		"description": "An instant, naive local time; a date alone covers that day."}
	stringsP = map[string]any{"type": "array", "minItems": 1, "maxItems": 1000,
		"items": map[string]any{"type": "string", "minLength": 1, "maxLength": 200}}
)

func limitP(def int) map[string]any {
	return map[string]any{"type": "integer", "minimum": 1, "maximum": 1000, "default": def,
		"description": fmt.Sprintf("Rows per page (default %d, at most 1000).", def)}
}

var offsetP = map[string]any{"type": "integer", "minimum": 0, "default": 0, "description": "Rows to skip."}

func input(required []string, props map[string]any) map[string]any {
	s := map[string]any{"type": "object", "additionalProperties": false, "properties": props}
	if len(required) > 0 {
		r := make([]any, len(required))
		for i, x := range required {
			r[i] = x
		}
		s["required"] = r
	}
	return s
}

// capabilities lists the fake capabilities.
func capabilities() []registry.Capability {
	runProps := func(extra map[string]any) map[string]any {
		p := map[string]any{
			"facility_id": facilityP, "start": windowP, "end": windowP, "equips": stringsP, "rules": stringsP,
			"min_severity": map[string]any{"type": "string", "enum": []any{"ok", "info", "warn", "fault"}},
			"limit":        limitP(25), "offset": offsetP,
		}
		for k, v := range extra {
			p[k] = v
		}
		return p
	}
	return []registry.Capability{
		{Name: "facilities", Title: "Facilities", Cost: registry.CostCheap, NoStore: true,
			Description: "List the facilities this caller may read.",
			InputSchema: input(nil, map[string]any{"limit": limitP(100), "offset": offsetP}), OutputSchema: anyObject,
			Handler: facilities},
		{Name: "points", Title: "Points", Cost: registry.CostCheap, NoStore: true,
			Description: "List the trend points a facility stores.",
			InputSchema: input([]string{"facility_id"}, map[string]any{"facility_id": facilityP,
				"equip": map[string]any{"type": "string", "minLength": 1}, "role": map[string]any{"type": "string", "minLength": 1},
				"equip_class": map[string]any{"type": "string", "minLength": 1}, "limit": limitP(250), "offset": offsetP}),
			OutputSchema: anyObject, Handler: points},
		{Name: "rule_run", Title: "Rule run", Cost: registry.CostLong, NoStore: true,
			Description:  "Judge a facility's equipment with the fault-detection rules.",
			InputSchema:  input([]string{"facility_id"}, runProps(nil)),
			OutputSchema: anyObject, Handler: ruleRun},
		{Name: "finding_detail", Title: "Finding detail", Cost: registry.CostSameAsRun, NoStore: true,
			Description: "Explain one finding of rule_run.",
			InputSchema: input([]string{"facility_id", "finding_id"}, runProps(map[string]any{
				"finding_id": map[string]any{"type": "string", "minLength": 1, "maxLength": 400}, "limit": limitP(100)})),
			OutputSchema: anyObject, Handler: findingDetail},
		{Name: "sensor_trust", Title: "Sensor trust", Cost: registry.CostReadsTrends, NoStore: true,
			Description: "Score every point of a facility for trust.",
			InputSchema: input([]string{"facility_id"}, map[string]any{"facility_id": facilityP, "equips": stringsP, "roles": stringsP,
				"view":      map[string]any{"type": "string", "enum": []any{"rules", "report"}, "default": "rules"},
				"min_trust": map[string]any{"type": "number", "minimum": 0, "maximum": 1},
				"limit":     limitP(100), "offset": offsetP}),
			OutputSchema: anyObject, Handler: sensorTrust},
		{Name: "coverage", Title: "Coverage", Cost: registry.CostScan, NoStore: true,
			Description: "Per point coverage and gaps.",
			InputSchema: input([]string{"facility_id"}, map[string]any{"facility_id": facilityP,
				"group_by":      map[string]any{"type": "string", "enum": []any{"point", "equip"}},
				"min_gap_hours": map[string]any{"type": "number", "minimum": 0, "exclusiveMaximum": 8760},
				"limit":         limitP(50), "offset": offsetP}),
			OutputSchema: anyObject, Handler: coverage},
		{Name: "dataset_search", Title: "Dataset search", Cost: registry.CostCheap, NoStore: true,
			Description: "Search the public dataset catalog.",
			InputSchema: input(nil, map[string]any{"query": map[string]any{"type": "string", "maxLength": 200},
				"labeled": map[string]any{"type": "boolean"}}),
			OutputSchema: anyObject, Handler: datasetSearch},
		{Name: "rcx_report", Title: "RCx report", Cost: registry.CostLong, NoStore: true,
			Description: "The RCx report as data: KPIs, ranked issues, sections and the fact index.",
			InputSchema: input([]string{"facility_id"}, map[string]any{"facility_id": facilityP, "equips": stringsP, "start": windowP, "end": windowP,
				"top_n": map[string]any{"type": "integer", "minimum": 1, "maximum": 1000}, "limit": limitP(20), "offset": offsetP}),
			OutputSchema: anyObject, Handler: rcxReport},
		{Name: "dataset_entry", Title: "Dataset entry", Cost: registry.CostCheap, NoStore: true,
			Description:  "One catalog entry's metadata.",
			InputSchema:  input([]string{"dataset_id"}, map[string]any{"dataset_id": map[string]any{"type": "string", "minLength": 1}}),
			OutputSchema: anyObject, Handler: datasetEntry},
	}
}

// known reports whether id is a fake facility.
func known(id string) bool { return id == "north-campus" || id == "south-annex" }

func notFound(id string) error {
	return &registry.Error{Code: registry.CodeNotFound, Message: "facility " + id + " has no stored data",
		Data: map[string]any{"facility_id": id}}
}

func facilities(_ context.Context, call *registry.Call) (*registry.Result, error) {
	all := []map[string]any{
		{"facility_id": "north-campus", "name": "North Campus", "lifecycle": "active", "tz": "America/Chicago",
			"first_sample": "2025-05-05T00:00:00", "last_sample": "2025-09-01T23:45:00", "n_points": len(pointsOf("north-campus")), "n_equipment": equipCount("north-campus")},
		{"facility_id": "south-annex", "name": "South Annex", "lifecycle": "active", "tz": "America/Chicago",
			"first_sample": "2025-05-05T00:00:00", "last_sample": "2025-09-01T23:59:00", "n_points": len(pointsOf("south-annex")), "n_equipment": equipCount("south-annex")},
	}
	var served []map[string]any
	for _, f := range all {
		for _, a := range call.Ctx.AllowedFacilities {
			if a == f["facility_id"] {
				served = append(served, f)
			}
		}
	}
	limit, offset := call.PageArgs(100)
	lo, hi := call.Page("facilities", len(served), limit, offset, "")
	res := &registry.Result{Facts: []registry.Fact{{ID: "F1@facilities", Kind: "facility_count", Value: len(served),
		Text: fmt.Sprintf("%d facilities are served to this caller", len(served))}}}
	text := []string{fmt.Sprintf("%d facilities are served to this caller [F1@facilities].", len(served))}
	rows := make([]any, 0, hi-lo)
	for i, f := range served[lo:hi] {
		id := fmt.Sprintf("F%d@facilities", i+2)
		t := fmt.Sprintf("%s (%q) is active with %d points on %d equipment", f["facility_id"], f["name"], f["n_points"], f["n_equipment"])
		res.Facts = append(res.Facts, registry.Fact{ID: id, Kind: "facility", Value: f["n_points"], Text: t})
		text = append(text, t+" ["+id+"].")
		rows = append(rows, f)
	}
	call.Notice("1 allowed facility holds research-only data and is withheld: this server never serves it.")
	res.Text = strings.Join(text, " ")
	res.Data = map[string]any{"count": len(served), "facilities": rows, "withheld_research_only": 1, "withheld_unverified": 0}
	return res, nil
}
