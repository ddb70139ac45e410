package verify

import (
	"slices"
	"strings"
	"testing"
)

// seedFacts are the facts of seed 003's example block.
func seedFacts() []Fact {
	return []Fact{
		{ID: "F1", Equip: "AHU-1", Text: "Both coils open 20% of hours.", Data: map[string]any{"rule": "simultaneous_heat_cool", "metrics": map[string]any{"pct_both_open": 20.3, "share": 0.455}}},
		{ID: "C1", Equip: "AHU-1", Text: "Estimated annual cost ≈ $2,897 (8,802 kWh, 1,314 therms; reheat-gas+paired-cooling).", Data: map[string]any{"annual_usd": 2897.3, "kwh": 8802.0, "therms": 1314.0}},
		{ID: "R1", Equip: "AHU-1", Text: "Lock out simultaneous heating and cooling. Basis: PNNL Re-tuning Ch.5."},
		{ID: "F2@rule_run-1a2b3c", Equip: "Boiler 2", Text: `Boiler "Boiler 2" fired 14 times a day.`, Data: map[string]any{"starts_per_day": 14.2, "delta_f": -5.0, "first": "2025-07-01T08:00:00"}},
		{ID: "H1", Equip: "AHU-1", Text: "supply_air_temp: 8,760 samples.", Data: map[string]any{"mean": 45.5, "count": 8760}},
	}
}

