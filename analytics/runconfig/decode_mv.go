package runconfig

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/camber-tui/camber-tui/analytics/mv"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// dateLayouts are the accepted date and time spellings (naive local time).
var dateLayouts = []string{"2006-01-02", "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04"}

// ParseDate reads a naive local date or date-time; dateOnly reports a bare
// date.
func ParseDate(s string) (t time.Time, dateOnly bool, err error) {
	s = strings.TrimSpace(s)
	for i, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, i == 0, nil
		}
	}
	return time.Time{}, false, fmt.Errorf("%q is not a date (2025-01-31 or 2025-01-31T08:00)", s)
}

// window reads [start, end]; a date-only end covers that whole day.
func (d *decoder) window(n *node, path string) (Window, error) {
	var w Window
	if n.kind != kList || len(n.items) != 2 {
		if n.kind == kList {
			return w, d.errf(path, "must be a list [start, end] of two dates, not %d items", len(n.items))
		}
		return w, d.errf(path, "must be a list [start, end] of two dates, not %s", n.describe())
	}
	var ts [2]time.Time
	for i, it := range n.items {
		p := fmt.Sprintf("%s[%d]", path, i)
		s, err := d.text(it, p)
		if err != nil {
			return w, err
		}
		t, dateOnly, err := ParseDate(s)
		if err != nil {
			return w, d.errf(p, "%v", err)
		}
		if i == 1 && dateOnly {
			t = t.AddDate(0, 0, 1)
		}
		ts[i] = t
	}
	if !ts[0].Before(ts[1]) {
		return w, d.errf(path, "start %s is not before end %s", n.items[0].str, n.items[1].str)
	}
	return Window{Start: ts[0].UnixNano(), End: ts[1].UnixNano()}, nil
}

func (d *decoder) mv(n *node) (*MV, error) {
	if err := d.object(n, "mv", "meter", "oat", "baseline", "reporting", "interval", "confidence", "non_routine", "units", "autocorrelation", "models"); err != nil {
		return nil, err
	}
	for _, k := range []string{"meter", "baseline", "reporting"} {
		if n.get(k) == nil {
			return nil, d.errf("mv", "has no %s", k)
		}
	}
	m := &MV{Interval: "daily", Confidence: 90}
	var err error
	if m.Meter, err = d.point(n.get("meter"), "mv.meter"); err != nil {
		return nil, err
	}
	if m.Meter.Role != model.Power && m.Meter.Role != model.EnergyRate {
		return nil, d.errf("mv.meter.role", "%q is not a meter role (power, energy_rate)", m.Meter.Role)
	}
	if o := n.get("oat"); o != nil {
		p, err := d.point(o, "mv.oat")
		if err != nil {
			return nil, err
		}
		if p.Role != model.OAT {
			return nil, d.errf("mv.oat.role", "%q is not oat", p.Role)
		}
		m.OAT = &p
	}
	if m.Baseline, err = d.window(n.get("baseline"), "mv.baseline"); err != nil {
		return nil, err
	}
	if m.Reporting, err = d.window(n.get("reporting"), "mv.reporting"); err != nil {
		return nil, err
	}
	if i := n.get("interval"); i != nil {
		s, err := d.text(i, "mv.interval")
		if err != nil {
			return nil, err
		}
		if !slices.Contains([]string{"daily", "hourly", "monthly"}, s) {
			return nil, d.errf("mv.interval", "%q is not one of: daily, hourly, monthly", s)
		}
		m.Interval = s
	}
	if c := n.get("confidence"); c != nil {
		v, err := d.whole(c, "mv.confidence", 0, 100)
		if err != nil {
			return nil, err
		}
		if v != 80 && v != 90 && v != 95 {
			return nil, d.errf("mv.confidence", "%d is not one of: 80, 90, 95", v)
		}
		m.Confidence = v
	}
	if nr := n.get("non_routine"); nr != nil {
		if m.NonRoutine, err = d.flag(nr, "mv.non_routine"); err != nil {
			return nil, err
		}
	}
	if u := n.get("units"); u != nil {
		if m.Units, err = d.unitFor(u, "mv.units", "energy", "energy"); err != nil {
			return nil, err
		}
	}
	if a := n.get("autocorrelation"); a != nil {
		v, err := d.flag(a, "mv.autocorrelation")
		if err != nil {
			return nil, err
		}
		m.Autocorrelation = &v
	}
	if ms := n.get("models"); ms != nil {
		if m.Models, err = d.mvModels(ms); err != nil {
			return nil, err
		}
		if m.Interval != string(mv.Hourly) && slices.Contains(m.Models, string(mv.KindTOWT)) {
			return nil, d.errf("mv.models", "TOWT needs hourly data (set mv.interval to hourly, or leave TOWT out)")
		}
	}
	return m, nil
}

