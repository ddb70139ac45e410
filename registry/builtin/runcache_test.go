package builtin

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/store"
)

// ahuDays returns three AHUs' trends over days at 15 min from start, with
// noise (seeded): AHU-2's cooling valve leaks (cold supply air while the
// valve reads closed in mild weather).
func ahuDays(start time.Time, days int, seed uint64) []model.Series {
	rng := rand.New(rand.NewPCG(seed, 7))
	n := days * 96
	var out []model.Series
	for e := 1; e <= 3; e++ {
		equip := fmt.Sprintf("AHU-%d", e)
		cols := map[model.Role][]float64{}
		ts := make([]int64, n)
		for i := range n {
			ts[i] = start.Add(time.Duration(i) * 15 * time.Minute).UnixNano()
			h := float64(i%96) / 4
			on := h >= 6 && h < 19
			oat := 55 + 12*math.Sin(2*math.Pi*(h-9)/24) + rng.NormFloat64()
			fan, cool, heat, oa := 0.0, 0.0, 0.0, 0.0
			sat := oat
			if on {
				fan, oa = 1, 30+5*rng.Float64()
				cool = math.Max(0, math.Min(100, (oat-58)*8))
				sat = 55 + rng.NormFloat64()*0.5
				if e == 2 {
					cool, sat = 0, 52+rng.NormFloat64()*0.5
				}
			}
			for r, v := range map[model.Role]float64{
				model.SupplyAirTemp: sat, model.MixedAirTemp: 0.3*oat + 0.7*72 + rng.NormFloat64()*0.3,
				model.ReturnAirTemp: 72 + rng.NormFloat64()*0.3, model.OAT: oat, model.SupplyAirTempSP: 55,
				model.HeatValve: heat, model.CoolValve: cool, model.OADamper: oa, model.SupplyFanStatus: fan,
			} {
				if cols[r] == nil {
					cols[r] = make([]float64, n)
				}
				cols[r][i] = v
			}
		}
		for r, v := range cols {
			out = append(out, model.Series{Equip: equip, Class: "AHU", Role: r, TS: ts, V: v})
		}
	}
	return out
}

// cacheFixture is a small store with facility hq and a registry over an
// env the test can inspect.
type cacheFixture struct {
	st  *store.Store
	e   *env
	reg *registry.Registry
	cc  *registry.CallContext
}

