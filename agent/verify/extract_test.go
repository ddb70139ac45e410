package verify

import (
	"slices"
	"strings"
	"testing"
)

// claimsOf returns the values a sentence states, in order, as "value" for
// numbers (with a trailing % when the claim is a percentage) and the stamp
// for dates and times.
func claimsOf(s string, names ...string) []string {
	idx := buildIndex(nil)
	idx.known("") // reads the (empty) names
	for _, n := range names {
		idx.names[n] = struct{}{}
		if needsMask(n) {
			idx.masks = append(idx.masks, n)
		}
	}
	a := analyze(s, true, idx, idx.known)
	var out []string
	for _, c := range a.claims {
		v := c.stamp
		if c.kind == KindNumber {
			v = c.num.String()
			if c.pct {
				v += "%"
			}
		}
		out = append(out, v)
	}
	return out
}

func TestScan_Claims(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     string // space-separated; "" for none
		names    []string
	}{
		{"plain", "Both coils open 20% of hours.", "20%", nil},
		{"thousands and dollar", "Estimated annual cost ≈ $2,897 (8,802 kWh, 1,314 therms).", "2897 8802 1314", nil},
		{"trailing zeros", "It reads 2897.0 and 12.50 here.", "2897 12.5", nil},
		{"percent with space", "Open 45.5 % of the time.", "45.5%", nil},
		{"percent word", "Open 45 percent of the time.", "45%", nil},
		{"negative ascii", "The delta is -5.0 °F.", "-5", nil},
		{"negative unicode minus", "The delta is −5.0 °F.", "-5", nil},
		{"negative dollar", "Savings of -$120 are shown.", "-120", nil},
		{"negative in parens", "Delta (-3) was seen.", "-3", nil},
		{"range", "Between 5-10% of hours.", "5 10%", nil},
		{"equipment hyphen", "AHU-1 and VAV-2-3 and CH-1 run.", "", nil},
		{"equipment underscore", "AHU_1 and VAV_2_3 run.", "", nil},
		{"letter prefix", "G36 and CO2 and PM2.5 and OS1.", "", nil},
		{"section sign", "Per §5.6.5 and § 5.16.14 of G36.", "", nil},
		{"chapter abbrev", "See Ch.5 and Ch. 7 and Fig. 3.", "", nil},
		{"ref words", "See Table 3, Section 4.2, ASHRAE 90.1-2019, Guideline 36-2021, Title 24, FC 5.", "", nil},
		{"fault condition hash", "FC#5 and #12 fired.", "", nil},
		{"dotted version", "Per 5.16.14 it holds.", "", nil},
		{"identifier", "Token 1a2b3c is not a figure.", "", nil},
		{"unit suffix", "Draws 10kW and 0.85kW/ton.", "10 0.85", nil},
		{"exponent", "About 1e3 and 2.5E-2 units.", "1000 0.025", nil},
		{"fraction", "Only .5 of it.", "0.5", nil},
		{"date", "Started 2025-07-01 and ended 2025-07-31.", "2025-07-01 2025-07-31", nil},
		{"datetime", "At 2025-07-01T08:00:00Z and 2025-07-02 13:30:15.", "2025-07-01T08:00 2025-07-02T13:30:15", nil},
		{"clock", "Occupied 7:00-18:00 daily.", "07:00 18:00", nil},
		{"list marker", "1. Both coils open 20%.", "20%", nil},
		{"bullet", "- Cost 5.", "5", nil},
		{"citation removed", "Cost 5[F1]0 total.", "50", nil},
		{"quoted unknown name", `The "Fan 3" runs.`, "3", nil},
		{"quoted known name", `The "Fan 3" runs 4 hours.`, "4", []string{"Fan 3"}},
		{"known equip with space", "Boiler 2 fires 12 times.", "12", []string{"Boiler 2"}},
		{"known equip not a prefix", "Boiler 20 fires.", "20", []string{"Boiler 2"}},
		{"comma list", "Zones 1,2,3 are hot.", "1 2 3", nil},
		{"year", "In 2024 it failed.", "2024", nil},
		{"huge exponent", "It is 1e999 big.", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := strings.Join(claimsOf(tc.in, tc.names...), " ")
			if got != tc.want {
				t.Errorf("claims of %q = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestScan_Carriers(t *testing.T) {
	c := &carriers{}
	c.addText("AHU-1 and G36 §5.6.5 over 62.1 / -5.0 at 2025-07-01T08:00:00")
	var nums []string
	for _, d := range c.decs {
		nums = append(nums, d.String())
	}
	if !slices.Equal(nums, []string{"62.1", "-5"}) {
		t.Errorf("carriers %v, want 62.1 and -5 only", nums)
	}
	if !slices.Equal(c.stamps, []string{"2025-07-01T08:00", "2025-07-01", "08:00"}) {
		t.Errorf("stamps %v", c.stamps)
	}
}

func TestCitations(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"a [F1] b [R2] c [F1]", []string{"F1", "R2"}},
		{"[F1@rule_run-1a2b3c] [K1@summary-abc123]", []string{"F1@rule_run-1a2b3c", "K1@summary-abc123"}},
		{"[C1@economizer_high_limit@AHU-1-abc123]", []string{"C1@economizer_high_limit@AHU-1-abc123"}},
		{"[F1, C1; R1]", []string{"F1", "C1", "R1"}},
		{"[F1@a , F2@a]", []string{"F1@a", "F2@a"}},
		{"[x] [AHU-1] [F1 ] [x](http://a) [F] [1] [F1@]", nil},
		{"(F1@x) is neutral", nil},
	} {
		if got := Citations(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("Citations(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := Neutralize("see [F1@x] and [a]"); got != "see (F1@x) and [a]" {
		t.Errorf("Neutralize = %q", got)
	}
	for id, want := range map[string]bool{"F1": true, "F1@rule_run-1a2b3c": true, "AHU-1": false, "F": false, "F1 ": false} {
		if IsID(id) != want {
			t.Errorf("IsID(%q) = %v", id, !want)
		}
	}
}
