package agent

import (
	"slices"
	"testing"
)

func TestRouteQuestion(t *testing.T) {
	c := demoContext()
	fleet := NewBuilder()
	fleet.Fleet([]Building{
		{ID: "north-campus", Score: fptr(62), Grade: "D", EUI: fptr(85.2), Faults: 4, Warnings: 7},
		{ID: "hq", Name: "Head Office", Score: fptr(91), Grade: "A", Faults: 0, Warnings: 1},
	})
	fleet.Findings(demoFindings()[:1])
	fc := fleet.Context()
	for _, tc := range []struct {
		name, q string
		c       *Context
		topic   string
		ids     []string
	}{
		{"fix for named equipment", "what should I do about AHU-1?", c, "fix", []string{"R1", "R2"}},
		{"do about", "What can we do about VAV-2-3", c, "fix", []string{"R3"}},
		{"cost for everything", "what will this cost?", c, "cost", []string{"C1", "C2"}},
		{"dollar sign", "how many $ on AHU-1", c, "cost", []string{"C1"}},
		{"plural cost word", "any savings?", c, "cost", []string{"C1", "C2"}},
		{"cause", "why is AHU-1 so bad?", c, "cause", []string{"G1"}},
		{"cause without a group falls back to findings", "what is the reason on VAV-2-3?", c, "cause", []string{"F3"}},
		{"named equipment: all its facts", "how is Boiler 2?", c, "", []string{"F4", "R4"}},
		{"case-insensitive name", "how is boiler 2?", c, "", []string{"F4", "R4"}},
		{"a name is whole: AHU-10 is not AHU-1, and no fact is on AHU-10", "anything about AHU-10?", c, "", nil},
		{"the cost of equipment the context does not hold", "what is the cost of ahu_9?", c, "cost", nil},
		{"dollar sign on equipment the context does not hold", "how many $ on AHU-9", c, "cost", nil},
		{"a fix for equipment the context does not hold", "what should I do about RTU-4 and CH-2?", c, "fix", nil},
		{"standards and sections are not equipment", "does G36 or §5.6.5 or FC#5 or Ch.5 apply?", c, "", []string{"F1", "F2", "F3", "F4"}},
		{"a hyphenated word is not equipment", "any follow-up on the set-point?", c, "", []string{"F1", "F2", "F3", "F4"}},
		{"don't is not do", "what don't I know?", c, "", []string{"F1", "F2", "F3", "F4"}},
		{"auxiliary do is not a fix", "what do the findings say?", c, "", []string{"F1", "F2", "F3", "F4"}},
		{"window is not do", "the window of the run", c, "", []string{"F1", "F2", "F3", "F4"}},
		{"no cost for AHU-3", "what is the cost of AHU-3?", c, "cost", nil},
		{"fleet word", "which building is worst?", fc, "fleet", []string{"L1", "L2", "L3"}},
		{"fleet facts when nothing is named", "how are we doing?", fc, "fleet", []string{"L1", "L2", "L3"}},
		{"named building", "how is hq?", fc, "", []string{"L3"}},
		{"cost with fleet facts falls back to fleet only when no cost fact", "what does it cost?", fc, "cost", []string{"C1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := routeQuestion(tc.q, tc.c)
			var ids []string
			for _, f := range r.facts {
				ids = append(ids, f.ID)
			}
			if r.topic != tc.topic || !slices.Equal(ids, tc.ids) {
				t.Errorf("route(%q) = %s %v, want %s %v", tc.q, r.topic, ids, tc.topic, tc.ids)
			}
		})
	}
}

func TestDontKnow(t *testing.T) {
	for _, tc := range []struct {
		r    route
		want string
	}{
		{route{topic: "cost", equips: []string{"AHU-3"}}, "I don't know — no matching fact for the cost of AHU-3 is in the current context."},
		{route{topic: "fix"}, "I don't know — no matching fact for a recommended fix is in the current context."},
		{route{topic: "fix", equips: []string{"AHU-3"}}, "I don't know — no matching fact for fixing AHU-3 is in the current context."},
		{route{equips: []string{"AHU-3", "Boiler 2"}}, "I don't know — no matching fact for AHU-3, Boiler 2 is in the current context."},
		{route{}, "I don't know — no matching fact is in the current context."},
		{route{topic: "cost", unknownEquip: true}, "I don't know — no matching fact for the cost of that equipment is in the current context."},
		{route{unknownEquip: true}, "I don't know — no matching fact for that equipment is in the current context."},
	} {
		if got := dontKnow(tc.r); got != tc.want {
			t.Errorf("dontKnow(%+v) = %q, want %q", tc.r, got, tc.want)
		}
	}
}

func TestWords(t *testing.T) {
	if got := words("What don't I do? AHU-1’s cost, $5"); !slices.Equal(got, []string{"what", "don't", "i", "do", "ahu", "1's", "cost", "5"}) {
		t.Errorf("words = %q", got)
	}
}
