package drift

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Sentinel errors: ErrInvalid is a malformed spec (invalid_params), ErrNoData
// a window without any sample of the selected equipment (not_found).
var (
	ErrInvalid = errors.New("invalid drift spec")
	ErrNoData  = errors.New("no data")
)

// Window is an explicit period [Start, End) in ns of naive local time.
type Window struct {
	Start, End int64
}

// MarshalJSON writes {"start","end"} as naive local times.
func (w Window) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Start string `json:"start"`
		End   string `json:"end"`
	}{stamp(w.Start), stamp(w.End)})
}

// String is "start – end".
func (w Window) String() string { return stamp(w.Start) + " – " + stamp(w.End) }

// Spec is one drift run. Frames hold every equipment of the facility on
// one grid step (the run grid, shared weather points merged): the tower's
// load and a chiller's condenser temperatures come from other equipment
// than the one judged. Equips selects the equipment judged.
type Spec struct {
	Frames []*series.Frame
	// Equips are the equipment judged (nil = every frame).
	Equips []string
	// Families are family names or aliases (nil = every family).
	Families []string
	// Baseline is the explicit known-good window fitted for this run; nil
	// runs on frozen baselines only.
	Baseline *Window
	// Current is the window judged.
	Current Window
	// Frozen are baselines fitted earlier, read and never written: equip →
	// key → baseline, where the key is a signal kind (approach_cond,
	// approach_evap, subcooling, superheat, cw_range, tower_approach,
	// head_pressure, coil_valve, sensor_bias:<role>), or a family name or
	// alias for the family's required signal. A frozen baseline wins over
	// the window for its signal.
	Frozen map[string]map[string]Baseline
	// Pairs are the sensor references the sensor family compares.
	Pairs []Pair
	// Condenser maps a tower to the chillers it serves; nil serves every
	// chiller from the one tower when there is exactly one.
	Condenser map[string][]string
	// CUSUM overrides the sustained-shift parameters (nil = DefaultCUSUM).
	CUSUM *CUSUMParams
}

// Thresholds are the floors and monitor parameters a finding was judged
// with.
type Thresholds struct {
	Unit  string      `json:"unit"`
	Warn  Threshold   `json:"warn"`
	Fault Threshold   `json:"fault"`
	CUSUM CUSUMParams `json:"cusum"`
}

// Finding is one family's verdict on one equipment.
type Finding struct {
	// ID is <family>@<equip> (#2, #3 ... for further sensor pairs of one
	// equipment).
	ID       string       `json:"finding_id"`
	Family   string       `json:"family"`
	Equip    string       `json:"equip"`
	Class    string       `json:"equip_class,omitempty"`
	Severity fdd.Severity `json:"severity"`
	Summary  string       `json:"summary"`
	Sides    string       `json:"sides"`
	Load     string       `json:"load"`
	// Metrics are the lead signal's scalars (nil = not available).
	Metrics map[string]any `json:"metrics"`
	// Signals are every evaluated signal; the lead (worst, else the
	// required one) sets the severity.
	Signals []SignalResult `json:"signals"`
	Cause   string         `json:"cause,omitempty"`
	Caveats []string       `json:"caveats"`

	Thresholds                   Thresholds `json:"thresholds"`
	ThresholdsProvisional        bool       `json:"thresholds_provisional"`
	MagnitudeThresholdConfidence string     `json:"magnitude_threshold_confidence"`
	TemporalThresholdConfidence  string     `json:"temporal_threshold_confidence"`
	ThresholdNote                string     `json:"threshold_note"`
}

// NotEvaluated is an equipment (or a family with no equipment) the run
// could not judge, and why.
type NotEvaluated struct {
	Family string `json:"family"`
	Equip  string `json:"equip,omitempty"`
	Class  string `json:"equip_class,omitempty"`
	Reason string `json:"reason"`
}

// Counts are findings per severity.
type Counts struct {
	Fault int `json:"fault"`
	Warn  int `json:"warn"`
	OK    int `json:"ok"`
}

// Result is a drift run's outcome. Findings are worst first, then by id.
type Result struct {
	Baseline     *Window        `json:"baseline,omitempty"`
	Current      Window         `json:"current"`
	Families     []string       `json:"families"`
	Findings     []Finding      `json:"findings"`
	Verdicts     []Verdict      `json:"verdicts"`
	NotEvaluated []NotEvaluated `json:"not_evaluated"`
	Counts       Counts         `json:"counts"`
}

type runner struct {
	spec  *Spec
	cusum CUSUMParams
	plant *plant
}

