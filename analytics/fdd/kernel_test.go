package fdd

import (
	"math"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// frameOf builds a frame of n slots from start at step, one column per role
// from a function of the slot index and its (naive local) time.
func frameOf(start time.Time, step time.Duration, n int, cols map[model.Role]func(i int, t time.Time) float64) *series.Frame {
	f := &series.Frame{Equip: "T-1", Start: start.UnixNano(), Step: int64(step), N: n, Cols: map[model.Role][]float64{}}
	for r, fn := range cols {
		c := make([]float64, n)
		for i := range c {
			c[i] = fn(i, f.Time(i))
		}
		f.Cols[r] = c
	}
	return f
}

func constCol(v float64) func(int, time.Time) float64 {
	return func(int, time.Time) float64 { return v }
}

func seqCol(vals ...float64) func(int, time.Time) float64 {
	return func(i int, _ time.Time) float64 { return vals[i] }
}

var nan = math.NaN()

// monday is a Monday at midnight, 2025-07-07.
var monday = time.Date(2025, 7, 7, 0, 0, 0, 0, time.UTC)

func TestSlotClock(t *testing.T) {
	for _, tc := range []struct {
		name  string
		start time.Time
	}{
		{"2025", monday},
		{"before 1970", time.Date(1965, 3, 1, 0, 0, 0, 0, time.UTC)},
		{"leap day", time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := frameOf(tc.start, 7*time.Minute, 3000, nil)
			for i := 0; i < f.N; i++ {
				h, wd := slotClock(f, i)
				tm := f.Time(i)
				if h != tm.Hour() || wd != tm.Weekday() {
					t.Fatalf("slot %d: got %d %v, want %d %v", i, h, wd, tm.Hour(), tm.Weekday())
				}
			}
		})
	}
}

func TestOccupiedMask(t *testing.T) {
	// One week hourly from Monday 00:00.
	week := 24 * 7
	for _, tc := range []struct {
		name string
		cols map[model.Role]func(int, time.Time) float64
		want int
	}{
		{"schedule only", nil, 5 * 11},
		{"occupancy point off on Friday", map[model.Role]func(int, time.Time) float64{
			model.Occupancy: func(_ int, t time.Time) float64 {
				if t.Weekday() == time.Friday {
					return 0
				}
				return 1
			}}, 4 * 11},
		{"warmup 07:00 and cooldown 17:00", map[model.Role]func(int, time.Time) float64{
			model.Warmup:   func(_ int, t time.Time) float64 { return b2f(t.Hour() == 7) },
			model.Cooldown: func(_ int, t time.Time) float64 { return b2f(t.Hour() == 17) },
		}, 5 * 9},
		{"all-NaN occupancy is ignored", map[model.Role]func(int, time.Time) float64{
			model.Occupancy: constCol(nan)}, 5 * 11},
		{"unknown occupancy is unoccupied", map[model.Role]func(int, time.Time) float64{
			model.Occupancy: func(i int, _ time.Time) float64 {
				if i < 24 {
					return nan
				}
				return 1
			}}, 4 * 11},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := frameOf(monday, time.Hour, week, tc.cols)
			if got := count(occupiedMask(f)); got != tc.want {
				t.Errorf("occupied = %d, want %d", got, tc.want)
			}
		})
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func TestFanOnMask(t *testing.T) {
	for _, tc := range []struct {
		name     string
		cols     map[model.Role]func(int, time.Time) float64
		wantRole model.Role
		want     int
	}{
		{"status wins", map[model.Role]func(int, time.Time) float64{
			model.SupplyFanStatus: seqCol(0, 1, 1, nan),
			model.SupplyFanSpeed:  seqCol(50, 50, 50, 50)}, model.SupplyFanStatus, 2},
		{"speed above 1 %", map[model.Role]func(int, time.Time) float64{
			model.SupplyFanSpeed: seqCol(0, 0.4, 1.5, 80)}, model.SupplyFanSpeed, 2},
		{"all-NaN status falls back to speed", map[model.Role]func(int, time.Time) float64{
			model.SupplyFanStatus: constCol(nan),
			model.SupplyFanSpeed:  seqCol(0, 60, 60, 0)}, model.SupplyFanSpeed, 2},
		{"none", nil, "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := frameOf(monday, time.Hour, 4, tc.cols)
			m, r := fanOnMask(f)
			if r != tc.wantRole || count(m) != tc.want {
				t.Errorf("got %q %d, want %q %d", r, count(m), tc.wantRole, tc.want)
			}
		})
	}
}

