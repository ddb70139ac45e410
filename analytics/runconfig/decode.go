package runconfig

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/model"
)

// Error is one config problem: the file as the caller named it, the key
// path inside it, and what is wrong. It prints as one line.
type Error struct {
	File string
	Path string
	Msg  string
}

// Error implements error as "file: path: msg".
func (e *Error) Error() string {
	if e.Path == "" {
		return e.File + ": " + e.Msg
	}
	return e.File + ": " + e.Path + ": " + e.Msg
}

// decoder validates a parsed tree into a Config.
type decoder struct {
	file     string
	rules    map[string]*fdd.Rule
	families []string
	readFile func(name string) ([]byte, error)
}

func (d *decoder) errf(path, format string, args ...any) error {
	return &Error{File: d.file, Path: path, Msg: oneLine(fmt.Sprintf(format, args...))}
}

// oneLine folds any line break so a message stays one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
}

// object checks that n is an object whose keys are all known.
func (d *decoder) object(n *node, path string, known ...string) error {
	if n.kind != kObject {
		return d.errf(path, "must be an object, not %s", n.describe())
	}
	for _, k := range n.keys {
		ok := false
		for _, kk := range known {
			if k == kk {
				ok = true
				break
			}
		}
		if !ok {
			return d.errf(join(path, k), "unknown key (known: %s)", strings.Join(known, ", "))
		}
	}
	return nil
}

// text reads a non-empty text.
func (d *decoder) text(n *node, path string) (string, error) {
	if n.kind != kString {
		return "", d.errf(path, "must be text, not %s", n.describe())
	}
	if strings.TrimSpace(n.str) == "" {
		return "", d.errf(path, "must be a non-empty text")
	}
	return n.str, nil
}

// number reads a finite number.
func (d *decoder) number(n *node, path string) (float64, error) {
	if n.kind != kNumber {
		if n.kind == kString || n.kind == kBool {
			return 0, d.errf(path, "%s is %s, not a number", n.show(), n.describe())
		}
		return 0, d.errf(path, "must be a number, not %s", n.describe())
	}
	if math.IsNaN(n.num) || math.IsInf(n.num, 0) {
		return 0, d.errf(path, "%s is not a finite number", n.show())
	}
	return n.num, nil
}

// numberIn reads a finite number within [lo, hi].
func (d *decoder) numberIn(n *node, path string, lo, hi float64) (float64, error) {
	f, err := d.number(n, path)
	if err != nil {
		return 0, err
	}
	if f < lo || f > hi {
		return 0, d.errf(path, "%s is outside %s..%s", n.show(), fmtNum(lo), fmtNum(hi))
	}
	return f, nil
}

// whole reads a whole number within [lo, hi].
func (d *decoder) whole(n *node, path string, lo, hi int) (int, error) {
	f, err := d.number(n, path)
	if err != nil {
		return 0, err
	}
	if f != math.Trunc(f) {
		return 0, d.errf(path, "%s is not a whole number", n.show())
	}
	if f < float64(lo) || f > float64(hi) {
		return 0, d.errf(path, "%s is outside %d..%d", n.show(), lo, hi)
	}
	return int(f), nil
}

// positive reads a finite number above 0.
func (d *decoder) positive(n *node, path string) (float64, error) {
	f, err := d.number(n, path)
	if err != nil {
		return 0, err
	}
	if f <= 0 {
		return 0, d.errf(path, "%s is not above 0", n.show())
	}
	return f, nil
}

// flag reads true or false.
func (d *decoder) flag(n *node, path string) (bool, error) {
	if n.kind != kBool {
		return false, d.errf(path, "%s is %s, not true/false", n.show(), n.describe())
	}
	return n.b, nil
}

