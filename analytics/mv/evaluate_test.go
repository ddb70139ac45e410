package mv

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/store/demo"
)

var (
	hour = int64(time.Hour)
	day  = 24 * hour
	y0   = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano() // a Monday
)

// site is a synthetic year of hourly OAT and a 15-minute meter whose
// load follows a daily 3PC shape: kW = (b0 + c·(T_day − 65)+)/24, times
// (1 − cut) from cutDay on, with events added per day.
type site struct {
	days   int
	cut    float64
	cutDay int
	noise  float64             // relative noise per day
	events map[int]float64     // day → extra kW for the whole day
	fade   func(d int) float64 // optional: savings share kept on day d
}

func (s site) build(seed uint64) (meter, oat model.Series) {
	r := rand.New(rand.NewPCG(seed, 3))
	oat = model.Series{Equip: "WX-1", Role: model.OAT}
	meter = model.Series{Equip: "MTR-1", Role: model.Power}
	for d := range s.days {
		mean := 55 + 25*math.Sin(2*math.Pi*(float64(d)-100)/365) + 4*r.NormFloat64()
		for h := range 24 {
			oat.TS = append(oat.TS, y0+int64(d)*day+int64(h)*hour)
			oat.V = append(oat.V, mean+8*math.Sin(2*math.Pi*float64(h-9)/24))
		}
		kw := (12000 + 400*math.Max(0, mean-65)) / 24 * (1 + s.noise*r.NormFloat64())
		if d >= s.cutDay {
			share := 1.0
			if s.fade != nil {
				share = s.fade(d)
			}
			kw *= 1 - s.cut*share
		}
		kw += s.events[d]
		for q := range 96 {
			meter.TS = append(meter.TS, y0+int64(d)*day+int64(q)*int64(15*time.Minute))
			meter.V = append(meter.V, kw)
		}
	}
	return meter, oat
}

func (s site) project(seed uint64) Project {
	m, o := s.build(seed)
	return Project{Meter: m, OAT: o, Baseline: Window{y0, y0 + int64(s.cutDay)*day},
		Reporting: Window{y0 + int64(s.cutDay)*day, y0 + int64(s.days)*day}}
}

func TestEvaluate_KnownSavings(t *testing.T) {
	pr := site{days: 365, cut: 0.10, cutDay: 200, noise: 0.02}.project(1)
	rep, err := Evaluate(t.Context(), pr)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Model.Kind != Kind3PC && rep.Model.Kind != KindDegreeDay {
		t.Errorf("chose %s for 3PC-shaped data", rep.Model.Kind)
	}
	if !rep.Acceptance.Pass || rep.InformationOnly {
		t.Errorf("acceptance %+v", rep.Acceptance)
	}
	s := rep.Savings
	// The reporting load is 10 % below the baseline shape: the estimate
	// lands within its own 90 % band of 10 %.
	if math.Abs(s.Fraction-0.10) > s.AbsUncertainty/s.BaselineProjected+0.005 {
		t.Errorf("savings fraction %.4f ± %.4f, want 0.10", s.Fraction, s.AbsUncertainty/s.BaselineProjected)
	}
	if s.Units != "kWh" || s.N != 200 || s.M != 165 || s.Confidence != 90 || len(s.Levels) != 3 {
		t.Errorf("savings header %+v", s)
	}
	if !(s.Levels[0].AbsUncertainty < s.Levels[1].AbsUncertainty && s.Levels[1].AbsUncertainty < s.Levels[2].AbsUncertainty) {
		t.Error("bands must widen with confidence")
	}
	if last := rep.CUSUM[len(rep.CUSUM)-1]; math.Abs(last.Cumulative-s.Avoided) > 1e-6*math.Abs(s.Avoided) || len(rep.CUSUM) != 165 {
		t.Errorf("CUSUM ends at %v (%d points), avoided %v", last.Cumulative, len(rep.CUSUM), s.Avoided)
	}
	for _, tr := range rep.Triggers {
		if tr.Code == "savings_eroding" || tr.Code == "negative_savings" || tr.Code == "cusum_slope_change" {
			t.Errorf("unexpected trigger %+v", tr)
		}
	}
}

