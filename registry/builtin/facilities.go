package builtin

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
	"github.com/camber-tui/camber-tui/store"
)

// facilitiesPage is the default page of the facilities list (seed 000);
// textFacilities is how many the summary names (all are in data and facts).
const (
	facilitiesPage = 100
	textFacilities = 10
)

// facilities is the facilities capability: what the caller may read.
func facilities(e *env) registry.Capability {
	row := map[string]any{
		"type":                 "object",
		"additionalProperties": false,
		"required":             []any{"facility_id", "name", "lifecycle", "tz", "first_sample", "last_sample", "n_points", "n_equipment"},
		"properties": map[string]any{
			"facility_id":  typed("string", "The id other capabilities take as facility_id."),
			"name":         typed("string", "Display name (the id when none is registered)."),
			"lifecycle":    map[string]any{"type": "string", "enum": []any{"active", "provisioning", "suspended", "offboarding", "archived"}, "description": "Registry lifecycle state."},
			"tz":           nullable("string", "IANA time zone of the naive local timestamps, when registered."),
			"first_sample": nullable("string", "First stored sample, naive local time (null when none or unreadable)."),
			"last_sample":  nullable("string", "Last stored sample, naive local time (null when none or unreadable)."),
			"n_points":     map[string]any{"type": []any{"integer", "null"}, "minimum": 0, "description": "Stored points (null when unreadable)."},
			"n_equipment":  map[string]any{"type": []any{"integer", "null"}, "minimum": 0, "description": "Equipment with a stored point (null when unreadable)."},
			"unavailable": map[string]any{
				"type": "object", "additionalProperties": false, "required": []any{"retryable"},
				"description": "Present when the facility's stored data could not be read.",
				"properties":  map[string]any{"retryable": typed("boolean", "True when a retry may help (a concurrent write).")},
			},
		},
	}
	return registry.Capability{
		Name:  "facilities",
		Title: "Facilities you may read",
		Description: "List the facilities this caller may read: id, name, lifecycle state, time zone, first and last " +
			"stored sample, and point and equipment counts. Facilities holding research-only data, or whose licence " +
			"cannot be verified, are left out and counted (withheld_research_only, withheld_unverified). A facility " +
			"whose files cannot be read is still listed, marked unavailable. Call it first to pick a facility_id. " +
			"Cheap: reads the point catalog and file statistics, no trend values.",
		Cost: registry.CostCheap,
		InputSchema: map[string]any{
			"type":                 "object",
			"additionalProperties": false,
			"properties":           map[string]any{"limit": limitSchema(facilitiesPage), "offset": offsetSchema()},
		},
		OutputSchema: map[string]any{
			"type":                 "object",
			"additionalProperties": false,
			"required":             []any{"count", "withheld_research_only", "withheld_unverified", "facilities"},
			"properties": map[string]any{
				"count":                  map[string]any{"type": "integer", "minimum": 0, "description": "Facilities listed in all (not only this page)."},
				"withheld_research_only": map[string]any{"type": "integer", "minimum": 0, "description": "Allowed facilities left out: research-only data."},
				"withheld_unverified":    map[string]any{"type": "integer", "minimum": 0, "description": "Allowed facilities left out: licence or lifecycle unverifiable."},
				"facilities":             map[string]any{"type": "array", "items": row, "description": "This page of the facilities, by id."},
			},
		},
		Handler: e.facilitiesHandler,
	}
}

// facilityRow is one row of the facilities list.
type facilityRow struct {
	ID          string       `json:"facility_id"`
	Name        string       `json:"name"`
	Lifecycle   string       `json:"lifecycle"`
	TZ          *string      `json:"tz"`
	First       *string      `json:"first_sample"`
	Last        *string      `json:"last_sample"`
	Points      *int         `json:"n_points"`
	Equipment   *int         `json:"n_equipment"`
	Unavailable *unavailable `json:"unavailable,omitempty"`
}

// unavailable marks a listed facility whose data could not be read.
type unavailable struct {
	Retryable bool `json:"retryable"`
}

