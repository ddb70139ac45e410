package registry

import (
	"encoding/json"
	"math"
	"testing"
)

// sizeCases are decoded JSON values whose encodings are easy to get wrong.
var sizeCases = []any{
	nil, true, false, "", "plain", "quote \" back \\ slash", "\b\f\n\r\t\x00\x1f\x7f",
	"<a href=\"x\">&amp;</a>", "é ü 漢字 🙂", "bad \xff utf8 \xe2\x82", "line\u2028para\u2029",
	0.0, math.Copysign(0, -1), 1.0, -1.5, 0.1, 1e-6, 9.99e-7, 1e-7, 1.5e-9, 1e20, 1e21, -1e21, 1.2345678901234567e300,
	5e-324, math.MaxFloat64, 123456789.125,
	map[string]any{}, map[string]any(nil), []any{}, []any(nil),
	map[string]any{"a": 1.0, "<k>": []any{"x", nil, map[string]any{"n": -0.25}}, "": false},
	[]any{[]any{}, map[string]any{"z": "\u00e9"}, 3e-10},
}

func TestJSONSize(t *testing.T) {
	for _, v := range sizeCases {
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := jsonSize(v)
		if !ok || got != len(want) {
			t.Errorf("jsonSize(%#v) = %d, %v; json.Marshal gives %d bytes: %s", v, got, ok, len(want), want)
		}
	}
	for _, v := range []any{math.NaN(), math.Inf(1), 3, int64(4), struct{}{}, map[string]int{"a": 1}, []string{"a"},
		map[string]any{"a": math.Inf(-1)}, []any{1}} {
		if _, ok := jsonSize(v); ok {
			t.Errorf("jsonSize(%#v) claims a size for a value that is not decoded JSON", v)
		}
	}
}

func TestResultSize(t *testing.T) {
	results := []*Result{
		{},
		{Data: map[string]any{"count": 2.0}, Text: "Two points [F1@points-1a2b3c].", Facts: []Fact{}, Banners: []string{}},
		{Data: map[string]any{"rows": []any{map[string]any{"equip": "AHU-1 <west>"}}}, Text: "x", Truncated: true,
			Facts: []Fact{
				{ID: "F1@points-1a2b3c", Kind: "count", Value: 2.0, Text: "2 points", Equip: "AHU-1", Data: map[string]any{"n": 2.0}},
				{ID: "F2@points-1a2b3c", Kind: "note", Text: "no value, no equip", Data: map[string]any{}},
				{ID: "F3@points-1a2b3c", Kind: "list", Value: []any{"a", false}, Text: "\u2028"},
			},
			Banners: []string{"a banner", "\"quoted\" & <tagged>"}},
	}
	for _, r := range results {
		want, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := resultSize(r); !ok || got != len(want) {
			t.Errorf("resultSize = %d, %v; json.Marshal gives %d bytes: %s", got, ok, len(want), want)
		}
	}
	if _, ok := resultSize(&Result{Data: map[string]any{"n": 1}}); ok {
		t.Error("resultSize claims a size for data holding an int")
	}
	if _, ok := resultSize(&Result{Data: map[string]any{}, Facts: []Fact{{Value: struct{}{}}}}); ok {
		t.Error("resultSize claims a size for a fact value that is a struct")
	}
}

// FuzzJSONSize: for any JSON text, the decoded value's size is the length of
// its re-encoding.
func FuzzJSONSize(f *testing.F) {
	for _, v := range sizeCases {
		b, _ := json.Marshal(v)
		f.Add(string(b))
	}
	f.Add(`{"a":[1,2.5e-8,"\u2028<>&\ud800"],"b":{"c":null}}`)
	f.Fuzz(func(t *testing.T, text string) {
		var v any
		if json.Unmarshal([]byte(text), &v) != nil {
			return
		}
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := jsonSize(v); !ok || got != len(want) {
			t.Fatalf("jsonSize = %d, %v; json.Marshal gives %d bytes: %s", got, ok, len(want), want)
		}
		r := &Result{Data: v, Text: text, Facts: []Fact{{ID: "F1@x", Kind: text, Value: v, Text: text, Equip: text}}, Banners: []string{text}}
		if m, ok := v.(map[string]any); ok {
			r.Facts[0].Data = m
		}
		want, err = json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := resultSize(r); !ok || got != len(want) {
			t.Fatalf("resultSize = %d, %v; json.Marshal gives %d bytes", got, ok, len(want))
		}
	})
}