func TestEvaluate_SavingsEroding(t *testing.T) {
	// Savings hold for 100 reporting days, then vanish.
	s := site{days: 365, cut: 0.10, cutDay: 200, noise: 0.02, fade: func(d int) float64 {
		if d >= 300 {
			return 0
		}
		return 1
	}}
	rep, err := Evaluate(t.Context(), s.project(2))
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]bool{}
	for _, tr := range rep.Triggers {
		codes[tr.Code] = true
	}
	if !codes["savings_eroding"] || !codes["cusum_slope_change"] {
		t.Errorf("triggers %+v", rep.Triggers)
	}
	var step *Step
	for i := range rep.Steps {
		if rep.Steps[i].Where == "reporting" {
			step = &rep.Steps[i]
		}
	}
	if step == nil || step.At != stamp(y0+300*day) {
		t.Errorf("reporting step %+v, want at day 300", step)
	}
}

func TestEvaluate_NonRoutineExclusion(t *testing.T) {
	s := site{days: 300, cut: 0.1, cutDay: 180, noise: 0.01, events: map[int]float64{30: 300, 31: 300, 90: -250}}
	pr := s.project(3)
	off, err := Evaluate(t.Context(), pr)
	if err != nil {
		t.Fatal(err)
	}
	if off.NonRoutine.Flagged != 3 || off.NonRoutine.Excluded != 0 || !hasCode(off.Proposals, "exclude_non_routine") {
		t.Errorf("exclusion off: %+v, proposals %+v", off.NonRoutine, off.Proposals)
	}
	pr.ExcludeNonRoutine = true
	on, err := Evaluate(t.Context(), pr)
	if err != nil {
		t.Fatal(err)
	}
	if on.NonRoutine.Excluded != 3 || on.Model.Stats.N != 177 {
		t.Fatalf("exclusion on: %+v, n = %d", on.NonRoutine, on.Model.Stats.N)
	}
	for i, want := range []int{30, 31, 90} {
		if got := on.NonRoutine.Periods[i].Start; got != stamp(y0+int64(want)*day) {
			t.Errorf("excluded %s, want day %d", got, want)
		}
	}
	if !(on.Model.Stats.CVRMSE < off.Model.Stats.CVRMSE/2) {
		t.Errorf("refit CV(RMSE) %.4f not well below %.4f", on.Model.Stats.CVRMSE, off.Model.Stats.CVRMSE)
	}
}

func TestEvaluate_ModelChoiceAndProposals(t *testing.T) {
	pr := site{days: 300, cut: 0.1, cutDay: 180, noise: 0.01}.project(4)
	pr.Models = []Kind{Kind2P}
	rep, err := Evaluate(t.Context(), pr)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Model.Kind != Kind2P {
		t.Fatalf("chose %s though only 2P was requested", rep.Model.Kind)
	}
	found := false
	for _, p := range rep.Proposals {
		if p.Code == "model_better_by_bic" && p.Values["model"] == string(Kind3PC) {
			found = true
		}
	}
	if !found {
		t.Errorf("no 3PC-better-by-BIC proposal in %+v", rep.Proposals)
	}
	for _, c := range rep.Candidates {
		if c.Kind == Kind3PC && (c.Requested || !c.Fitted || c.Chosen) {
			t.Errorf("3PC candidate %+v", c)
		}
	}

	// A noisy baseline fails acceptance: the savings are for information
	// only and another interval is proposed.
	noisy := site{days: 300, cut: 0.1, cutDay: 180, noise: 0.45}.project(5)
	rep, err = Evaluate(t.Context(), noisy)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Acceptance.Pass || !rep.InformationOnly || len(rep.Acceptance.Failing) == 0 {
		t.Errorf("noisy baseline accepted: %+v", rep.Acceptance)
	}
	if !hasCode(rep.Proposals, "try_monthly") {
		t.Errorf("proposals %+v", rep.Proposals)
	}
}

