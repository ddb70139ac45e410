package builtin

import (
	"context"
	"fmt"
	"strings"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// pointsPage is the default page of the points list (seed 000).
const pointsPage = 250

// points is the points capability: a facility's stored points.
func points(e *env) registry.Capability {
	return registry.Capability{
		Name:  "points",
		Title: "Stored points of a facility",
		Description: "List the trend points a facility stores: one row per equipment and role (its equipment id, " +
			"equipment class and role slug), sorted by equipment then role, with the total count and the number of " +
			"equipment. Optionally narrow to one equip, role or equip_class; a value the facility does not store is " +
			"not_found and the error lists the stored ones. Call it first to learn the equipment ids and roles other " +
			"capabilities take. Cheap: reads the point catalog, no trend values.",
		Cost: registry.CostCheap,
		InputSchema: map[string]any{
			"type":                 "object",
			"additionalProperties": false,
			"required":             []any{"facility_id"},
			"properties": map[string]any{
				"facility_id": facilityIDSchema(),
				"equip":       nameSchema("Only this equipment id (e.g. AHU-1), exactly as stored."),
				"role":        nameSchema("Only this role slug (e.g. supply_air_temp)."),
				"equip_class": nameSchema("Only equipment of this class (e.g. AHU; case-insensitive)."),
				"limit":       limitSchema(pointsPage),
				"offset":      offsetSchema(),
			},
		},
		OutputSchema: map[string]any{
			"type":                 "object",
			"additionalProperties": false,
			"required":             []any{"facility_id", "count", "n_equipment", "points"},
			"properties": map[string]any{
				"facility_id": typed("string", "The facility."),
				"count":       map[string]any{"type": "integer", "minimum": 0, "description": "Matching points in all (not only this page)."},
				"n_equipment": map[string]any{"type": "integer", "minimum": 0, "description": "Equipment with a matching point."},
				"points": map[string]any{
					"type":        "array",
					"description": "This page of the matching points, sorted by equipment then role.",
					"items": map[string]any{
						"type":                 "object",
						"additionalProperties": false,
						"required":             []any{"equip", "equip_class", "role"},
						"properties": map[string]any{
							"equip":       typed("string", "Equipment id, as stored."),
							"equip_class": typed("string", "Equipment class, as stored (may be empty)."),
							"role":        typed("string", "Role slug."),
						},
					},
				},
			},
		},
		Handler: e.pointsHandler,
	}
}

// pointRow is one row of the points list.
type pointRow struct {
	Equip string `json:"equip"`
	Class string `json:"equip_class"`
	Role  string `json:"role"`
}

// pointsHandler serves the points capability.
func (e *env) pointsHandler(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	fac, _, all, err := e.storedPoints(ctx, c)
	if err != nil {
		return nil, err
	}
	var equips, roles, classes []string
	for _, p := range all {
		equips = append(equips, p.Equip)
		roles = append(roles, string(p.Role))
		classes = append(classes, p.Class)
	}
	var filters []string
	for _, f := range []struct {
		arg    string
		stored []string
		fold   bool
	}{{"equip", equips, false}, {"role", roles, false}, {"equip_class", classes, true}} {
		v := c.String(f.arg)
		if v == "" {
			continue
		}
		if nf := unknownValues(fac, f.arg, []string{v}, f.stored, f.fold); nf != nil {
			return nil, nf
		}
		filters = append(filters, f.arg+" "+sanitize.Name(v))
	}
	equip, role, class := c.String("equip"), c.String("role"), c.String("equip_class")
	var sel []pointRow
	seen := map[string]bool{}
	for _, p := range all {
		if equip != "" && p.Equip != equip || role != "" && string(p.Role) != role ||
			class != "" && !strings.EqualFold(p.Class, class) {
			continue
		}
		sel = append(sel, pointRow{Equip: p.Equip, Class: p.Class, Role: string(p.Role)})
		seen[p.Equip] = true
	}
	limit, offset := c.PageArgs(pointsPage)
	lo, hi := c.Page("points", len(sel), limit, offset, "by equipment, then role")
	page := sel[lo:hi]
	if page == nil {
		page = []pointRow{}
	}
	matching, scope := "", ""
	if len(filters) > 0 {
		matching = "matching "
		scope = " (" + strings.Join(filters, ", ") + ")"
	}
	stated := fmt.Sprintf("%s stores %d %spoint%s%s on %d equipment", fac, len(sel), matching, plural(len(sel), "", "s"), scope, len(seen))
	return &registry.Result{
		Data: map[string]any{"facility_id": fac, "count": len(sel), "n_equipment": len(seen), "points": page},
		Text: stated + " [F1@points].",
		Facts: []registry.Fact{{
			ID: "F1@points", Kind: "point_count", Value: len(sel), Text: stated,
			Data: map[string]any{"facility_id": fac, "n_points": len(sel), "n_equipment": len(seen)},
		}},
	}, nil
}
