package series

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/camber-tui/camber-tui/model"
)

var t0 = time.Date(2025, 7, 7, 0, 0, 0, 0, time.UTC).UnixNano()

func at(minutes int) int64 { return t0 + int64(minutes)*int64(time.Minute) }

func ser(equip string, r model.Role, pts ...float64) model.Series {
	s := model.Series{Equip: equip, Class: "AHU", Role: r}
	for i := 0; i+1 < len(pts); i += 2 {
		s.TS = append(s.TS, at(int(pts[i])))
		s.V = append(s.V, pts[i+1])
	}
	return s
}

var nan = math.NaN()

func TestBuild(t *testing.T) {
	tests := []struct {
		name   string
		in     []model.Series
		opt    Options
		start  int64
		want   map[model.Role][]float64
		shared map[model.Role]string
	}{
		{
			name:  "numeric mean per slot, empty slot NaN",
			in:    []model.Series{ser("A", model.SupplyAirTemp, 0, 50, 30, 60, 120, 70)},
			start: t0,
			want:  map[model.Role][]float64{model.SupplyAirTemp: {55, nan, 70}},
		},
		{
			name:  "status max then forward-filled without limit",
			in:    []model.Series{ser("A", model.SupplyFanStatus, 0, 0, 20, 1, 50, 0, 600, 0)},
			start: t0,
			want:  map[model.Role][]float64{model.SupplyFanStatus: {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0}},
		},
		{
			name:  "percent 0-1 rescaled to 0-100",
			in:    []model.Series{ser("A", model.CoolValve, 0, 0.25, 60, 1.0)},
			start: t0,
			want:  map[model.Role][]float64{model.CoolValve: {25, 100}},
		},
		{
			name:  "percent above 1.5 kept",
			in:    []model.Series{ser("A", model.CoolValve, 0, 0.5, 60, 40)},
			start: t0,
			want:  map[model.Role][]float64{model.CoolValve: {0.5, 40}},
		},
		{
			name:  "percent with a negative value kept",
			in:    []model.Series{ser("A", model.HeatValve, 0, -0.1, 60, 1)},
			start: t0,
			want:  map[model.Role][]float64{model.HeatValve: {-0.1, 1}},
		},
		{
			name:  "hw_pump_speed is not a percent role",
			in:    []model.Series{ser("A", model.HWPumpSpeed, 0, 0.5, 60, 1)},
			start: t0,
			want:  map[model.Role][]float64{model.HWPumpSpeed: {0.5, 1}},
		},
		{
			name: "repeated role merged into one mean",
			in: []model.Series{ser("A", model.SpaceTemp, 0, 70, 60, 70),
				ser("A", model.SpaceTemp, 0, 72)},
			start: t0,
			want:  map[model.Role][]float64{model.SpaceTemp: {71, 70}},
		},
		{
			name:  "shared OAT merged and forward-filled 4 steps",
			in:    []model.Series{ser("A", model.SupplyAirTemp, 0, 55, 420, 55)},
			opt:   Options{Shared: []model.Series{ser("WX", model.OAT, 0, 80)}},
			start: t0,
			want: map[model.Role][]float64{
				model.SupplyAirTemp: {55, nan, nan, nan, nan, nan, nan, 55},
				model.OAT:           {80, 80, 80, 80, 80, nan, nan, nan},
			},
			shared: map[model.Role]string{model.OAT: "WX"},
		},
		{
			name:  "per-equipment column wins over the shared point",
			in:    []model.Series{ser("A", model.OAT, 0, 70, 60, 71)},
			opt:   Options{Shared: []model.Series{ser("WX", model.OAT, 0, 80, 60, 81)}},
			start: t0,
			want:  map[model.Role][]float64{model.OAT: {70, 71}},
		},
		{
			name:  "window given: grid spans it, aligned to the step",
			in:    []model.Series{ser("A", model.SupplyAirTemp, 90, 60)},
			opt:   Options{Start: at(10), End: at(180)},
			start: t0,
			want:  map[model.Role][]float64{model.SupplyAirTemp: {nan, 60, nan}},
		},
		{
			name:  "15 minute step",
			in:    []model.Series{ser("A", model.SupplyAirTemp, 0, 50, 5, 52, 20, 60)},
			opt:   Options{Step: 15 * time.Minute},
			start: t0,
			want:  map[model.Role][]float64{model.SupplyAirTemp: {51, 60}},
		},
		{
			name:  "samples outside the window ignored",
			in:    []model.Series{ser("A", model.SupplyAirTemp, 0, 50, 60, 52, 120, 60)},
			opt:   Options{Start: at(60), End: at(120)},
			start: at(60),
			want:  map[model.Role][]float64{model.SupplyAirTemp: {52}},
		},
	}
	eq := cmpopts.EquateNaNs()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := Build("A", "AHU", tc.in, tc.opt)
			if f.Start != tc.start {
				t.Errorf("Start = %v, want %v", time.Unix(0, f.Start).UTC(), time.Unix(0, tc.start).UTC())
			}
			if diff := cmp.Diff(tc.want, f.Cols, eq); diff != "" {
				t.Errorf("columns (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.shared, f.Shared); diff != "" {
				t.Errorf("shared (-want +got):\n%s", diff)
			}
		})
	}
}