func TestCheck_Verdicts(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		opt        Options
		want       []Verdict
		verified   string
	}{
		{"template style grounded", "[F1] Both coils open 20% of hours. [C1] Estimated annual cost ≈ $2,897.",
			Options{}, []Verdict{Supported, Supported}, ""},
		{"cite inside sentence", "Both coils were open 20% of hours [F1]. That costs about $2,897 a year [C1].",
			Options{}, []Verdict{Supported, Supported}, ""},
		{"uncited number", "Both coils open 20% of hours [F1]. The fix saves $2,897 a year.",
			Options{}, []Verdict{Supported, Uncited}, "Both coils open 20% of hours [F1]."},
		{"sentence without figures needs no citation", "Lock out simultaneous heating and cooling. It is simple.",
			Options{}, []Verdict{Supported, Supported}, ""},
		{"unsupported number", "It costs $9,999 a year [C1]. Lock it out [R1].",
			Options{}, []Verdict{UnsupportedNumber, Supported}, "Lock it out [R1]."},
		{"unknown id kept and stripped", "Lock out heating and cooling [R1][X9]. Open 20% [F1, X9].",
			Options{}, []Verdict{UnknownCitation, UnknownCitation}, "Lock out heating and cooling [R1]. Open 20% [F1]."},
		{"only unknown ids with a figure", "Both coils open 20% of hours [F9].",
			Options{}, []Verdict{UnsupportedNumber}, ""},
		{"unknown id without figure", "See the plan [Z1]. Next [R1].",
			Options{}, []Verdict{UnknownCitation, Supported}, "See the plan. Next [R1]."},
		{"unknown id between words", "See [Z1] the plan [R1].",
			Options{}, []Verdict{UnknownCitation}, "See the plan [R1]."},
		{"per sentence: figure of another sentence's fact", "Both coils open 20% [F1] and cost money [C1]. Both coils open 20% of $2,897 [F1].",
			Options{}, []Verdict{Supported, UnsupportedNumber}, "Both coils open 20% [F1] and cost money [C1]."},
		{"pooled: figure of another sentence's fact", "Both coils open 20% [F1] and cost money [C1]. Both coils open 20% of $2,897 [F1]. It is $2,897.",
			Options{Pooled: true}, []Verdict{Supported, Supported, Supported}, ""},
		{"pooled: a dropped sentence's fact grounds nothing", "It costs $9,999 [C1]. That is $2,897 a year.",
			Options{Pooled: true}, []Verdict{UnsupportedNumber, Uncited}, ""},
		{"references are not claims", "Per G36 §5.6.5 and PNNL Ch.5, FC#5 and ASHRAE 62.1 apply.",
			Options{}, []Verdict{Supported}, ""},
		{"equipment names are not claims", "AHU-1, VAV-2-3 and CH-1 need work. Boiler 2 too.",
			Options{}, []Verdict{Supported, Supported}, ""},
		{"quoted known name", `"Boiler 2" fired 14 times a day [F2@rule_run-1a2b3c].`,
			Options{}, []Verdict{Supported}, ""},
		{"quoted unknown span is read", `It fired "14 or 99" times [F2@rule_run-1a2b3c].`,
			Options{}, []Verdict{UnsupportedNumber}, ""},
		{"opaque quotes", `It fired "14 or 99" times [F2@rule_run-1a2b3c].`,
			Options{Quotes: QuotesOpaque}, []Verdict{Supported}, ""},
		{"date and time", "It first fired on 2025-07-01 at 08:00 [F2@rule_run-1a2b3c].",
			Options{}, []Verdict{Supported}, ""},
		{"wrong date", "It first fired on 2025-07-02 [F2@rule_run-1a2b3c].",
			Options{}, []Verdict{UnsupportedNumber}, ""},
		{"negative", "Supply ran −5.0 °F low [F2@rule_run-1a2b3c]. That is 5 °F below [F2@rule_run-1a2b3c].",
			Options{}, []Verdict{Supported, Supported}, ""},
		{"sign matters", "Both coils open -20% of hours [F1].",
			Options{}, []Verdict{UnsupportedNumber}, ""},
		{"paragraphs survive repair", "Open 20% [F1].\n\nSaves $1 [C1].\n\nLock out [R1].",
			Options{}, []Verdict{Supported, UnsupportedNumber, Supported}, "Open 20% [F1].\n\nLock out [R1]."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Check(tc.text, seedFacts(), tc.opt)
			var got []Verdict
			for _, s := range r.Sentences {
				got = append(got, s.Verdict)
			}
			if !slices.Equal(got, tc.want) {
				for _, s := range r.Sentences {
					t.Logf("%s %q %s", s.Verdict, s.Text, s.Reason)
				}
				t.Fatalf("verdicts %v, want %v", got, tc.want)
			}
			want := tc.verified
			if want == "" && !slices.ContainsFunc(r.Sentences, func(s Sentence) bool { return s.Verdict != Supported }) {
				want = tc.text
			}
			if r.Verified != want {
				t.Errorf("verified %q, want %q", r.Verified, want)
			}
			wantGrounded := !slices.ContainsFunc(got, func(v Verdict) bool { return v != Supported })
			if r.Grounded != wantGrounded {
				t.Errorf("grounded %v, want %v", r.Grounded, wantGrounded)
			}
			assertClean(t, r.Verified, seedFacts(), tc.opt)
			assertOffsets(t, tc.text, r)
		})
	}
}

// assertClean fails unless text checks as fully supported.
func assertClean(t *testing.T, text string, facts []Fact, opt Options) {
	t.Helper()
	r := Check(text, facts, opt)
	if !r.Grounded || r.Verified != text {
		for _, s := range r.Sentences {
			t.Logf("%s %q %s", s.Verdict, s.Text, s.Reason)
		}
		t.Fatalf("verified text %q does not check clean", text)
	}
}

// assertOffsets fails unless every offset of r lies inside text and names
// what the report says it does.
func assertOffsets(t *testing.T, text string, r Report) {
	t.Helper()
	prev := 0
	for _, s := range r.Sentences {
		if s.Start < prev || s.End > len(text) || s.Start >= s.End || text[s.Start:s.End] != s.Text {
			t.Fatalf("sentence %d offsets [%d,%d) wrong for %q", s.Index, s.Start, s.End, s.Text)
		}
		prev = s.End
		for _, c := range s.Claims {
			if c.Start < s.Start || c.End > s.End || text[c.Start:c.End] != c.Text {
				t.Fatalf("claim offsets [%d,%d) wrong for %q in %q", c.Start, c.End, c.Text, s.Text)
			}
		}
	}
}