// textList reads a list of non-empty texts; what names the items.
func (d *decoder) textList(n *node, path, what string) ([]string, error) {
	if n.kind != kList {
		return nil, d.errf(path, "must be a list of %s, not %s", what, n.describe())
	}
	out := make([]string, 0, len(n.items))
	for i, it := range n.items {
		s, err := d.text(it, fmt.Sprintf("%s[%d]", path, i))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// role reads a role slug.
func (d *decoder) role(n *node, path string) (model.Role, error) {
	s, err := d.text(n, path)
	if err != nil {
		return "", err
	}
	r, ok := model.ParseRole(s)
	if !ok {
		return "", d.errf(path, "unknown role %q", s)
	}
	return r, nil
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// topKeys are the keys a config may have at its top level.
var topKeys = []string{"description", "source", "equipment", "rules", "resample", "topology", "trust_gate",
	"units", "ventilation", "report", "mv", "drift"}

// decode validates the whole tree.
func (d *decoder) decode(root *node) (*Config, error) {
	if root.kind != kObject {
		return nil, d.errf("", "the config must be an object, not %s", root.describe())
	}
	if err := d.object(root, "", topKeys...); err != nil {
		return nil, err
	}
	c := &Config{Name: d.file, Step: time.Hour}
	var err error
	for i, k := range root.keys {
		n := root.vals[i]
		switch k {
		case "description":
			if n.kind != kString {
				return nil, d.errf(k, "must be text, not %s", n.describe())
			}
			c.Description = n.str
		case "source":
			err = d.source(n, c)
		case "equipment":
			c.Equipment, err = d.textList(n, k, "class names")
		case "rules":
			c.Rules, err = d.ruleList(n)
		case "resample":
			err = d.resample(n, c)
		case "topology":
			err = d.topology(n, c)
		case "trust_gate":
			err = d.trustGate(n, c)
		case "units":
			err = d.units(n, c)
		case "ventilation":
			err = d.ventilation(n, c)
		case "report":
			err = d.report(n, c)
		case "mv":
			c.MV, err = d.mv(n)
		case "drift":
			c.Drift, err = d.drift(n)
		}
		if err != nil {
			return nil, err
		}
	}
	return c, nil
}

func (d *decoder) source(n *node, c *Config) error {
	if err := d.object(n, "source", "store", "facility"); err != nil {
		return err
	}
	if s := n.get("store"); s != nil {
		v, err := d.text(s, "source.store")
		if err != nil {
			return err
		}
		c.Source.Store = v
	}
	if f := n.get("facility"); f != nil {
		v, err := d.text(f, "source.facility")
		if err != nil {
			return err
		}
		if !model.ValidFacilityID(v) {
			return d.errf("source.facility", "%q is not a facility id (letters, digits, '.', '_' and '-', starting with a letter or digit)", v)
		}
		c.Source.Facility = v
	}
	return nil
}

var resamplePattern = regexp.MustCompile(`^\s*(\d+)?\s*(s|sec|min|T|m|h|H|hr|d|D|day)\s*$`)

// ParseResample reads a pandas-style step ("1h", "15min", "5T", "1d") of
// one minute to one day.
func ParseResample(s string) (time.Duration, error) {
	m := resamplePattern.FindStringSubmatch(s)
	if m == nil {
		return 0, fmt.Errorf("%q is not a step such as \"1h\" or \"15min\"", s)
	}
	k := 1
	if m[1] != "" {
		var err error
		if k, err = strconv.Atoi(m[1]); err != nil || k <= 0 || k > 100000 {
			return 0, fmt.Errorf("%q is not a step such as \"1h\" or \"15min\"", s)
		}
	}
	unit := map[string]time.Duration{"s": time.Second, "sec": time.Second, "min": time.Minute, "T": time.Minute,
		"m": time.Minute, "h": time.Hour, "H": time.Hour, "hr": time.Hour, "d": 24 * time.Hour, "D": 24 * time.Hour,
		"day": 24 * time.Hour}[m[2]]
	step := time.Duration(k) * unit
	if step < time.Minute || step > 24*time.Hour {
		return 0, fmt.Errorf("%q is outside 1min..1d", s)
	}
	return step, nil
}

func (d *decoder) resample(n *node, c *Config) error {
	s, err := d.text(n, "resample")
	if err != nil {
		return err
	}
	step, err := ParseResample(s)
	if err != nil {
		return d.errf("resample", "%v", err)
	}
	c.Resample, c.Step = s, step
	return nil
}

func (d *decoder) topology(n *node, c *Config) error {
	if err := d.object(n, "topology", "weather", "shared"); err != nil {
		return err
	}
	if w := n.get("weather"); w != nil {
		v, err := d.text(w, "topology.weather")
		if err != nil {
			return err
		}
		c.Topology.Weather = v
	}
	if s := n.get("shared"); s != nil {
		if s.kind != kObject {
			return d.errf("topology.shared", "must be an object of role: equipment, not %s", s.describe())
		}
		c.Topology.Shared = map[model.Role]string{}
		for i, k := range s.keys {
			path := "topology.shared." + k
			r, ok := model.ParseRole(k)
			if !ok {
				return d.errf(path, "unknown role %q", k)
			}
			e, err := d.text(s.vals[i], path)
			if err != nil {
				return err
			}
			c.Topology.Shared[r] = e
		}
	}
	return nil
}

func (d *decoder) trustGate(n *node, c *Config) error {
	if err := d.object(n, "trust_gate", "min_trust"); err != nil {
		return err
	}
	if m := n.get("min_trust"); m != nil {
		v, err := d.numberIn(m, "trust_gate.min_trust", 0, 1)
		if err != nil {
			return err
		}
		c.MinTrust = &v
	}
	return nil
}

func (d *decoder) units(n *node, c *Config) error {
	if n.kind != kObject {
		return d.errf("units", "must be an object of role: unit, not %s", n.describe())
	}
	c.Units = map[model.Role]string{}
	for i, k := range n.keys {
		path := "units." + k
		r, ok := model.ParseRole(k)
		if !ok {
			return d.errf(path, "unknown role %q", k)
		}
		u, err := d.unitFor(n.vals[i], path, roleDim(r), string(r))
		if err != nil {
			return err
		}
		c.Units[r] = u
	}
	return nil
}

// unitFor reads a unit of dimension dim; what names the role for messages.
func (d *decoder) unitFor(n *node, path, dim, what string) (string, error) {
	u, err := d.text(n, path)
	if err != nil {
		return "", err
	}
	info, ok := units[u]
	if !ok {
		return "", d.errf(path, "unknown unit %q (known for %s: %s)", u, what, unitsFor(dim))
	}
	if info.dim != dim {
		return "", d.errf(path, "%q is not a unit for %s (known: %s)", u, what, unitsFor(dim))
	}
	return u, nil
}
