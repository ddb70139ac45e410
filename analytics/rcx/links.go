package rcx

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/fdd"
)

// sensorIssue is one disagreeing sensor reference.
func sensorIssue(r Reference) Issue {
	is := Issue{Kind: KindSensor, Cause: r.Label(), Equip: r.Equip, Category: DriftCategory,
		Severity: fdd.Severity(r.Verdict), Rules: []string{r.Label()}, FindingIDs: []string{}, DriftFindingIDs: []string{},
		ConditionalOn: []string{}, Explains: []string{},
		Uncosted: "a sensor offset has no cost model: it distorts the findings that read it"}
	side := "high"
	if r.Bias < 0 {
		side = "low"
	}
	is.ref = &r
	is.Likely = "sensor calibration offset: the point reads " + side
	is.Summary = fmt.Sprintf("%s %s reads %s against %s: bias %s %s over %d paired samples (warn %s, fault %s)",
		r.Equip, r.Role, side, r.Reference, signed(r.Bias, 2), r.Unit, r.Samples, num(r.Warn, 2), num(r.Fault, 2))
	is.HoursBasis = "an offset has no flagged hours"
	switch {
	case r.OverlapHours >= WeekHours:
		is.score++
		is.Reasons = append(is.Reasons, fmt.Sprintf("compared over %s h of overlap", num(r.OverlapHours, 1)))
	case r.Samples < MinPairs:
		is.score--
		is.Reasons = append(is.Reasons, fmt.Sprintf("only %d paired samples", r.Samples))
	default:
		is.Reasons = append(is.Reasons, fmt.Sprintf("compared over %s h of overlap", num(r.OverlapHours, 1)))
	}
	if math.Abs(r.Bias) >= r.Fault && r.Fault > 0 {
		is.score++
		is.Reasons = append(is.Reasons, fmt.Sprintf("|bias| %s at or above the fault level %s", num(math.Abs(r.Bias), 2), num(r.Fault, 2)))
	} else {
		is.Reasons = append(is.Reasons, fmt.Sprintf("|bias| %s between the warn level %s and the fault level %s",
			num(math.Abs(r.Bias), 2), num(r.Warn, 2), num(r.Fault, 2)))
	}
	return is
}

// link marks the rule issues conditional on a disagreeing sensor
// reference and the drift and rule issues that corroborate each other on
// one equipment.
func link(out []Issue, in Input) {
	sensors := map[string]int{} // equip + role + reference → index
	for i := range out {
		if r := out[i].ref; r != nil {
			if _, dup := sensors[r.Equip+"\x00"+string(r.Role)+"\x00"+r.Reference]; !dup {
				sensors[r.Equip+"\x00"+string(r.Role)+"\x00"+r.Reference] = i
			}
		}
	}
	byID := map[string]*fdd.Finding{}
	for i := range in.Findings {
		byID[in.Findings[i].ID] = &in.Findings[i]
	}
	driftOn := map[string][]string{}
	ruleOn := map[string][]string{}
	for i := range out {
		switch out[i].Kind {
		case KindDrift:
			driftOn[out[i].Equip] = append(driftOn[out[i].Equip], out[i].DriftFindingIDs...)
		case KindFindings:
			ruleOn[out[i].Equip] = append(ruleOn[out[i].Equip], out[i].FindingIDs...)
		}
	}
	for i := range out {
		is := &out[i]
		switch is.Kind {
		case KindFindings:
			var texts []string
			for _, id := range is.FindingIDs {
				for _, c := range byID[id].ConditionalOn {
					j, ok := sensors[c.Equip+"\x00"+string(c.Role)+"\x00"+c.Reference]
					if !ok {
						continue
					}
					if !slices.Contains(is.ConditionalOn, out[j].Key) {
						is.ConditionalOn = append(is.ConditionalOn, out[j].Key)
						out[j].Explains = append(out[j].Explains, is.Key)
						texts = append(texts, fmt.Sprintf("%s %s (%s bias %s %s against %s)", c.Label(), c.Verdict, c.Equip,
							signed(c.Bias, 2), c.Unit, c.Reference))
					}
				}
			}
			if len(texts) > 0 {
				is.condText = "conditional on " + strings.Join(texts, ", ")
				is.capLow = true
				is.Reasons = append(is.Reasons, is.condText+": treat it as a sensor problem first")
			}
			if ids := driftOn[is.Equip]; len(ids) > 0 {
				is.score++
				is.Reasons = append(is.Reasons, "corroborated by drift finding(s) "+strings.Join(ids, ", "))
			}
		case KindDrift:
			if ids := ruleOn[is.Equip]; len(ids) > 0 {
				is.score++
				is.Reasons = append(is.Reasons, "corroborated by rule finding(s) "+strings.Join(ids, ", "))
			}
		}
	}
}
