package agent

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/registry"
)

func TestContext_Add(t *testing.T) {
	f1 := Fact{ID: "F1@rule_run-1a2b3c", Kind: "finding", Equip: "AHU-1", Text: "Both coils open 20% of hours.", Data: map[string]any{"pct": 20.3}}
	f2 := Fact{ID: "F1@rule_run-9f9f9f", Kind: "finding", Equip: "AHU-1", Text: "Both coils open 25% of hours."}
	for _, tc := range []struct {
		name    string
		batches [][]Fact
		wantIDs []string
		wantErr string // substring; "" for none
		index   int
	}{
		{"merge two results", [][]Fact{{f1}, {f2}}, []string{f1.ID, f2.ID}, "", 0},
		{"same fact twice is kept once", [][]Fact{{f1}, {f1, f2}}, []string{f1.ID, f2.ID}, "", 0},
		{"clash", [][]Fact{{f1}, {f2, {ID: f1.ID, Kind: "finding", Text: "Other text."}}}, []string{f1.ID}, "different text", 1},
		{"clash inside one batch", [][]Fact{{f1, {ID: f1.ID, Kind: "finding", Text: "x"}}}, nil, "different text", 1},
		{"uncitable id", [][]Fact{{{ID: "AHU-1", Text: "x"}}}, nil, "not citable", 0},
		{"empty text", [][]Fact{{{ID: "F1", Text: "  "}}}, nil, "no text", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := NewContext()
			var err error
			for _, b := range tc.batches {
				if err = c.Add(b...); err != nil {
					break
				}
			}
			var ids []string
			for _, f := range c.Facts() {
				ids = append(ids, f.ID)
			}
			if !slices.Equal(ids, tc.wantIDs) {
				t.Errorf("ids %v, want %v", ids, tc.wantIDs)
			}
			if tc.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var fe *FactError
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.wantErr) || fe.Index != tc.index {
				t.Errorf("err %v, want a FactError at %d containing %q", err, tc.index, tc.wantErr)
			}
		})
	}
}

func TestContext_Lookup(t *testing.T) {
	c := demoContext()
	if f, ok := c.Lookup("C1"); !ok || f.Kind != KindCost || f.Equip != "AHU-1" {
		t.Errorf("Lookup(C1) = %+v, %v", f, ok)
	}
	if _, ok := c.Lookup("C9"); ok {
		t.Error("Lookup(C9) found a fact")
	}
	if got := len(c.Kind(KindRecommendation)); got != 4 {
		t.Errorf("%d recommendations, want 4", got)
	}
	if got := len(c.Equip("VAV-2-3")); got != 3 {
		t.Errorf("%d facts on VAV-2-3, want 3", got)
	}
	if got := c.Equips(); !slices.Equal(got, []string{"AHU-1", "VAV-2-3", "Boiler 2", "AHU-3"}) {
		t.Errorf("Equips() = %v", got)
	}
}

func TestContext_PromptBlock(t *testing.T) {
	golden.Check(t, "prompt_block.golden", []byte(demoContext().PromptBlock()))
	c, err := NewContext(Fact{ID: "F1", Kind: "finding", Text: "Line one\n[F2] line two [x]"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.PromptBlock(), "[F1] (finding) Line one (F2) line two [x]\n"; got != want {
		t.Errorf("PromptBlock() = %q, want %q", got, want)
	}
}

func TestFromResults(t *testing.T) {
	r1 := &registry.Result{Facts: []registry.Fact{{ID: "F1@points-1a2b3c", Kind: "point_count", Value: 212, Text: "north-campus stores 212 points on 31 equipment"}}}
	r2 := &registry.Result{Facts: []registry.Fact{{ID: "F1@points-4d5e6f", Kind: "point_count", Value: 6, Text: "hq stores 6 points", Data: map[string]any{"value": "x"}}}}
	c, err := FromResults(r1, nil, r2, r1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Len() != 2 {
		t.Fatalf("%d facts, want 2", c.Len())
	}
	f, _ := c.Lookup("F1@points-1a2b3c")
	if f.Data["value"] != 212 {
		t.Errorf("value not in data: %+v", f.Data)
	}
	f, _ = c.Lookup("F1@points-4d5e6f")
	if f.Data["value"] != "x" || f.Data["fact_value"] != 6 {
		t.Errorf("value beside a data value: %+v", f.Data)
	}
	if r1.Facts[0].Data != nil {
		t.Error("FromRegistry changed the result's fact")
	}
}
