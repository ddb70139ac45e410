package runconfig

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// VentilationRule is the rule the ventilation zones parameterise.
const VentilationRule = "ventilation_rate_62_1"

func (d *decoder) ventilation(n *node, c *Config) error {
	if err := d.object(n, "ventilation", "zones"); err != nil {
		return err
	}
	z := n.get("zones")
	if z == nil {
		return d.errf("ventilation", "has no zones (a zones file, or an object of equipment: {area_sqft, population, space_type})")
	}
	v := &Ventilation{Zones: map[string]Zone{}}
	switch z.kind {
	case kString:
		v.File = z.str
		if d.readFile != nil {
			data, err := d.readFile(z.str)
			if err != nil {
				return d.errf("ventilation.zones", "cannot read zones file %q: %s", z.str, fileProblem(err))
			}
			zones, err := parseZonesCSV(z.str, data)
			if err != nil {
				return d.errf("ventilation.zones", "%v", err)
			}
			v.Zones = zones
		}
	case kObject:
		for i, equip := range z.keys {
			zone, err := d.zone(z.vals[i], "ventilation.zones."+equip)
			if err != nil {
				return err
			}
			v.Zones[equip] = zone
		}
	default:
		return d.errf("ventilation.zones", "must be a zones file name or an object of zones, not %s", z.describe())
	}
	if r, ok := d.rules[VentilationRule]; ok {
		for _, equip := range sortedKeys(v.Zones) {
			for name, val := range zoneParams(v.Zones[equip]) {
				if _, err := r.CheckSetting(name, settingOf(val)); err != nil {
					return d.paramErr("ventilation.zones."+equip+"."+name, err)
				}
			}
		}
	}
	c.Ventilation = v
	return nil
}

func (d *decoder) zone(n *node, path string) (Zone, error) {
	var z Zone
	if err := d.object(n, path, "area_sqft", "population", "space_type", "ez"); err != nil {
		return z, err
	}
	a, p := n.get("area_sqft"), n.get("population")
	if a == nil || p == nil {
		return z, d.errf(path, "needs area_sqft and population")
	}
	var err error
	if z.AreaSqft, err = d.positive(a, path+".area_sqft"); err != nil {
		return z, err
	}
	if z.Population, err = d.number(p, path+".population"); err != nil {
		return z, err
	}
	if z.Population < 0 {
		return z, d.errf(path+".population", "%s is below 0", p.show())
	}
	if s := n.get("space_type"); s != nil {
		if z.SpaceType, err = d.text(s, path+".space_type"); err != nil {
			return z, err
		}
	}
	if e := n.get("ez"); e != nil {
		if z.Ez, err = d.positive(e, path+".ez"); err != nil {
			return z, err
		}
	}
	return z, nil
}

// fileProblem says why a file could not be read without naming a path.
func fileProblem(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return "unreadable"
}

func (d *decoder) report(n *node, c *Config) error {
	if err := d.object(n, "report", "rcx"); err != nil {
		return err
	}
	r := n.get("rcx")
	if r == nil {
		return nil
	}
	if err := d.object(r, "report.rcx", "top_n", "references"); err != nil {
		return err
	}
	if t := r.get("top_n"); t != nil {
		v, err := d.whole(t, "report.rcx.top_n", 1, 1000)
		if err != nil {
			return err
		}
		c.Report.RCX.TopN = v
	}
	refs := r.get("references")
	if refs == nil {
		return nil
	}
	if refs.kind != kList {
		return d.errf("report.rcx.references", "must be a list of references, not %s", refs.describe())
	}
	for i, it := range refs.items {
		ref, err := d.reference(it, fmt.Sprintf("report.rcx.references[%d]", i))
		if err != nil {
			return err
		}
		c.Report.RCX.References = append(c.Report.RCX.References, ref)
	}
	return nil
}