// facilitiesHandler serves the facilities capability.
func (e *env) facilitiesHandler(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	r, err := e.reader(c)
	if err != nil {
		return nil, err
	}
	entries, _, _ := r.Registry() // a damaged registry withholds every facility: Facilities() is empty then
	ids := c.Facilities()
	limit, offset := c.PageArgs(facilitiesPage)
	lo, hi := c.Page("facilities", len(ids), limit, offset, "")
	rows := make([]facilityRow, 0, hi-lo)
	for _, id := range ids[lo:hi] {
		row, err := e.facilityRow(ctx, r, id, entries[id])
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	w := c.Withheld()
	res := &registry.Result{
		Data: map[string]any{
			"count": len(ids), "withheld_research_only": w.ResearchOnly, "withheld_unverified": w.Unverified,
			"facilities": rows,
		},
	}
	countText := fmt.Sprintf("%d facilit%s served to this caller", len(ids), plural(len(ids), "y is", "ies are"))
	res.Facts = append(res.Facts, registry.Fact{ID: "F1@facilities", Kind: "facility_count", Value: len(ids), Text: countText})
	sentences := []string{countText + " [F1@facilities]"}
	for i, row := range rows {
		id := fmt.Sprintf("F%d@facilities", i+2)
		stated := describeFacility(row)
		res.Facts = append(res.Facts, registry.Fact{ID: id, Kind: "facility", Value: row.Points, Text: stated,
			Data: map[string]any{"facility_id": row.ID, "lifecycle": row.Lifecycle, "n_points": row.Points,
				"n_equipment": row.Equipment, "first_sample": row.First, "last_sample": row.Last}})
		if i < textFacilities {
			sentences = append(sentences, stated+" ["+id+"]")
		}
	}
	if len(rows) > textFacilities {
		sentences = append(sentences, fmt.Sprintf("%d more are listed in the data", len(rows)-textFacilities))
	}
	n := len(rows) + 2
	for _, wh := range []struct {
		count int
		kind  string
		text  string
	}{
		{w.ResearchOnly, "withheld_research_only", fmt.Sprintf("%d allowed facilit%s research-only data and %s withheld: this server never serves it",
			w.ResearchOnly, plural(w.ResearchOnly, "y holds", "ies hold"), plural(w.ResearchOnly, "is", "are"))},
		{w.Unverified, "withheld_unverified", fmt.Sprintf("%d allowed facilit%s a licence or lifecycle that cannot be verified and %s withheld",
			w.Unverified, plural(w.Unverified, "y has", "ies have"), plural(w.Unverified, "is", "are"))},
	} {
		if wh.count == 0 {
			continue
		}
		id := fmt.Sprintf("F%d@facilities", n)
		n++
		res.Facts = append(res.Facts, registry.Fact{ID: id, Kind: wh.kind, Value: wh.count, Text: wh.text})
		sentences = append(sentences, wh.text+" ["+id+"]")
		res.Banners = append(res.Banners, wh.text+".")
	}
	res.Text = strings.Join(sentences, ". ") + "."
	return res, nil
}

// facilityRow reads one facility's registry entry, span and points; a
// facility whose files cannot be read is listed as unavailable.
func (e *env) facilityRow(ctx context.Context, r reader, id string, entry store.Entry) (facilityRow, error) {
	row := facilityRow{ID: id, Name: entry.Name, Lifecycle: string(entry.Lifecycle)}
	if row.Name == "" {
		row.Name = id
	}
	if row.Lifecycle == "" {
		row.Lifecycle = string(store.LifecycleActive)
	}
	if entry.TZ != "" {
		row.TZ = &entry.TZ
	}
	sp, err := e.spans.facilitySpan(ctx, r, id)
	var pts []store.Point
	if err == nil {
		pts, err = e.points.get(ctx, r, id)
	}
	switch {
	case errors.Is(err, store.ErrNotFound): // registered, no data yet
		zero := 0
		row.Points, row.Equipment = &zero, &zero
		return row, nil
	case err != nil:
		f, ok := classify(err)
		if !ok {
			return row, err
		}
		row.Unavailable = &unavailable{Retryable: f.Retryable}
		return row, nil
	}
	equips := map[string]bool{}
	for _, p := range pts {
		equips[p.Equip] = true
	}
	np, ne := len(pts), len(equips)
	row.Points, row.Equipment = &np, &ne
	if sp.ok {
		first, last := localTime(sp.first), localTime(sp.last)
		row.First, row.Last = &first, &last
	}
	return row, nil
}

// describeFacility states one row as its fact and the summary say it.
func describeFacility(row facilityRow) string {
	var b strings.Builder
	b.WriteString(row.ID)
	if row.Name != row.ID {
		b.WriteString(" (" + sanitize.Name(row.Name) + ")")
	}
	b.WriteString(" is " + row.Lifecycle)
	switch {
	case row.Unavailable != nil && row.Unavailable.Retryable:
		b.WriteString(" but its stored data is being rewritten (retry shortly)")
	case row.Unavailable != nil:
		b.WriteString(" but its stored data could not be read (damaged or unreadable files)")
	default:
		fmt.Fprintf(&b, " with %d points on %d equipment", *row.Points, *row.Equipment)
		if row.First != nil {
			fmt.Fprintf(&b, ", stored %s to %s", *row.First, *row.Last)
		}
	}
	if row.TZ != nil {
		b.WriteString(", time zone " + sanitize.Name(*row.TZ))
	}
	return b.String()
}

// plural picks the singular or plural ending for n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// itoa formats an int.
func itoa(n int) string { return fmt.Sprint(n) }
