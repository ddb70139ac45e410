package runconfig

import (
	"errors"
	"fmt"
	"io/fs"
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