func (d *decoder) point(n *node, path string) (PointRef, error) {
	var p PointRef
	if err := d.object(n, path, "equip", "role"); err != nil {
		return p, err
	}
	e, r := n.get("equip"), n.get("role")
	if e == nil || r == nil {
		return p, d.errf(path, "needs equip and role")
	}
	var err error
	if p.Equip, err = d.text(e, path+".equip"); err != nil {
		return p, err
	}
	p.Role, err = d.role(r, path+".role")
	return p, err
}

func (d *decoder) reference(n *node, path string) (Reference, error) {
	var ref Reference
	if n.kind != kObject {
		return ref, d.errf(path, "must be an object {point, reference, warn, fault, unit}, not %s", n.describe())
	}
	if err := d.object(n, path, "point", "reference", "warn", "fault", "unit"); err != nil {
		return ref, err
	}
	for _, k := range []string{"point", "reference", "warn", "fault"} {
		if n.get(k) == nil {
			return ref, d.errf(path, "has no %s", k)
		}
	}
	var err error
	if ref.Point, err = d.point(n.get("point"), path+".point"); err != nil {
		return ref, err
	}
	ref.Unit = ref.Point.Role.Unit()
	if u := n.get("unit"); u != nil {
		if ref.Unit, err = d.unitFor(u, path+".unit", roleDim(ref.Point.Role), string(ref.Point.Role)); err != nil {
			return ref, err
		}
	}
	if ref.Warn, err = d.positive(n.get("warn"), path+".warn"); err != nil {
		return ref, err
	}
	if ref.Fault, err = d.positive(n.get("fault"), path+".fault"); err != nil {
		return ref, err
	}
	if ref.Warn > ref.Fault {
		return ref, d.errf(path, "warn %s is above fault %s", fmtNum(ref.Warn), fmtNum(ref.Fault))
	}
	rn, rpath := n.get("reference"), path+".reference"
	if rn.kind != kObject {
		return ref, d.errf(rpath, "must be an object {equip, role} or {file}, not %s", rn.describe())
	}
	if f := rn.get("file"); f != nil {
		if err := d.object(rn, rpath, "file"); err != nil {
			return ref, err
		}
		if ref.File, err = d.text(f, rpath+".file"); err != nil {
			return ref, err
		}
		if d.readFile != nil {
			data, err := d.readFile(ref.File)
			if err != nil {
				return ref, d.errf(rpath+".file", "cannot read %q: %s", ref.File, fileProblem(err))
			}
			s, err := ParseReferenceCSV(ref.File, data)
			if err != nil {
				return ref, d.errf(rpath+".file", "%v", err)
			}
			s.Role = ref.Point.Role
			for i := range s.V {
				s.V[i] = toRoleUnit(s.V[i], ref.Unit, ref.Point.Role, false)
			}
			ref.Series = &s
		}
	} else {
		if rn.get("role") == nil && rn.get("equip") != nil {
			if err := d.object(rn, rpath, "equip", "role"); err != nil {
				return ref, err
			}
			e, err := d.text(rn.get("equip"), rpath+".equip")
			if err != nil {
				return ref, err
			}
			ref.Ref = &PointRef{Equip: e, Role: ref.Point.Role}
		} else {
			p, err := d.point(rn, rpath)
			if err != nil {
				return ref, err
			}
			ref.Ref = &p
		}
		if *ref.Ref == ref.Point {
			return ref, d.errf(rpath, "the point %s is its own reference", ref.Point)
		}
	}
	// Thresholds are differences in the configured unit.
	ref.Warn = toRoleUnit(ref.Warn, ref.Unit, ref.Point.Role, true)
	ref.Fault = toRoleUnit(ref.Fault, ref.Unit, ref.Point.Role, true)
	return ref, nil
}

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
	if err := d.object(n, "mv", "meter", "oat", "baseline", "reporting", "interval", "confidence", "non_routine", "units"); err != nil {
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
	return m, nil
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