func TestBuildSharedFillInCoarserInterval(t *testing.T) {
	// An hourly weather OAT on a 5-minute grid fills 4 hours, not 20 minutes.
	var wx model.Series
	wx.Equip, wx.Role = "WX", model.OAT
	for h := 0; h < 3; h++ {
		wx.TS = append(wx.TS, at(60*h))
		wx.V = append(wx.V, float64(70+h))
	}
	f := Build("A", "AHU", []model.Series{ser("A", model.SupplyAirTemp, 0, 55, 479, 55)},
		Options{Step: 5 * time.Minute, Shared: []model.Series{wx}})
	oat := f.Col(model.OAT)
	if got := oat[12*2+11]; got != 72 {
		t.Errorf("slot 2h55 = %v, want 72 (filled)", got)
	}
	if got := oat[12*6]; got != 72 {
		t.Errorf("slot 6h00 = %v, want 72 (4 h after the 2 h sample)", got)
	}
	if got := oat[12*6+1]; !math.IsNaN(got) {
		t.Errorf("slot 6h05 = %v, want NaN (beyond 4 h)", got)
	}
}

func TestBuildEmpty(t *testing.T) {
	f := Build("A", "AHU", nil, Options{})
	if f.N != 0 || len(f.Cols) != 0 {
		t.Fatalf("empty build = N %d cols %d", f.N, len(f.Cols))
	}
	if got := Spans([]bool{true}, f); got != nil {
		t.Fatalf("spans on empty frame = %v", got)
	}
	f = Build("A", "AHU", nil, Options{Start: at(0), End: at(120)})
	if f.N != 2 {
		t.Fatalf("windowed empty build N = %d, want 2", f.N)
	}
}

func TestBuildNative(t *testing.T) {
	var st model.Series
	st.Equip, st.Role = "RTU", model.CompressorStatus
	for i := 0; i < 24; i++ {
		st.TS = append(st.TS, at(5*i))
		st.V = append(st.V, float64(i%2))
	}
	hourly := ser("RTU", model.SupplyAirTemp, 0, 55, 60, 56)
	f := BuildNative("RTU", "RTU", []model.Series{st, hourly}, Options{})
	if f.Step != int64(5*time.Minute) || f.N != 24 {
		t.Fatalf("native step %v N %d, want 5m and 24", time.Duration(f.Step), f.N)
	}
	col := f.Col(model.CompressorStatus)
	for i, v := range col {
		if v != float64(i%2) {
			t.Fatalf("status slot %d = %v, want %d (cycling kept)", i, v, i%2)
		}
	}
	// A burst-logged point (1 s apart) over a year is coarsened.
	burst := model.Series{Role: model.SupplyAirTemp, TS: []int64{at(0), at(0) + 1e9, at(0) + 2e9, at(0) + int64(365*24*time.Hour)}, V: []float64{1, 2, 3, 4}}
	f = BuildNative("X", "AHU", []model.Series{burst}, Options{})
	if f.N > MaxNativeSlots || f.Step%int64(time.Second) != 0 {
		t.Fatalf("burst native N %d step %v", f.N, time.Duration(f.Step))
	}
}

