package fdd

import (
	"context"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Test scaffolding for the plant, DX and fleet rules: a small synthetic
// environment (seasonal + diurnal OAT with fronts and noise, RH, wet-bulb),
// frame building, and the invariants every Outcome must keep.

// plantSteps are the two grids every accuracy scenario runs on.
var plantSteps = []struct {
	name string
	step time.Duration
}{{"hourly", time.Hour}, {"5min", 5 * time.Minute}}

// plantEnv is one scenario's time axis and seeded noise.
type plantEnv struct {
	start time.Time
	step  time.Duration
	n     int
	rng   *rand.Rand
}

// newPlantEnv starts at local midnight of start and covers days days.
func newPlantEnv(seed uint64, start time.Time, step time.Duration, days int) *plantEnv {
	return &plantEnv{
		start: start, step: step, n: int(time.Duration(days) * 24 * time.Hour / step),
		rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
	}
}

// at is slot i's naive local time.
func (e *plantEnv) at(i int) time.Time { return e.start.Add(time.Duration(i) * e.step) }

// hours is slot i's hour of day as a fraction (13.5 = 13:30).
func (e *plantEnv) hours(i int) float64 {
	t := e.at(i)
	return float64(t.Hour()) + float64(t.Minute())/60
}

// minutes is slot i's minute of the day.
func (e *plantEnv) minutes(i int) int { t := e.at(i); return t.Hour()*60 + t.Minute() }

// noise is a normal draw with standard deviation sd.
func (e *plantEnv) noise(sd float64) float64 { return e.rng.NormFloat64() * sd }

// col builds a column from fn.
func (e *plantEnv) col(fn func(i int) float64) []float64 {
	c := make([]float64, e.n)
	for i := range c {
		c[i] = fn(i)
	}
	return c
}

// oat is a realistic outdoor temperature (°F): a seasonal cycle (≈30 °F in
// mid January, ≈82 °F in late July), a diurnal swing peaking at 15:00,
// weather fronts of a few days, and AR(1) noise.
func (e *plantEnv) oat() []float64 {
	ar := 0.0
	phi := math.Pow(0.9, e.step.Hours()) // hourly autocorrelation 0.9
	sd := 1.5 * math.Sqrt(1-phi*phi)
	return e.col(func(i int) float64 {
		t := e.at(i)
		doy := float64(t.YearDay()) + e.hours(i)/24
		seasonal := 56 - 26*math.Cos(2*math.Pi*(doy-22)/365.25)
		diurnal := 9 * math.Sin(2*math.Pi*(e.hours(i)-9)/24)
		days := float64(t.Unix()) / 86400
		front := 4*math.Sin(2*math.Pi*days/4.3) + 3*math.Sin(2*math.Pi*days/9.1+1)
		ar = phi*ar + e.noise(sd)
		return seasonal + diurnal + front + ar
	})
}

// rh is outdoor relative humidity (%): high at dawn, low mid-afternoon.
func (e *plantEnv) rh() []float64 {
	return e.col(func(i int) float64 {
		v := 62 - 18*math.Sin(2*math.Pi*(e.hours(i)-9)/24) + e.noise(3)
		return math.Max(15, math.Min(98, v))
	})
}

// wetbulb is Stull's wet-bulb of oat and rh.
func (e *plantEnv) wetbulb(oat, rh []float64) []float64 {
	return e.col(func(i int) float64 { return wetBulbStull(oat[i], rh[i]) })
}

// frame assembles a frame on the environment's grid.
func (e *plantEnv) frame(equip, class string, cols map[model.Role][]float64) *series.Frame {
	f := &series.Frame{Equip: equip, Class: class, Start: e.start.UnixNano(), Step: int64(e.step), N: e.n, Cols: map[model.Role][]float64{}}
	for r, c := range cols {
		if len(c) != e.n {
			panic("column " + string(r) + " has the wrong length")
		}
		f.Cols[r] = c
	}
	return f
}

// plantRuleNamed returns the plant rule named name.
func plantRuleNamed(t testing.TB, name string) Rule {
	t.Helper()
	for _, r := range plantRules() {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no plant rule %q", name)
	return Rule{}
}

// plantValues is r's defaults with over applied.
func plantValues(r Rule, over Values) Values {
	v := Values{}
	for _, p := range r.Params {
		if p.Default != nil {
			v[p.Name] = p.Default
		}
	}
	for k, x := range over {
		v[k] = x
	}
	return v
}

// plantRun runs a per-equipment rule on f with its defaults and over, and
// checks the Outcome invariants.
func plantRun(t testing.TB, r Rule, f *series.Frame, over Values) Outcome {
	t.Helper()
	out, err := r.Check(context.Background(), &Input{Equip: f.Equip, Class: f.Class, Frame: f, Params: plantValues(r, over)})
	if err != nil {
		t.Fatalf("%s: %v", r.Name, err)
	}
	plantInvariants(t, r, f.Equip, f.N, out)
	return out
}

// plantNumRE matches a number as summaries print it ("1,203", "11.2", "-0.4").
var plantNumRE = regexp.MustCompile(`-?\d[\d,]*(?:\.\d+)?`)

// plantInvariants checks what every Outcome promises: a known severity, a
// one-line summary naming equip whose every number is a metric, scalar
// metrics without NaN, masks of the frame's length with Flagged ⊆ Judged,
// conditions whose union is Flagged.
func plantInvariants(t testing.TB, r Rule, equip string, n int, out Outcome) {
	t.Helper()
	if out.Severity.Rank() < 0 {
		t.Errorf("%s: severity %q", r.Name, out.Severity)
	}
	if !strings.HasPrefix(out.Summary, equip+": ") || strings.ContainsAny(out.Summary, "\n\r") {
		t.Errorf("%s: summary %q does not start with %q on one line", r.Name, out.Summary, equip)
	}
	var nums []float64
	for k, v := range out.Metrics {
		switch x := v.(type) {
		case nil, bool, string:
		case int:
			nums = append(nums, float64(x))
		case float64:
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Errorf("%s: metric %s = %v", r.Name, k, x)
			}
			nums = append(nums, x)
		default:
			t.Errorf("%s: metric %s has type %T", r.Name, k, v)
		}
	}
	text := strings.TrimPrefix(out.Summary, equip+": ")
	for _, v := range out.Metrics {
		// Unit names ("VAV-3-2") carry digits that are no numbers.
		if s, ok := v.(string); ok && s != "" {
			text = strings.ReplaceAll(text, s, "")
		}
	}
	for _, s := range plantNumRE.FindAllString(text, -1) {
		x, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
		if err != nil {
			t.Errorf("%s: number %q: %v", r.Name, s, err)
			continue
		}
		if !plantHasNum(nums, x) {
			keys := make([]string, 0, len(out.Metrics))
			for k := range out.Metrics {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			t.Errorf("%s: summary number %s is no metric (%v): %q", r.Name, s, keys, out.Summary)
		}
	}
	if out.Judged != nil || out.Flagged != nil {
		if len(out.Judged) != n || len(out.Flagged) != n {
			t.Fatalf("%s: masks %d/%d, frame %d", r.Name, len(out.Judged), len(out.Flagged), n)
		}
		if out.JudgedBasis == "" {
			t.Errorf("%s: masks without a judged basis", r.Name)
		}
		for i := range out.Flagged {
			if out.Flagged[i] && !out.Judged[i] {
				t.Fatalf("%s: sample %d flagged but not judged", r.Name, i)
			}
		}
	}
	if len(out.Conditions) > 0 {
		union := make([]bool, n)
		for _, c := range out.Conditions {
			if c.Name == "" || c.Label == "" || len(c.Judged) != n || len(c.Flagged) != n {
				t.Fatalf("%s: condition %q malformed", r.Name, c.Name)
			}
			for i := range c.Flagged {
				if c.Flagged[i] && !c.Judged[i] {
					t.Fatalf("%s: condition %s sample %d flagged but not judged", r.Name, c.Name, i)
				}
				if c.Judged[i] && !out.Judged[i] {
					t.Fatalf("%s: condition %s sample %d judged outside the outcome's judged", r.Name, c.Name, i)
				}
				union[i] = union[i] || c.Flagged[i]
			}
		}
		for i := range union {
			if union[i] != out.Flagged[i] {
				t.Fatalf("%s: Flagged differs from the union of the conditions at %d", r.Name, i)
			}
		}
	}
	if out.Events != nil && out.EventBasis == "" {
		t.Errorf("%s: events without a basis", r.Name)
	}
}

// plantHasNum reports whether x is among nums as printed (to x's decimals).
func plantHasNum(nums []float64, x float64) bool {
	for _, v := range nums {
		if math.Abs(v-x) < 1e-9 || math.Abs(round(v, 2)-x) < 1e-9 || math.Abs(round(v, 1)-x) < 1e-9 || math.Abs(round(v, 0)-x) < 1e-9 {
			return true
		}
	}
	return false
}

// plantFires reports whether an outcome is actionable.
func plantFires(out Outcome) bool { return out.Severity == Warn || out.Severity == Fault }

// plantOnOff is 1 when on, else 0.
func plantOnOff(on bool) float64 {
	if on {
		return 1
	}
	return 0
}

// plantNaNs is a column of n NaNs.
func plantNaNs(n int) []float64 {
	c := make([]float64, n)
	for i := range c {
		c[i] = math.NaN()
	}
	return c
}

// plantAccuracy is one rule's faulty/clean scenario pair.
type plantAccuracy struct {
	rule  string
	start time.Time
	days  int
	// build makes the scenario's frame; faulty selects the fault.
	build func(e *plantEnv, faulty bool) *series.Frame
	// cleanInfo allows the clean scenario to end info instead of ok.
	cleanInfo bool
}

// runPlantAccuracy runs each case on both grids: the faulty frame must warn
// or fault, the clean one must be ok (or info where allowed).
func runPlantAccuracy(t *testing.T, cases []plantAccuracy) {
	t.Helper()
	for _, tc := range cases {
		r := plantRuleNamed(t, tc.rule)
		for _, st := range plantSteps {
			for _, faulty := range []bool{true, false} {
				name := tc.rule + "/" + st.name + "/clean"
				if faulty {
					name = tc.rule + "/" + st.name + "/faulty"
				}
				t.Run(name, func(t *testing.T) {
					e := newPlantEnv(plantSeed(name), tc.start, st.step, tc.days)
					out := plantRun(t, r, tc.build(e, faulty), nil)
					switch {
					case faulty && !plantFires(out):
						t.Errorf("faulty: %s %q", out.Severity, out.Summary)
					case !faulty && out.Severity != OK && !(tc.cleanInfo && out.Severity == Info):
						t.Errorf("clean: %s %q %v", out.Severity, out.Summary, out.Caveats)
					}
					t.Logf("%s: %s", out.Severity, out.Summary)
				})
			}
		}
	}
}

// plantSeed derives a scenario's noise seed from its name.
func plantSeed(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

// Season starts for scenarios (Mondays at local midnight).
var (
	plantJan = time.Date(2025, 1, 6, 0, 0, 0, 0, time.UTC)
	plantApr = time.Date(2025, 4, 7, 0, 0, 0, 0, time.UTC)
	plantJun = time.Date(2025, 6, 2, 0, 0, 0, 0, time.UTC)
)

// plantRunFleet runs a fleet rule on frames with its defaults and over,
// and checks the Outcome invariants on the first frame's grid.
func plantRunFleet(t testing.TB, r Rule, frames []*series.Frame, over Values) Outcome {
	t.Helper()
	out, err := r.CheckFleet(context.Background(), &FleetInput{Frames: frames, Params: plantValues(r, over)})
	if err != nil {
		t.Fatalf("%s: %v", r.Name, err)
	}
	if out.Equip == "" || strings.ContainsAny(out.Equip, " @#") {
		t.Errorf("%s: fleet equip %q is not an id token", r.Name, out.Equip)
	}
	n := 0
	if len(frames) > 0 {
		n = frames[0].N
	}
	plantInvariants(t, r, out.Equip, n, out)
	return out
}