// mvModels reads mv.models: a non-empty list of baseline model names
// (2P, 3PC, 3PH, 4P, 5P, the zero-base variants, TOWT, degree-day).
func (d *decoder) mvModels(n *node) ([]string, error) {
	if n.kind != kList || len(n.items) == 0 {
		return nil, d.errf("mv.models", "must be a non-empty list of model names (%s)", strings.Join(mvKindNames(), ", "))
	}
	var out []string
	for i, it := range n.items {
		p := fmt.Sprintf("mv.models[%d]", i)
		s, err := d.text(it, p)
		if err != nil {
			return nil, err
		}
		k, ok := mv.ParseKind(s)
		if !ok {
			return nil, d.errf(p, "%q is not a baseline model (%s)", s, strings.Join(mvKindNames(), ", "))
		}
		if slices.Contains(out, string(k)) {
			return nil, d.errf(p, "%q is listed twice", s)
		}
		out = append(out, string(k))
	}
	return out, nil
}

func mvKindNames() []string {
	var out []string
	for _, k := range mv.Kinds() {
		out = append(out, string(k))
	}
	return out
}

func (d *decoder) drift(n *node) (*Drift, error) {
	if err := d.object(n, "drift", "baseline", "current", "families", "frozen"); err != nil {
		return nil, err
	}
	dr := &Drift{}
	for _, k := range []string{"baseline", "current"} {
		if w := n.get(k); w != nil {
			win, err := d.window(w, "drift."+k)
			if err != nil {
				return nil, err
			}
			if k == "baseline" {
				dr.Baseline = &win
			} else {
				dr.Current = &win
			}
		}
	}
	if f := n.get("families"); f != nil {
		fams, err := d.textList(f, "drift.families", "drift families")
		if err != nil {
			return nil, err
		}
		for i, fam := range fams {
			if d.families != nil && !slices.Contains(d.families, fam) {
				return nil, d.errf(fmt.Sprintf("drift.families[%d]", i), "unknown drift family %q (known: %s)", fam, strings.Join(d.families, ", "))
			}
		}
		dr.Families = fams
	}
	if fz := n.get("frozen"); fz != nil {
		if fz.kind != kObject {
			return nil, d.errf("drift.frozen", "must be an object of equipment: {family: baseline}, not %s", fz.describe())
		}
		dr.Frozen = map[string]map[string]Baseline{}
		for i, equip := range fz.keys {
			byFam := fz.vals[i]
			path := "drift.frozen." + equip
			if byFam.kind != kObject {
				return nil, d.errf(path, "must be an object of family: baseline, not %s", byFam.describe())
			}
			dr.Frozen[equip] = map[string]Baseline{}
			for j, fam := range byFam.keys {
				b, err := d.baseline(byFam.vals[j], path+"."+fam)
				if err != nil {
					return nil, err
				}
				dr.Frozen[equip][fam] = b
			}
		}
	}
	return dr, nil
}

var baselineKeys = []string{"n", "slope", "intercept", "sigma", "r2", "tons_min", "tons_max", "coverage_start", "coverage_end"}

func (d *decoder) baseline(n *node, path string) (Baseline, error) {
	var b Baseline
	if err := d.object(n, path, baselineKeys...); err != nil {
		return b, err
	}
	for _, k := range baselineKeys {
		if n.get(k) == nil {
			return b, d.errf(path, "has no %s (a frozen baseline needs %s)", k, strings.Join(baselineKeys, ", "))
		}
	}
	var err error
	if b.N, err = d.whole(n.get("n"), path+".n", 3, 1<<30); err != nil {
		return b, err
	}
	nums := []struct {
		k   string
		dst *float64
	}{{"slope", &b.Slope}, {"intercept", &b.Intercept}, {"sigma", &b.Sigma}, {"r2", &b.R2}, {"tons_min", &b.TonsMin}, {"tons_max", &b.TonsMax}}
	for _, x := range nums {
		if *x.dst, err = d.number(n.get(x.k), path+"."+x.k); err != nil {
			return b, err
		}
	}
	if b.Sigma < 0 {
		return b, d.errf(path+".sigma", "%s is below 0", fmtNum(b.Sigma))
	}
	if b.R2 < 0 || b.R2 > 1 {
		return b, d.errf(path+".r2", "%s is outside 0..1", fmtNum(b.R2))
	}
	if b.TonsMin > b.TonsMax {
		return b, d.errf(path, "tons_min %s is above tons_max %s", fmtNum(b.TonsMin), fmtNum(b.TonsMax))
	}
	var cov [2]int64
	for i, k := range []string{"coverage_start", "coverage_end"} {
		s, err := d.text(n.get(k), path+"."+k)
		if err != nil {
			return b, err
		}
		t, _, err := ParseDate(s)
		if err != nil {
			return b, d.errf(path+"."+k, "%v", err)
		}
		cov[i] = t.UnixNano()
	}
	if cov[0] > cov[1] {
		return b, d.errf(path, "coverage_start is after coverage_end")
	}
	b.CoverageStart, b.CoverageEnd = cov[0], cov[1]
	return b, nil
}

// FormatTime prints a naive local time as configs write it.
func FormatTime(ns int64) string { return time.Unix(0, ns).UTC().Format(series.TimeLayout) }