func newCacheFixture(t *testing.T) *cacheFixture {
	t.Helper()
	st, err := store.Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Write(t.Context(), "hq", ahuDays(time.Date(2025, 6, 2, 0, 0, 0, 0, time.UTC), 7, 1), store.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	e := newEnv()
	reg, err := registry.New(capabilities(e), nil, registry.Options{Data: e.data})
	if err != nil {
		t.Fatal(err)
	}
	return &cacheFixture{st: st, e: e, reg: reg, cc: &registry.CallContext{Store: st.Root(), AllowedFacilities: []string{"hq"}}}
}

func (fx *cacheFixture) call(t *testing.T, name string, args map[string]any) map[string]any {
	t.Helper()
	res, err := fx.reg.Call(t.Context(), name, args, fx.cc)
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	data, ok := res.Data.(map[string]any)
	if !ok {
		t.Fatalf("%s: data is %T", name, res.Data)
	}
	return data
}

// uncached calls name on a registry over a fresh env (an empty run
// cache): the answer without any run cached.
func (fx *cacheFixture) uncached(t *testing.T, name string, args map[string]any, cc *registry.CallContext) *registry.Result {
	t.Helper()
	e := newEnv()
	reg, err := registry.New(capabilities(e), nil, registry.Options{Data: e.data})
	if err != nil {
		t.Fatal(err)
	}
	res, err := reg.Call(t.Context(), name, args, cc)
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return res
}

// counts checks the run cache's counts.
func (fx *cacheFixture) counts(t *testing.T, step string, held, hits, stored int) {
	t.Helper()
	h, n, s := fx.e.runs.counts()
	if h != held || n != hits || s != stored {
		t.Fatalf("%s: cache holds %d, served %d, stored %d; want %d, %d, %d", step, h, n, s, held, hits, stored)
	}
}

// firstFinding returns the finding_id of rule_run's first finding on equip.
func firstFinding(t *testing.T, data map[string]any, equip string) string {
	t.Helper()
	for _, f := range data["findings"].([]any) {
		if row := f.(map[string]any); row["equip"] == equip {
			return row["finding_id"].(string)
		}
	}
	t.Fatalf("rule_run lists no finding on %s", equip)
	return ""
}

// TestRunCache_Reuse: rule_run caches its run; rule_run again,
// finding_detail and rcx_report with the same run arguments (paging and
// min_severity aside) take it; other arguments run again.
func TestRunCache_Reuse(t *testing.T) {
	fx := newCacheFixture(t)
	data := fx.call(t, "rule_run", map[string]any{"facility_id": "hq", "limit": 100})
	fx.counts(t, "rule_run", 1, 0, 1)
	id := firstFinding(t, data, "AHU-1")

	// Mark the cached run: a call that shows the mark was served from it.
	fx.e.runs.mu.Lock()
	cached := fx.e.runs.runs[0].res
	marked := *cached
	marked.Findings = slices.Clone(cached.Findings)
	for i := range marked.Findings {
		if marked.Findings[i].ID == id {
			marked.Findings[i].Summary = "served from the run cache"
		}
	}
	fx.e.runs.runs[0].res = &marked
	fx.e.runs.mu.Unlock()

	for i, args := range []map[string]any{
		{"facility_id": "hq", "finding_id": id},
		{"facility_id": "hq", "finding_id": id, "min_severity": "fault", "limit": 1, "offset": 2},
	} {
		d := fx.call(t, "finding_detail", args)
		if d["summary"] != "served from the run cache" {
			t.Errorf("finding_detail %v ran again: summary %q", args, d["summary"])
		}
		fx.counts(t, "finding_detail", 1, i+1, 1)
	}
	fx.call(t, "rcx_report", map[string]any{"facility_id": "hq", "top_n": 2})
	fx.counts(t, "rcx_report", 1, 3, 1)

	// Other run arguments are another run.
	d := fx.call(t, "finding_detail", map[string]any{"facility_id": "hq", "finding_id": id, "equips": []any{"AHU-1"}})
	if d["summary"] == "served from the run cache" {
		t.Error("finding_detail over other equips took the cached run")
	}
	fx.counts(t, "finding_detail equips", 2, 3, 2)

	// rule_run's other pages and min_severity take the cached run too.
	for i, args := range []map[string]any{
		{"facility_id": "hq", "limit": 100},
		{"facility_id": "hq", "min_severity": "warn", "limit": 1, "offset": 1},
	} {
		fx.call(t, "rule_run", args)
		fx.counts(t, "rule_run again", 2, 4+i, 2)
	}
	if d := fx.call(t, "rule_run", map[string]any{"facility_id": "hq", "limit": 100}); !slices.ContainsFunc(d["findings"].([]any),
		func(f any) bool { return f.(map[string]any)["summary"] == "served from the run cache" }) {
		t.Error("rule_run over the same run arguments ran again")
	}
	fx.counts(t, "rule_run again", 2, 6, 2)

	// rule_run over other arguments runs and caches that run.
	fx.call(t, "rule_run", map[string]any{"facility_id": "hq", "equips": []any{"AHU-3"}})
	fx.counts(t, "rule_run over other equips", 3, 6, 3)
}

// TestRunCache_NeverStale: a write to the facility (a new store
// generation) makes the next finding_detail run again over the new data.
func TestRunCache_NeverStale(t *testing.T) {
	fx := newCacheFixture(t)
	data := fx.call(t, "rule_run", map[string]any{"facility_id": "hq"})
	id := firstFinding(t, data, "AHU-2")
	before := fx.call(t, "finding_detail", map[string]any{"facility_id": "hq", "finding_id": id})
	fx.counts(t, "before the write", 1, 1, 1)
	if _, err := fx.st.Write(t.Context(), "hq", ahuDays(time.Date(2025, 6, 9, 0, 0, 0, 0, time.UTC), 2, 2), store.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	after := fx.call(t, "finding_detail", map[string]any{"facility_id": "hq", "finding_id": id})
	fx.counts(t, "after the write", 2, 1, 2)
	w0, w1 := before["window"].(map[string]any), after["window"].(map[string]any)
	if w0["end"] == w1["end"] {
		t.Errorf("finding_detail after a write still covers the old window: %v", w1)
	}

	// A write between resolving a call and the end of its run: the run
	// is not cached (its equipment and span may be the older data's).
	req, err := fx.e.prepareRun(t.Context(), &registry.Call{Name: "rule_run",
		Args: map[string]any{"facility_id": "hq", "equips": []any{"AHU-1"}}, Ctx: fx.cc}, modeJudge)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fx.st.Write(t.Context(), "hq", ahuDays(time.Date(2025, 6, 11, 0, 0, 0, 0, time.UTC), 1, 3), store.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := fx.e.run(t.Context(), req); err != nil {
		t.Fatal(err)
	}
	fx.counts(t, "a write during the run", 2, 1, 2)
}

// TestRunCache_ResultsUnchanged: the runs served from the cache equal a
// fresh run, and serving them leaves the cached result as it was; a cached
// run split by min_severity equals a run made with it.
func TestRunCache_ResultsUnchanged(t *testing.T) {
	fx := newCacheFixture(t)
	data := fx.call(t, "rule_run", map[string]any{"facility_id": "hq", "limit": 100})
	for _, f := range data["findings"].([]any) {
		fx.call(t, "finding_detail", map[string]any{"facility_id": "hq", "finding_id": f.(map[string]any)["finding_id"]})
	}
	fx.call(t, "rcx_report", map[string]any{"facility_id": "hq"})
	fx.call(t, "rule_run", map[string]any{"facility_id": "hq", "min_severity": "info"})

	req, err := fx.e.prepareRun(t.Context(), &registry.Call{Name: "rule_run", Args: map[string]any{"facility_id": "hq"}, Ctx: fx.cc}, modeJudge)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := fx.e.runOnce(t.Context(), req, req.spec)
	if err != nil {
		t.Fatal(err)
	}
	fx.e.runs.mu.Lock()
	cached := fx.e.runs.runs[0].res
	fx.e.runs.mu.Unlock()
	opts := []cmp.Option{cmpopts.EquateNaNs(), cmp.Exporter(func(reflect.Type) bool { return true })}
	if d := cmp.Diff(fresh, cached, opts...); d != "" {
		t.Fatalf("the cached run differs from a fresh one (-fresh +cached):\n%s", d)
	}
	for _, sev := range []fdd.Severity{fdd.OK, fdd.Info, fdd.Warn, fdd.Fault} {
		spec := req.spec
		spec.MinSeverity = sev
		direct, err := fx.e.runOnce(t.Context(), req, spec)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(direct, withSeverity(cached, sev), opts...); d != "" {
			t.Errorf("min_severity %s (-run +split):\n%s", sev, d)
		}
	}
}

// TestRunCache_PagesAsUncached: rule_run's pages and min_severity splits
// served from one cached run answer exactly as each call does with no run
// cached (data, text, facts and banners).
func TestRunCache_PagesAsUncached(t *testing.T) {
	fx := newCacheFixture(t)
	pages := []map[string]any{
		{"facility_id": "hq", "limit": 2},
		{"facility_id": "hq", "limit": 2, "offset": 2},
		{"facility_id": "hq", "limit": 2, "offset": 4},
		{"facility_id": "hq", "offset": 1000},
		{"facility_id": "hq", "min_severity": "warn"},
		{"facility_id": "hq", "min_severity": "fault", "limit": 1, "offset": 1},
		{"facility_id": "hq", "min_severity": "ok", "limit": 3, "offset": 3},
	}
	for i, args := range pages {
		res, err := fx.reg.Call(t.Context(), "rule_run", args, fx.cc)
		if err != nil {
			t.Fatal(err)
		}
		fx.counts(t, fmt.Sprintf("page %v", args), 1, i, 1)
		if d := cmp.Diff(fx.uncached(t, "rule_run", args, fx.cc), res); d != "" {
			t.Errorf("rule_run %v from the cached run (-uncached +cached):\n%s", args, d)
		}
	}
	if n := len(fx.call(t, "rule_run", map[string]any{"facility_id": "hq", "limit": 100})["findings"].([]any)); n < 7 {
		t.Errorf("the run has %d findings: too few to page through", n)
	}
}

// TestRunCache_Concurrent: concurrent calls of the run capabilities
// (sensor_trust's rules view too) share the cache safely (run with -race)
// and answer alike.
func TestRunCache_Concurrent(t *testing.T) {
	fx := newCacheFixture(t)
	data := fx.call(t, "rule_run", map[string]any{"facility_id": "hq"})
	id := firstFinding(t, data, "AHU-2")
	want := fx.call(t, "finding_detail", map[string]any{"facility_id": "hq", "finding_id": id})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 2 {
				var name string
				args := map[string]any{"facility_id": "hq"}
				switch w % 4 {
				case 0:
					name = "rule_run"
				case 1:
					name, args["finding_id"] = "finding_detail", id
				case 2:
					name = "sensor_trust"
				default:
					name = "rcx_report"
				}
				res, err := fx.reg.Call(t.Context(), name, args, fx.cc)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					return
				}
				if name == "finding_detail" {
					if d := cmp.Diff(want, res.Data); d != "" {
						t.Errorf("finding_detail answered differently:\n%s", d)
					}
				}
			}
		}()
	}
	wg.Wait()
	if held, _, _ := fx.e.runs.counts(); held != 1 {
		t.Errorf("one run's arguments left %d cached runs", held)
	}
}