// Run judges the selected equipment's drift in the current window against
// baselines fitted over the explicit baseline window or frozen in the
// spec. It is pure and deterministic; ctx is checked per equipment.
func Run(ctx context.Context, spec Spec) (*Result, error) {
	fams, err := spec.families()
	if err != nil {
		return nil, err
	}
	frames, selected, err := spec.selection()
	if err != nil {
		return nil, err
	}
	if err := spec.checkWindows(selected); err != nil {
		return nil, err
	}
	r := &runner{spec: &spec, cusum: DefaultCUSUM(), plant: newPlant(frames, spec.Condenser, spec.Pairs)}
	if spec.CUSUM != nil {
		r.cusum = *spec.CUSUM
	}
	res := &Result{Baseline: spec.Baseline, Current: spec.Current, Findings: []Finding{}, Verdicts: []Verdict{}, NotEvaluated: []NotEvaluated{}}
	for _, fam := range fams {
		res.Families = append(res.Families, fam.Name)
	}
	seenClass := map[string]bool{}
	for _, f := range selected {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		class := model.CanonicalClass(f.Class)
		for i := range fams {
			fam := &fams[i]
			if !fam.appliesTo(class) {
				continue
			}
			seenClass[fam.Name] = true
			found, ne := r.family(fam, f, class)
			res.Findings = append(res.Findings, found...)
			res.NotEvaluated = append(res.NotEvaluated, ne...)
		}
	}
	for _, fam := range fams {
		if !seenClass[fam.Name] && fam.Classes != nil {
			res.NotEvaluated = append(res.NotEvaluated, NotEvaluated{Family: fam.Name,
				Reason: "no " + strings.Join(fam.Classes, " or ") + " equipment selected"})
		}
	}
	slices.SortStableFunc(res.Findings, func(a, b Finding) int {
		if d := b.Severity.Rank() - a.Severity.Rank(); d != 0 {
			return d
		}
		return strings.Compare(a.ID, b.ID)
	})
	for _, f := range res.Findings {
		switch f.Severity {
		case fdd.Fault:
			res.Counts.Fault++
		case fdd.Warn:
			res.Counts.Warn++
		default:
			res.Counts.OK++
		}
	}
	res.Verdicts = verdicts(res, r.plant, selected)
	return res, nil
}

func (s *Spec) families() ([]Family, error) {
	if len(s.Families) == 0 {
		return Families(), nil
	}
	var out []Family
	for _, n := range s.Families {
		f, ok := Lookup(n)
		if !ok {
			return nil, fmt.Errorf("%w: unknown drift family %q (known: %s)", ErrInvalid, n, strings.Join(Names(), ", "))
		}
		if !slices.ContainsFunc(out, func(g Family) bool { return g.Name == f.Name }) {
			out = append(out, f)
		}
	}
	return out, nil
}

// selection indexes the frames and returns the judged ones sorted by
// equipment.
func (s *Spec) selection() (map[string]*series.Frame, []*series.Frame, error) {
	frames := map[string]*series.Frame{}
	for _, f := range s.Frames {
		if f == nil {
			continue
		}
		if _, dup := frames[f.Equip]; dup {
			return nil, nil, fmt.Errorf("%w: two frames for equipment %q", ErrInvalid, f.Equip)
		}
		if f.N > 0 && f.Step <= 0 {
			return nil, nil, fmt.Errorf("%w: frame %q has step %d", ErrInvalid, f.Equip, f.Step)
		}
		frames[f.Equip] = f
	}
	var sel []*series.Frame
	if len(s.Equips) == 0 {
		for _, f := range frames {
			sel = append(sel, f)
		}
	} else {
		var unknown []string
		for _, e := range s.Equips {
			if f, ok := frames[e]; ok {
				sel = append(sel, f)
			} else {
				unknown = append(unknown, e)
			}
		}
		if len(unknown) > 0 {
			return nil, nil, fmt.Errorf("%w: unknown equipment %s", ErrInvalid, strings.Join(unknown, ", "))
		}
	}
	slices.SortFunc(sel, func(a, b *series.Frame) int { return strings.Compare(a.Equip, b.Equip) })
	sel = slices.CompactFunc(sel, func(a, b *series.Frame) bool { return a.Equip == b.Equip })
	return frames, sel, nil
}

// checkWindows refuses malformed windows and windows where no selected
// frame has a sample.
func (s *Spec) checkWindows(sel []*series.Frame) error {
	ws := []struct {
		name string
		w    *Window
	}{{"current", &s.Current}, {"baseline", s.Baseline}}
	for _, w := range ws {
		if w.w == nil {
			continue
		}
		if w.w.End <= w.w.Start {
			return fmt.Errorf("%w: the %s window's start %s is not before its end %s", ErrInvalid, w.name, stamp(w.w.Start), stamp(w.w.End))
		}
		if !anyData(sel, *w.w) {
			return fmt.Errorf("%w: no sample of the selected equipment in the %s window %s", ErrNoData, w.name, *w.w)
		}
	}
	return nil
}

func anyData(sel []*series.Frame, w Window) bool {
	for _, f := range sel {
		for _, col := range f.Cols {
			for i, v := range col {
				ts := f.Start + int64(i)*f.Step
				if ts >= w.Start && ts < w.End && !math.IsNaN(v) {
					return true
				}
			}
		}
	}
	return false
}

func newPlant(frames map[string]*series.Frame, condenser map[string][]string, pairs []Pair) *plant {
	p := &plant{frames: frames, towerOf: map[string]string{}, chillers: map[string][]string{}, pairs: pairs}
	var towers, chillers []string
	for e, f := range frames {
		switch model.CanonicalClass(f.Class) {
		case model.ClassCoolingTower:
			towers = append(towers, e)
		case model.ClassChiller:
			chillers = append(chillers, e)
		}
	}
	slices.Sort(chillers)
	if condenser == nil && len(towers) == 1 {
		condenser = map[string][]string{towers[0]: chillers}
	}
	for tw, chs := range condenser {
		for _, ch := range chs {
			if _, ok := frames[ch]; ok {
				p.towerOf[ch] = tw
				p.chillers[tw] = append(p.chillers[tw], ch)
			}
		}
	}
	return p
}
