package runconfig

import (
	"sort"
	"strings"

	"github.com/camber-tui/camber-tui/model"
)

// unitInfo is one known unit: its dimension and how to convert a value to
// the dimension's base unit (base = value×scale + offset; a difference
// converts by scale alone).
type unitInfo struct {
	dim    string
	scale  float64
	offset float64
}

// units are the unit names a config may use. Read-only.
var units = map[string]unitInfo{
	"degF":   {"temperature", 1, 0},
	"degC":   {"temperature", 1.8, 32},
	"%":      {"percent", 1, 0},
	"%RH":    {"percent", 1, 0},
	"inWC":   {"pressure_air", 1, 0},
	"Pa":     {"pressure_air", 1 / 249.08891, 0},
	"psi":    {"pressure_water", 1, 0},
	"psig":   {"pressure_water", 1, 0},
	"kPa":    {"pressure_water", 0.14503774, 0},
	"cfm":    {"airflow", 1, 0},
	"L/s":    {"airflow", 2.1188800, 0},
	"gpm":    {"waterflow", 1, 0},
	"ppm":    {"concentration", 1, 0},
	"kW":     {"power", 1, 0},
	"W":      {"power", 0.001, 0},
	"MW":     {"power", 1000, 0},
	"kBtu/h": {"power", 1 / 3.412, 0},
	"Btu/h":  {"power", 1 / 3412.0, 0},
	"MBH":    {"power", 1 / 3.412, 0},
	"tons":   {"power", 12 / 3.412, 0},
	"kWh":    {"energy", 1, 0},
	"Wh":     {"energy", 0.001, 0},
	"MWh":    {"energy", 1000, 0},
	"kBtu":   {"energy", 1 / 3.412, 0},
	"MMBtu":  {"energy", 1000 / 3.412, 0},
	"therms": {"energy", 100 / 3.412, 0},
	"0/1":    {"binary", 1, 0},
	"stage":  {"stage", 1, 0},
}

// roleDim is the dimension of a role's implied unit.
func roleDim(r model.Role) string {
	if u, ok := units[r.Unit()]; ok {
		return u.dim
	}
	return ""
}

// unitsFor lists the known units of a dimension, sorted.
func unitsFor(dim string) string {
	var out []string
	for name, u := range units {
		if u.dim == dim {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// toRoleUnit converts a value in unit u to role r's implied unit; delta
// converts a difference (no offset). Both units must share a dimension.
func toRoleUnit(v float64, u string, r model.Role, delta bool) float64 {
	from, to := units[u], units[r.Unit()]
	if from.dim == "" || from.dim != to.dim || u == r.Unit() {
		return v
	}
	base := v * from.scale
	if !delta {
		base += from.offset
	}
	// Back from base to the role's unit.
	out := base
	if !delta {
		out -= to.offset
	}
	return out / to.scale
}