func TestEvaluate_Errors(t *testing.T) {
	good := site{days: 60, cutDay: 40}.project(6)
	cases := []struct {
		name string
		edit func(p *Project)
		is   error
		text string
	}{
		{"WindowWithoutData", func(p *Project) { p.Reporting = Window{y0 + 100*day, y0 + 120*day} }, ErrNoData,
			"MTR-1 power has no sample in the reporting window 2024-04-10T00:00:00 – 2024-04-30T00:00:00 (its data spans 2024-01-01T00:00:00 – 2024-02-29T23:45:00)"},
		{"ShortBaseline", func(p *Project) { p.Baseline = Window{y0, y0 + 10*day} }, ErrTooFewPoints,
			"has 10 usable daily periods, need at least 14 (10 periods in the window: 10 kept"},
		{"GappyBaseline", func(p *Project) { p.Meter = drop(p.Meter, y0+2*day, y0+30*day) }, ErrTooFewPoints,
			"28 under 90% meter coverage"},
		{"BadInterval", func(p *Project) { p.Interval = "weekly" }, ErrInvalid, `interval "weekly" is not one of`},
		{"BadRole", func(p *Project) { p.Meter.Role = model.OAT }, ErrInvalid, `meter role "oat" is not power or energy_rate`},
		{"BadUnits", func(p *Project) { p.Units = "gallons" }, ErrInvalid, `report unit "gallons"`},
		{"BadModel", func(p *Project) { p.Models = []Kind{"9P"} }, ErrInvalid, `unknown model "9P"`},
		{"EmptyWindow", func(p *Project) { p.Baseline = Window{y0, y0} }, ErrInvalid, "is not before its end"},
		{"BadConfidence", func(p *Project) { p.Confidence = 100 }, ErrInvalid, "confidence 100"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := good
			p.Meter.TS, p.Meter.V = append([]int64(nil), good.Meter.TS...), append([]float64(nil), good.Meter.V...)
			c.edit(&p)
			_, err := Evaluate(t.Context(), p)
			if !errors.Is(err, c.is) {
				t.Fatalf("err = %v, want %v", err, c.is)
			}
			if !strings.Contains(err.Error(), c.text) {
				t.Errorf("error %q does not say %q", err, c.text)
			}
		})
	}
	if _, err := Evaluate(t.Context(), good); err != nil {
		t.Fatalf("the unedited project fails: %v", err)
	}
}

func hasCode(as []Advice, code string) bool {
	for _, a := range as {
		if a.Code == code {
			return true
		}
	}
	return false
}

// demoProject is the demo campus's M&V project: MTR-1 against WX-1, the
// 60 days before the retrofit as baseline and the 60 after as reporting.
func demoProject(t testing.TB) Project {
	c, err := demo.Generate(demo.Options{Seed: demo.DefaultSeed})
	if err != nil {
		t.Fatal(err)
	}
	f := c.Facilities[0]
	var pr Project
	for _, s := range f.Series {
		switch {
		case s.Equip == "MTR-1" && s.Role == model.Power:
			pr.Meter = s
		case s.Equip == "WX-1" && s.Role == model.OAT:
			pr.OAT = s
		}
	}
	st := f.Start.UnixNano()
	pr.Baseline, pr.Reporting = Window{st, st + 60*day}, Window{st + 60*day, st + 120*day}
	return pr
}

func TestEvaluate_DemoCampus(t *testing.T) {
	pr := demoProject(t)
	for _, iv := range []Interval{Daily, Hourly} {
		t.Run(string(iv), func(t *testing.T) {
			pr.Interval = iv
			rep, err := Evaluate(t.Context(), pr)
			if err != nil {
				t.Fatal(err)
			}
			if !rep.Acceptance.Pass {
				t.Errorf("demo baseline fails G14: %v", rep.Acceptance.Failing)
			}
			s := rep.Savings
			// The retrofit cuts 55 kW of base and 25 kW of occupied load;
			// the chiller's fouling drift eats part of it. The savings are
			// positive and their 90 % band excludes zero.
			if !(s.Avoided > 0 && s.Low > 0 && s.Percent > 4 && s.Percent < 12) {
				t.Errorf("savings %+v", s)
			}
			if iv == Hourly && rep.Model.Kind != KindTOWT {
				t.Errorf("hourly demo chose %s, want TOWT", rep.Model.Kind)
			}
			golden.Check(t, "demo_"+string(iv)+".txt", []byte(summary(rep)))
		})
	}
}