func TestIntervals(t *testing.T) {
	m := func(xs ...int) []int64 {
		out := make([]int64, len(xs))
		for i, x := range xs {
			out[i] = at(x)
		}
		return out
	}
	tests := []struct {
		name         string
		ts           []int64
		median, mode time.Duration
		gaps         int
	}{
		{"regular 5 min", m(0, 5, 10, 15, 20), 5 * time.Minute, 5 * time.Minute, 0},
		{"one long gap", m(0, 5, 10, 60, 65), 5 * time.Minute, 5 * time.Minute, 1},
		{"fewer than two samples", m(0), time.Hour, time.Hour, 0},
		{"duplicates ignored", m(0, 0, 0, 15, 15, 30), 15 * time.Minute, 15 * time.Minute, 0},
		{"median differs from mode", m(0, 1, 2, 12, 22, 32), 10 * time.Minute, 10 * time.Minute, 0},
		{"mode on a tie is the smallest", m(0, 1, 2, 12, 22), time.Minute, time.Minute, 2},
		{"exactly 1.5 intervals is not a gap", m(0, 10, 20, 35), 10 * time.Minute, 10 * time.Minute, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			med, mode := Intervals(tc.ts)
			if time.Duration(med) != tc.median || MedianInterval(tc.ts) != med {
				t.Errorf("median = %v, want %v", time.Duration(med), tc.median)
			}
			if time.Duration(mode) != tc.mode || ModeInterval(tc.ts) != mode {
				t.Errorf("mode = %v, want %v", time.Duration(mode), tc.mode)
			}
			g := Gaps(tc.ts, mode)
			if len(g) != tc.gaps || CountGaps(tc.ts, mode) != tc.gaps {
				t.Errorf("gaps = %d (%d), want %d", len(g), CountGaps(tc.ts, mode), tc.gaps)
			}
		})
	}
	if g := Gaps(m(0, 5, 60), int64(5*time.Minute)); len(g) != 1 || g[0].Duration() != 55*time.Minute {
		t.Errorf("gap = %+v", g)
	}
}

func TestSpans(t *testing.T) {
	f := &Frame{Start: t0, Step: int64(time.Hour), N: 8}
	tests := []struct {
		name string
		mask []bool
		want [][3]int // start slot, end slot, samples
	}{
		{"none", []bool{false, false}, nil},
		{"one run", []bool{false, true, true, true, false}, [][3]int{{1, 4, 3}}},
		{"split by one unflagged sample", []bool{true, false, true}, [][3]int{{0, 1, 1}, {2, 3, 1}}},
		{"run to the end", []bool{false, false, false, false, false, false, true, true}, [][3]int{{6, 8, 2}}},
		{"mask longer than the frame is cut", []bool{false, false, false, false, false, false, false, true, true, true}, [][3]int{{7, 8, 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Spans(tc.mask, f)
			var want []Span
			for _, w := range tc.want {
				want = append(want, Span{Start: f.Time(w[0]), End: f.Time(w[1]), Samples: w[2]})
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("spans (-want +got):\n%s", diff)
			}
		})
	}
	b, err := json.Marshal(Spans([]bool{true, true}, f))
	if err != nil {
		t.Fatal(err)
	}
	if want := `[{"start":"2025-07-07T00:00:00","end":"2025-07-07T02:00:00","samples":2,"hours":2}]`; string(b) != want {
		t.Errorf("json = %s\nwant %s", b, want)
	}
}

func TestFrameHelpers(t *testing.T) {
	f := Build("A", "AHU", []model.Series{ser("A", model.SupplyAirTemp, 0, 55, 120, 56)},
		Options{Shared: []model.Series{ser("WX", model.OAT, 0, 70)}})
	if f.Source(model.OAT) != "WX" || f.Source(model.SupplyAirTemp) != "A" {
		t.Errorf("sources %q %q", f.Source(model.OAT), f.Source(model.SupplyAirTemp))
	}
	if k, ok := f.Slot(at(61)); !ok || k != 1 {
		t.Errorf("slot = %d %v", k, ok)
	}
	if _, ok := f.Slot(at(180)); ok {
		t.Error("slot beyond end reported on grid")
	}
	if got := f.Roles(); len(got) != 2 || got[0] != model.OAT {
		t.Errorf("roles = %v", got)
	}
}

func TestSampledMedianInterval(t *testing.T) {
	// 20,000 samples at 5 minutes with a burst of 1-second samples in the
	// middle and one long gap: the sampled median is still 5 minutes, as
	// the exact one is.
	var ts []int64
	x := t0
	for i := 0; i < 20000; i++ {
		switch {
		case i > 9000 && i < 9500:
			x += int64(time.Second)
		case i == 15000:
			x += int64(48 * time.Hour)
		default:
			x += int64(5 * time.Minute)
		}
		ts = append(ts, x)
	}
	if got, exact := sampledMedianInterval(ts), MedianInterval(ts); got != exact || got != int64(5*time.Minute) {
		t.Errorf("sampled %v, exact %v", time.Duration(got), time.Duration(exact))
	}
	if got := sampledMedianInterval(ts[:3]); got != int64(5*time.Minute) {
		t.Errorf("short series %v", time.Duration(got))
	}
}
