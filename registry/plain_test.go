package registry

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
	"time"
)

type plainRow struct {
	Equip   string         `json:"equip"`
	Share   *float64       `json:"share"`
	Count   int            `json:"count,omitempty"`
	Notes   []string       `json:"notes,omitempty"`
	Skip    string         `json:"-"`
	Dash    string         `json:"-,"`
	NoTag   bool           ``
	BadTag  int            `json:"a\\b"`
	Meta    map[string]any `json:"meta"`
	private int
	Any     any      `json:"any"`
	Arr     [2]int   `json:"arr"`
	Ptr     *plainIn `json:"ptr,omitempty"`
	U8      uint8    `json:"u8"`
}

type plainIn struct {
	Big int64 `json:"big"`
}

type withTime struct {
	At time.Time `json:"at"`
}

type embedded struct {
	plainIn
	Name string `json:"name"`
}

type stringOpt struct {
	N int `json:"n,string"`
}

type textKey string

func (k textKey) MarshalText() ([]byte, error) { return []byte("k:" + string(k)), nil }

type ptrMarshal struct{ V int }

func (p *ptrMarshal) MarshalJSON() ([]byte, error) { return []byte(`"custom"`), nil }

// TestPlainJSON: the direct conversion equals the JSON round trip, and
// the shapes it does not reproduce take the round trip.
func TestPlainJSON(t *testing.T) {
	share := 0.25
	direct := []any{
		nil, true, 3, int8(-3), uint64(1<<63 + 1), int64(1<<53 + 1), 2.5, math.Copysign(0, -1), "<é>",
		[]any{1, "a", nil}, []int(nil), []string{}, map[string]int{"a": 1}, map[string]any(nil),
		plainRow{Equip: "AHU-1", Share: &share, Notes: []string{"x"}, Skip: "no", Dash: "yes", NoTag: true, BadTag: 4,
			Meta: map[string]any{"n": 1, "l": []float64{1.5}}, private: 9, Any: &plainIn{Big: 1 << 60}, Arr: [2]int{1, 2}, U8: 7},
		plainRow{},
		&plainRow{Ptr: &plainIn{}},
		[]plainRow{{Equip: "a"}, {Equip: "b", Count: 2}},
		map[string]plainIn{"x": {Big: -1}},
		struct{}{},
	}
	for _, v := range direct {
		got, ok := (&plainer{}).of(reflect.ValueOf(v), 0)
		if !ok {
			t.Errorf("plainer.of(%#v) took the round trip", v)
			continue
		}
		if want := jsonRoundTrip(v); !reflect.DeepEqual(got, want) {
			t.Errorf("plainer.of(%#v) =\n%#v\nwant %#v", v, got, want)
		}
	}
	roundTrip := []any{
		float32(0.1), math.NaN(), math.Inf(-1), "bad \xff", []byte("abc"), json.Number("1.50"), json.RawMessage(`{"a":1}`),
		withTime{At: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)}, embedded{plainIn{Big: 1}, "n"}, stringOpt{N: 5},
		map[textKey]int{"a": 1}, map[int]string{1: "a"}, map[string]any{"bad \xff": 1}, ptrMarshal{V: 1}, &ptrMarshal{V: 1},
		map[string]any{"f": func() {}}, make(chan int), [3]uint8{1, 2, 3},
		struct{ time.Time }{time.Unix(0, 0)}, []ptrMarshal{{V: 1}}, map[string]any{"in": []any{json.Number("2")}},
	}
	for _, v := range roundTrip {
		if _, ok := (&plainer{}).of(reflect.ValueOf(v), 0); ok {
			t.Errorf("plainer.of(%#v) converted a shape it does not reproduce", v)
		}
		if got, want := PlainJSON(v), jsonRoundTrip(v); !reflect.DeepEqual(got, want) && !(isNaN(got) && isNaN(want)) {
			t.Errorf("PlainJSON(%#v) = %#v, want %#v", v, got, want)
		}
	}
}

func isNaN(v any) bool { f, ok := v.(float64); return ok && math.IsNaN(f) }

// TestPlainJSON_Cycle: a cycle takes the round trip, which refuses it.
func TestPlainJSON_Cycle(t *testing.T) {
	type node struct {
		Next *node `json:"next"`
	}
	n := &node{}
	n.Next = n
	if got := PlainJSON(n); got != nil {
		t.Errorf("PlainJSON of a cycle = %v, want nil", got)
	}
}