func TestEventCounts(t *testing.T) {
	for _, tc := range []struct {
		name            string
		x               []float64
		starts, changes int
	}{
		{"simple", []float64{0, 1, 1, 0, 1, 0}, 2, 4},
		{"gap inside an on run", []float64{0, 1, nan, 1, 0}, 1, 2},
		{"gap across a start", []float64{0, nan, nan, 1}, 1, 1},
		{"starts on", []float64{1, 1, 0}, 0, 1},
		{"stages", []float64{0, 1, 2, 2, 1, 0}, 1, 4},
		{"all NaN", []float64{nan, nan}, 0, 0},
		{"empty", nil, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := countStarts(tc.x); got != tc.starts {
				t.Errorf("starts = %d, want %d", got, tc.starts)
			}
			if got := len(startIndexes(tc.x)); got != tc.starts {
				t.Errorf("startIndexes = %d, want %d", got, tc.starts)
			}
			if got := countChanges(tc.x); got != tc.changes {
				t.Errorf("changes = %d, want %d", got, tc.changes)
			}
		})
	}
}

func TestReversals(t *testing.T) {
	for _, tc := range []struct {
		name string
		x    []float64
		db   float64
		want int
	}{
		{"noise inside deadband", []float64{50, 51, 49, 52, 48, 51}, 5, 0},
		{"triangle", []float64{0, 50, 0, 50, 0}, 5, 3},
		{"slow ramp then drop", []float64{0, 10, 20, 30, 40, 20}, 5, 1},
		{"NaN skipped", []float64{0, 50, nan, 0, nan, 50}, 5, 2},
		{"monotone", []float64{0, 1, 2, 3, 4}, 0.5, 0},
		{"exactly the deadband does not count", []float64{0, 10, 5, 10}, 5, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := countReversals(tc.x, tc.db); got != tc.want {
				t.Errorf("reversals = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestFmtInt(t *testing.T) {
	for n, want := range map[int]string{0: "0", 12: "12", 999: "999", 1000: "1,000", 1760: "1,760",
		1234567: "1,234,567", -4500: "-4,500"} {
		if got := fmtInt(n); got != want {
			t.Errorf("fmtInt(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestGrade(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want Severity
	}{{0.9, OK}, {1, Warn}, {4.99, Warn}, {5, Fault}, {nan, OK}} {
		if got := gradeAtLeast(tc.v, 1, 5); got != tc.want {
			t.Errorf("grade(%v) = %s, want %s", tc.v, got, tc.want)
		}
	}
	if capWarn(Fault) != Warn || capWarn(OK) != OK || worse(Warn, Info) != Warn || worse(OK, Fault) != Fault {
		t.Error("capWarn/worse")
	}
	if !math.IsNaN(pct(1, 0)) || pct(1, 4) != 25 {
		t.Error("pct")
	}
}

func TestScheduleMaskMatchesClock(t *testing.T) {
	for _, tc := range []struct {
		start time.Time
		step  time.Duration
	}{
		{monday, 5 * time.Minute},
		{time.Date(1969, 12, 30, 23, 17, 0, 0, time.UTC), 7 * time.Minute},
		{time.Date(2025, 3, 8, 6, 30, 0, 0, time.UTC), 36 * time.Hour},
	} {
		f := frameOf(tc.start, tc.step, 5000, nil)
		m := scheduleMask(f, 7, 18)
		idx, n := hourIndex(f)
		for i := range m {
			tm := f.Time(i)
			want := tm.Weekday() >= time.Monday && tm.Weekday() <= time.Friday && tm.Hour() >= 7 && tm.Hour() < 18
			if m[i] != want {
				t.Fatalf("%v step %v slot %d (%v): got %v", tc.start, tc.step, i, tm, m[i])
			}
			if wantH := int(tm.Truncate(time.Hour).Sub(f.Time(0).Truncate(time.Hour)) / time.Hour); idx(i) != wantH {
				t.Fatalf("hourIndex(%d) = %d, want %d", i, idx(i), wantH)
			}
		}
		if n != idx(f.N-1)+1 {
			t.Errorf("hours %d", n)
		}
	}
}

func TestStartsPerDay(t *testing.T) {
	// Two days at 15 minutes, cycling on for 15 of every 60 minutes: 48 starts.
	f := frameOf(monday, 15*time.Minute, 192, map[model.Role]func(int, time.Time) float64{
		model.CompressorStatus: func(i int, _ time.Time) float64 { return b2f(i%4 == 1) },
	})
	x := f.Col(model.CompressorStatus)
	if got := startsPerDay(f, x); got != 24 {
		t.Errorf("starts/day = %v, want 24", got)
	}
	if got := startsPerDay(f, make([]float64, 0)); !math.IsNaN(got) {
		t.Errorf("empty: %v, want NaN", got)
	}
}
