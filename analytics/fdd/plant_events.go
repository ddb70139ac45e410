package fdd

import (
	"context"
	"fmt"
	"math"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// The event rules (boiler_short_cycle, compressor_short_cycle,
// compressor_staging, heatpump_defrost and the starts half of
// chiller_staging) count discrete events per running day on the native
// grid. CAMBER ran them on its hourly mean/max grid, where a boiler cycling
// ten minutes on, twenty off reads as "on all hour" and shows no starts at
// all; reading the equipment's own interval is the fix.

// eventKind is what counts as one event.
type eventKind int

const (
	// eventStarts counts off → on transitions of a 0/1 status (> 0.5 = on).
	eventStarts eventKind = iota
	// eventChanges counts changes of the whole stage (the value rounded):
	// unlike the kernel's countChanges, which compares raw successive
	// values, noise of a few tenths around one stage never counts.
	eventChanges
	// eventToggles counts changes of a 0/1 state in either direction
	// (reversing-valve reversals).
	eventToggles
)

// dayTally is an event count per local calendar day.
type dayTally struct {
	firstDay int64
	events   []int  // events that happened on the day
	known    []int  // samples with a known state
	active   []bool // the equipment ran on the day
	total    int    // events over all days
}

// tallyDays counts col's events per day: the per-day, gated form of the
// kernel's countStarts and countChanges, which count over the whole series. gate, when not nil, is a 0/1
// status that must be on for an event to count and for a day to be active
// (the compressor status of a heat pump's reversals); without it a day is
// active when the equipment is on (starts), staged above 0 (changes) or
// reports at all (toggles). A state is compared with the last known one, so
// an event is never invented across a run of missing samples.
func tallyDays(f *series.Frame, col, gate []float64, kind eventKind) dayTally {
	if f.N == 0 {
		return dayTally{}
	}
	first := floorDiv(f.Start, nsDay)
	last := floorDiv(f.Start+int64(f.N-1)*f.Step, nsDay)
	nd := int(last-first) + 1
	t := dayTally{firstDay: first, events: make([]int, nd), known: make([]int, nd), active: make([]bool, nd)}
	prev := math.NaN()
	days := newDayWalk(f)
	for i, v := range col {
		d := days.day(i)
		if math.IsNaN(v) {
			continue
		}
		t.known[d]++
		gated := gate == nil || isOn(gate[i])
		var state float64
		switch kind {
		case eventStarts, eventToggles:
			state = 0
			if isOn(v) {
				state = 1
			}
		case eventChanges:
			state = math.Round(v)
		}
		switch kind {
		case eventStarts:
			if state == 1 && gated {
				t.active[d] = true
			}
		case eventChanges:
			if state >= 1 && gated {
				t.active[d] = true
			}
		case eventToggles:
			if gated {
				t.active[d] = true
			}
		}
		if !math.IsNaN(prev) && gated {
			hit := false
			switch kind {
			case eventStarts:
				hit = prev == 0 && state == 1
			case eventChanges, eventToggles:
				hit = state != prev
			}
			if hit {
				t.events[d]++
				t.total++
			}
		}
		prev = state
	}
	return t
}

// dayWalk gives the local calendar day (0 = the frame's first) of slots
// visited in ascending order, without a division per slot.
type dayWalk struct {
	f    *series.Frame
	d    int
	next int64 // start of day d+1, ns
}

func newDayWalk(f *series.Frame) dayWalk {
	return dayWalk{f: f, next: (floorDiv(f.Start, nsDay) + 1) * nsDay}
}

// day returns slot i's day; i must not decrease between calls.
func (w *dayWalk) day(i int) int {
	t := w.f.Start + int64(i)*w.f.Step
	for t >= w.next {
		w.d++
		w.next += nsDay
	}
	return w.d
}

// eventSpec describes one event rule's wording and parameter.
type eventSpec struct {
	param  string // the per-day limit parameter
	noun   string // "boiler starts", "compressor stage changes"
	metric string // metric prefix: "starts", "changes", "reversals"
	signal string // the input counted, for "insufficient data" ("boiler status")
	basis  string // EventBasis
}

// eventCheck is the Check of an event rule that counts the events of one
// role, ungated, against its per-day limit: the integer parameter sp.param,
// or def when the runner passed none (a rule run outside the runner).
func eventCheck(role model.Role, kind eventKind, def int, sp eventSpec) func(context.Context, *Input) (Outcome, error) {
	return func(ctx context.Context, in *Input) (Outcome, error) {
		if err := ctx.Err(); err != nil {
			return Outcome{}, err
		}
		limit := plantI(in.Params, sp.param, def)
		return eventOutcome(in.Frame, in.Frame.Col(role), nil, kind, limit, sp), nil
	}
}

// eventOutcome judges per-running-day event counts against limit: warn at
// limit, fault at twice the limit. The headline is events per running day
// (a day the equipment ran): CAMBER divided by the whole span, which lets a
// boiler idle all summer hide its winter short cycling; the mean over the
// days it ran is what the limit is about. Judged marks the known samples of
// running days, Flagged those of days at or over the limit.
func eventOutcome(f *series.Frame, col, gate []float64, kind eventKind, limit int, sp eventSpec) Outcome {
	t := tallyDays(f, col, gate, kind)
	knownSamples := 0
	for _, k := range t.known {
		knownSamples += k
	}
	spanHours := float64(knownSamples) * f.StepHours()
	if spanHours < 24 {
		return Outcome{
			Severity: Info,
			Summary:  fmt.Sprintf("%s: insufficient data: %s hours of %s (needs a day)", f.Equip, plantNum(spanHours, 1), sp.signal),
			Metrics:  map[string]any{sp.metric + "_per_day": nil, sp.param: limit, "data_hours": round(spanHours, 1)},
			Caveats:  []string{fmt.Sprintf("could not count %s: under one day of data", sp.noun)},
		}
	}
	runDays, overDays, events, worst := 0, 0, 0, 0
	for d, a := range t.active {
		if !a || t.known[d] == 0 {
			continue
		}
		runDays++
		events += t.events[d]
		worst = max(worst, t.events[d])
		if t.events[d] >= limit {
			overDays++
		}
	}
	if runDays == 0 {
		ev := 0
		return Outcome{
			Severity:   Info,
			Summary:    fmt.Sprintf("%s: did not run in the window (0 %s over %s days of data)", f.Equip, sp.noun, plantNum(spanHours/24, 1)),
			Metrics:    map[string]any{sp.metric + "_per_day": nil, sp.metric: 0, "running_days": 0, sp.param: limit, "data_days": round(spanHours/24, 1)},
			Caveats:    []string{fmt.Sprintf("no running day: %s not judged", sp.noun)},
			Events:     &ev,
			EventBasis: sp.basis,
		}
	}
	judged := make([]bool, f.N)
	flagged := make([]bool, f.N)
	days := newDayWalk(f)
	for i, v := range col {
		d := days.day(i)
		if math.IsNaN(v) {
			continue
		}
		if !t.active[d] {
			continue
		}
		judged[i] = true
		flagged[i] = t.events[d] >= limit
	}
	nj, nf := count(judged), count(flagged)
	// Graded as stated (one decimal), so "12.0 starts per day (limit 12)"
	// never reads as ok.
	perDay := round(float64(events)/float64(runDays), 1)
	sev := gradeAtLeast(perDay, float64(limit), float64(2*limit))
	share := pct(nf, nj)
	summary := fmt.Sprintf("%s: %s %s per running day (limit %s): %s %s over %s running days, %s days at or over the limit (%s of running-day samples)",
		f.Equip, plantNum(perDay, 1), sp.noun, fmtInt(limit), fmtInt(events), sp.metric, fmtInt(runDays), fmtInt(overDays), fmtPct(share))
	return Outcome{
		Severity: sev,
		Summary:  summary,
		Metrics: map[string]any{
			sp.metric + "_per_day":   round(perDay, 1),
			sp.metric:                events,
			"running_days":           runDays,
			"days_over_limit":        overDays,
			"worst_day_" + sp.metric: worst,
			"share_pct":              round(share, 1),
			sp.param:                 limit,
		},
		Judged:      judged,
		Flagged:     flagged,
		JudgedBasis: "samples on running days",
		Events:      &events,
		EventBasis:  sp.basis,
		Evidence:    "events_per_day",
	}
}