func TestCheck_Matching(t *testing.T) {
	fact := func(data any) []Fact { return []Fact{{ID: "F1", Text: "x", Data: data}} }
	for _, tc := range []struct {
		name  string
		data  any
		claim string
		want  bool
	}{
		{"equal", 45.5, "45.5%", true},
		{"half away rounds up", 45.5, "46%", true},
		{"no floor", 45.5, "45%", false},
		{"half away, not half even", 44.5, "45%", true},
		{"more precision than fact", 45.5, "45.50%", true},
		{"wrong more precision", 45.5, "45.51%", false},
		{"one decimal", 45.54, "45.5%", true},
		{"float noise", 0.1 + 0.2, "0.3", true},
		{"percent of fraction", 0.234, "23.4%", true},
		{"percent of fraction rounded", 0.234, "23%", true},
		{"fraction without percent", 0.234, "23.4", false},
		{"one is 100%", 1.0, "100%", true},
		{"hundreds", 2897.3, "$2,900", true},
		{"thousands need two digits", 2897.3, "$3,000", false},
		{"one significant digit is not a rounding", 95.0, "100", false},
		{"thousands comma", 2897.0, "2,897", true},
		{"string data", "HHW 45%", "45%", true},
		{"string data substring is not a match", "HHW 45.5%", "45%", false},
		{"magnitude", -5.0, "5", true},
		{"signed", -5.0, "-5", true},
		{"wrong sign", 5.0, "-5", false},
		{"negative rounding", -2.5, "-3", true},
		{"int", 8760, "8,760", true},
		{"exponent", 1000.0, "1e3", true},
		{"nested", map[string]any{"a": []any{map[string]any{"b": 12.25}}}, "12.3", true},
		{"struct data", struct{ N float64 }{7.5}, "7.5", true},
		{"map key", map[string]any{"2024": true}, "2024", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Check("It is "+tc.claim+" here [F1].", fact(tc.data), Options{})
			if got := r.Grounded; got != tc.want {
				t.Errorf("%q against %v: grounded %v, want %v (%s)", tc.claim, tc.data, got, tc.want, r.Sentences[0].Reason)
			}
		})
	}
}

func TestCheck_ReportFields(t *testing.T) {
	text := "Both coils open 20% of hours [F1]. Lock out [R1][X9]. It costs $9,999 [C1, Y2]."
	r := Check(text, seedFacts(), Options{})
	if want := (Counts{Supported: 1, UnknownCitation: 1, UnsupportedNumber: 1}); r.Counts != want {
		t.Errorf("counts %+v, want %+v", r.Counts, want)
	}
	if !slices.Equal(r.Cited, []string{"F1", "R1", "C1"}) || !slices.Equal(r.Unknown, []string{"X9", "Y2"}) {
		t.Errorf("cited %v unknown %v", r.Cited, r.Unknown)
	}
	if len(r.Removed) != 1 || r.Removed[0].Index != 2 || !r.Removed[0].Failing() {
		t.Errorf("removed %+v", r.Removed)
	}
	c := r.Sentences[0].Claims[0]
	if c.Text != "20%" || c.Value != "20" || c.CarriedBy != "F1" || c.Kind != KindNumber {
		t.Errorf("claim %+v", c)
	}
	if !strings.Contains(r.Sentences[2].Reason, `"$9,999"`) {
		t.Errorf("reason %q does not name the figure", r.Sentences[2].Reason)
	}
	v, removed, unknown := Repair(text, seedFacts(), Options{})
	if v != "Both coils open 20% of hours [F1]. Lock out [R1]." || len(removed) != 1 || len(unknown) != 2 {
		t.Errorf("Repair = %q, %d removed, %v", v, len(removed), unknown)
	}
}

func TestCheck_Empty(t *testing.T) {
	for _, text := range []string{"", "   ", "\n\n"} {
		r := Check(text, nil, Options{})
		if len(r.Sentences) != 0 || !r.Grounded || r.Verified != text {
			t.Errorf("Check(%q) = %+v", text, r)
		}
	}
	r := Check("[X1]", nil, Options{})
	if r.Grounded || r.Verified != "" || !slices.Equal(r.Unknown, []string{"X1"}) {
		t.Errorf("only an unknown id: %+v", r)
	}
}