func TestRunCache_Bounds(t *testing.T) {
	small := func(equips int) *fdd.RunResult {
		res := &fdd.RunResult{Frames: map[string]*series.Frame{}}
		for i := range equips {
			res.Frames[fmt.Sprint(i)] = &series.Frame{N: 1000, Cols: map[model.Role][]float64{model.OAT: nil}}
		}
		return res
	}
	c := newRunCache(3, 1<<30)
	for i := range 5 {
		c.put(fmt.Sprint(i), "", small(1))
	}
	if held, _, stored := c.counts(); held != 3 || stored != 5 {
		t.Fatalf("holds %d of %d stored, want the last 3", held, stored)
	}
	if c.get("0") != nil || c.get("1") != nil || c.get("2") == nil {
		t.Fatal("the oldest runs are kept, or a recent one dropped")
	}
	c.put("5", "", small(1)) // "2" was used last, so "3" goes
	if c.get("3") != nil || c.get("2") == nil || c.get("4") == nil || c.get("5") == nil {
		t.Fatal("not the least recently used run evicted")
	}
	c.put("5", "", small(2)) // the same key again: replaced, not added
	if held, _, _ := c.counts(); held != 3 {
		t.Fatalf("a repeated key holds %d runs", held)
	}

	one := runCost(small(10))
	b := newRunCache(10, one*2+one/2)
	for i := range 4 {
		b.put(fmt.Sprint(i), "", small(10))
	}
	if held, _, _ := b.counts(); held != 2 || b.bytes > b.budget {
		t.Fatalf("budget of 2.5 runs holds %d (%d bytes of %d)", held, b.bytes, b.budget)
	}
	b.put("huge", "", small(40))
	if b.get("huge") != nil {
		t.Error("a run larger than the budget was kept")
	}
	if held, _, _ := b.counts(); held != 2 {
		t.Errorf("a run too large for the budget evicted others: %d held", held)
	}
}