// summary prints the report's model and savings at fixed precision.
func summary(r *Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "demo generator v%d\n", demo.GeneratorVersion)
	fmt.Fprintf(&b, "meter %s, oat %s, interval %s, units %s\n", r.Meter, r.OAT, r.Interval, r.Units)
	fmt.Fprintf(&b, "baseline kept %d of %d, reporting kept %d of %d\n", r.Baseline.Kept, r.Baseline.Periods, r.Reporting.Kept, r.Reporting.Periods)
	for _, c := range r.Candidates {
		if c.Fitted {
			fmt.Fprintf(&b, "candidate %-10s bic %10.2f cv %.4f r2 %.4f chosen %v\n", c.Kind, *c.BIC, c.Stats.CVRMSE, c.Stats.R2, c.Chosen)
		} else {
			fmt.Fprintf(&b, "candidate %-10s not fitted: %s\n", c.Kind, c.Reason)
		}
	}
	m := r.Model
	fmt.Fprintf(&b, "model %s n %d p %d\n", m.Kind, m.Stats.N, m.Stats.P)
	if m.Kind != KindTOWT {
		for _, c := range m.Coefficients {
			fmt.Fprintf(&b, "  %s = %.4f\n", c.Name, c.Value)
		}
		for _, c := range m.ChangePoints {
			fmt.Fprintf(&b, "  %s = %.3f\n", c.Name, c.Value)
		}
	}
	fmt.Fprintf(&b, "r2 %.4f rmse %.3f cv_rmse %.4f nmbe %.2e pass %v failing %v\n", m.Stats.R2, m.Stats.RMSE, m.Stats.CVRMSE, m.Stats.NMBE, r.Acceptance.Pass, r.Acceptance.Failing)
	s := r.Savings
	fmt.Fprintf(&b, "projected %.1f actual %.1f avoided %.1f (%.2f %%)\n", s.BaselineProjected, s.ReportingActual, s.Avoided, s.Percent)
	for _, l := range s.Levels {
		fmt.Fprintf(&b, "  %d %%: t %.4f fsu %.4f band ±%.1f [%.1f, %.1f]\n", l.Confidence, l.T, *l.FSU, l.AbsUncertainty, l.Low, l.High)
	}
	fmt.Fprintf(&b, "rho %.3f non-routine flagged %d\n", s.Rho, r.NonRoutine.Flagged)
	for _, a := range r.Triggers {
		fmt.Fprintf(&b, "trigger %s\n", a.Code)
	}
	for _, a := range r.Proposals {
		fmt.Fprintf(&b, "proposal %s\n", a.Code)
	}
	return b.String()
}

func TestEvaluate_Monthly(t *testing.T) {
	pr := site{days: 3 * 365, cut: 0.10, cutDay: 2 * 365, noise: 0.03}.project(7)
	pr.Interval, pr.Units = Monthly, "MWh"
	rep, err := Evaluate(t.Context(), pr)
	if err != nil {
		t.Fatal(err)
	}
	// 2024 is a leap year: day 730 is 2025-12-31, so both windows clip a
	// month (Dec 2025 at 30 days, then its last day).
	if rep.Model.Stats.N != 24 || rep.Savings.M != 13 || rep.Units != "MWh" {
		t.Errorf("n %d m %d units %s", rep.Model.Stats.N, rep.Savings.M, rep.Units)
	}
	if !rep.Acceptance.Pass || rep.Acceptance.Limits.MaxCVRMSE != 0.15 {
		t.Errorf("monthly acceptance %+v", rep.Acceptance)
	}
	s := rep.Savings
	// ~12 000 kWh/day of base load alone: a year is over 4 000 MWh.
	if math.Abs(s.Fraction-0.10) > 0.02 || s.BaselineProjected < 4000 || s.BaselineProjected > 8000 {
		t.Errorf("monthly savings %+v", s)
	}
}
