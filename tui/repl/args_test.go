package repl

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCallArgs(t *testing.T) {
	schema := obj(map[string]any{
		"facility_id": facilityProp,
		"limit":       limitProp(25),
		"ratio":       map[string]any{"type": "number"},
		"detail":      map[string]any{"type": "boolean"},
		"tz":          map[string]any{"type": []any{"string", "null"}},
		"n":           map[string]any{"type": []any{"integer", "null"}},
		"equips":      equipsProp,
		"hours":       map[string]any{"type": "array", "items": map[string]any{"type": "integer"}},
		"params":      map[string]any{"type": "object"},
		"free":        map[string]any{"description": "no type"},
	})
	tests := []struct {
		name string
		line string
		want map[string]any
		err  string
	}{
		{"Strings", "call x facility_id=north-campus", map[string]any{"facility_id": "north-campus"}, ""},
		{"Integer", "call x limit=5", map[string]any{"limit": json.Number("5")}, ""},
		{"WholeFloatIsInteger", "call x limit=5.0", map[string]any{"limit": json.Number("5")}, ""},
		{"ExponentInteger", "call x limit=1e3", map[string]any{"limit": json.Number("1000")}, ""},
		{"Number", "call x ratio=-0.25", map[string]any{"ratio": json.Number("-0.25")}, ""},
		{"NumberNotJSONSpelling", "call x ratio=.5", map[string]any{"ratio": json.Number("0.5")}, ""},
		{"Booleans", "call x detail=false", map[string]any{"detail": false}, ""},
		{"NullWhereAllowed", "call x tz=null n=null", map[string]any{"tz": nil, "n": nil}, ""},
		{"NullStringIsAString", `call x facility_id=null`, map[string]any{"facility_id": "null"}, ""},
		{"CommaList", "call x equips=AHU-1,AHU-2,", map[string]any{"equips": []any{"AHU-1", "AHU-2"}}, ""},
		{"CommaListSpaces", `call x equips="AHU-1, AHU 2"`, map[string]any{"equips": []any{"AHU-1", "AHU 2"}}, ""},
		{"TypedItems", "call x hours=1,2,3", map[string]any{"hours": []any{json.Number("1"), json.Number("2"), json.Number("3")}}, ""},
		{"JSONArray", `call x equips=["A,B"]`, map[string]any{"equips": []any{"A,B"}}, ""},
		{"JSONObject", `call x params={"r":{"p":1.5}}`, map[string]any{"params": map[string]any{"r": map[string]any{"p": json.Number("1.5")}}}, ""},
		{"Untyped", "call x free=7", map[string]any{"free": "7"}, ""},
		{"TrailingObject", `call x limit=2 {"facility_id":"a"}`, map[string]any{"facility_id": "a", "limit": json.Number("2")}, ""},
		{"ErrNotInteger", "call x limit=many", nil, `invalid_params: invalid arguments for x: /limit: "many" is not an integer`},
		{"ErrFraction", "call x limit=2.5", nil, `invalid_params: invalid arguments for x: /limit: "2.5" is not an integer`},
		{"ErrNotBoolean", "call x detail=yes", nil, `invalid_params: invalid arguments for x: /detail: "yes" is not true or false`},
		{"ErrNullOrInteger", "call x n=z", nil, `invalid_params: invalid arguments for x: /n: "z" is not an integer or null`},
		{"ErrObjectNeedsJSON", "call x params=a", nil, `invalid_params: invalid arguments for x: /params: "a" is not a JSON object (key={"a":1})`},
		{"ErrItem", "call x hours=1,x", nil, `invalid_params: invalid arguments for x: /hours: item 2: "x" is not an integer`},
		{"ErrUnknown", "call x nope=1", nil, "invalid_params: invalid arguments for x: /nope: unknown argument: x takes detail, equips, facility_id, free, hours, limit, n, params, ratio or tz"},
		{"ErrTwice", `call x limit=1 limit=2`, nil, "invalid_params: invalid arguments for x: /limit: is given twice"},
		{"ErrTwiceWithObject", `call x limit=1 {"limit":2}`, nil, "invalid_params: invalid arguments for x: /limit: is given twice"},
		{"ErrPositional", `call x north-campus`, nil, "usage: call x takes key=value arguments or a JSON object, not the word north-campus"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse(tt.line)
			if err != nil {
				t.Fatal(err)
			}
			got, e := callArgs("x", schema, c.Args[1:], c.Object, "call x")
			if tt.err != "" {
				if e == nil || e.Error() != tt.err {
					t.Fatalf("error = %v, want %s", e, tt.err)
				}
				return
			}
			if e != nil {
				t.Fatal(e)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Fatalf("(-want +got):\n%s", diff)
			}
		})
	}
}
