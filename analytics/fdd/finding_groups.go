package fdd

// RootCauseChain is the air-side root-cause chain, upstream first: a cold
// supply air reset drives zones to minimum flow, then reheat, then the AHU
// heating and cooling at once. CAMBER's chain names "reheat_minimization",
// a rule that does not exist, so that link never joined a group; the chain
// here uses the rule's real name, reheat_minimization_g36.
var RootCauseChain = []string{
	"supply_air_reset",
	"overcooling_min_flow",
	"reheat_minimization_g36",
	"reheat_penalty",
	"simultaneous_heat_cool",
}

// Group is a set of actionable findings on one equipment that the
// root-cause chain links; Root is the most upstream one.
type Group struct {
	Equip   string   `json:"equip"`
	Root    string   `json:"root"`
	Members []string `json:"members"` // finding ids, upstream first
}

// Groups finds the root-cause groups among findings: per equipment, the
// actionable (warn/fault) findings whose rules are on the chain, when there
// are two or more. Groups come in order of their root's first appearance.
func Groups(findings []Finding) []Group {
	pos := make(map[string]int, len(RootCauseChain))
	for i, r := range RootCauseChain {
		pos[r] = i
	}
	byEquip := map[string][]*Finding{}
	var order []string
	for i := range findings {
		f := &findings[i]
		if _, on := pos[f.Rule]; !on || (f.Severity != Warn && f.Severity != Fault) {
			continue
		}
		if _, seen := byEquip[f.Equip]; !seen {
			order = append(order, f.Equip)
		}
		byEquip[f.Equip] = append(byEquip[f.Equip], f)
	}
	var out []Group
	for _, equip := range order {
		fs := byEquip[equip]
		if len(fs) < 2 {
			continue
		}
		// Upstream first; the sort is stable for repeated rules.
		for i := 1; i < len(fs); i++ {
			for j := i; j > 0 && pos[fs[j].Rule] < pos[fs[j-1].Rule]; j-- {
				fs[j], fs[j-1] = fs[j-1], fs[j]
			}
		}
		g := Group{Equip: equip, Root: fs[0].ID}
		for _, f := range fs {
			g.Members = append(g.Members, f.ID)
		}
		out = append(out, g)
	}
	return out
}
