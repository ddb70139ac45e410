package builtin

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/analytics/runconfig"
	"github.com/camber-tui/camber-tui/internal/benchcpu"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/store/demo"
)

// bigCall is a caller of the big preset store (a 640-point facility-year
// at 5 min: 80 AHUs × 8 roles), generated once under the user cache dir.
func bigCall(b *testing.B) (*registry.Registry, *registry.CallContext, *env) {
	b.Helper()
	dir, err := demo.EnsureBig(b.Context())
	if err != nil {
		b.Fatal(err)
	}
	e := newEnv()
	reg, err := registry.New(capabilities(e), nil, registry.Options{Data: e.data})
	if err != nil {
		b.Fatal(err)
	}
	return reg, &registry.CallContext{Store: dir, AllowedFacilities: []string{demo.BigFleet}}, e
}

// benchCall runs one capability call per iteration and reports the
// result's serialized size.
func benchCall(b *testing.B, reg *registry.Registry, cc *registry.CallContext, name string, args map[string]any) {
	b.Helper()
	benchRuns(b, reg, cc, nil, name, args)
}

// benchCold is benchCall with e's run cache emptied before every call:
// each call makes its whole run, as the first call over its arguments does.
func benchCold(b *testing.B, reg *registry.Registry, cc *registry.CallContext, e *env, name string, args map[string]any) {
	b.Helper()
	benchRuns(b, reg, cc, e, name, args)
}

// benchRuns runs one call per iteration, emptying cold's run cache first
// unless cold is nil.
func benchRuns(b *testing.B, reg *registry.Registry, cc *registry.CallContext, cold *env, name string, args map[string]any) {
	b.Helper()
	var size int
	c0 := benchcpu.Now()
	for b.Loop() {
		if cold != nil {
			cold.runs = newRunCache(runCacheRuns, runCacheBytes)
		}
		res, err := reg.Call(b.Context(), name, args, cc)
		if err != nil {
			b.Fatal(err)
		}
		out, err := json.Marshal(res)
		if err != nil {
			b.Fatal(err)
		}
		size = len(out)
	}
	b.ReportMetric(float64(size), "result-bytes")
	benchcpu.Report(b, c0)
}

// BenchmarkRuleRunBig is rule_run with every rule over the big facility,
// its time split into reading the store (read), building the run grid and
// scoring trust (grid+trust, which includes read) and the rules (rule_run
// minus grid+trust). Each sub-benchmark reads the store afresh: rule_run
// runs cold (the run cache emptied before every call). next_page is the
// call after it for the next page (offset 25): the cached run, paged.
func BenchmarkRuleRunBig(b *testing.B) {
	reg, cc, e := bigCall(b)
	fac := demo.BigFleet
	b.Run("read", func(b *testing.B) {
		r, err := e.open(cc.Store)
		if err != nil {
			b.Fatal(err)
		}
		c0 := benchcpu.Now()
		for b.Loop() {
			src, err := e.newSource(b.Context(), r, fac)
			if err != nil {
				b.Fatal(err)
			}
			src.batchOrder(src.equipIDs())
			for _, eq := range src.equips {
				if _, err := src.Series(b.Context(), eq.Equip, 0, 0); err != nil {
					b.Fatal(err)
				}
			}
		}
		benchcpu.Report(b, c0)
	})
	b.Run("grid+trust", func(b *testing.B) {
		r, err := e.open(cc.Store)
		if err != nil {
			b.Fatal(err)
		}
		var read time.Duration
		c0 := benchcpu.Now()
		for b.Loop() {
			src, err := e.newSource(b.Context(), r, fac)
			if err != nil {
				b.Fatal(err)
			}
			spec := runconfig.Default(fac, src.equips).Spec()
			spec.Rules, spec.MinTrust = []string{}, registry.DefaultMinTrust
			src.batchOrder(src.equipIDs())
			if _, err := fdd.Run(b.Context(), spec, src); err != nil {
				b.Fatal(err)
			}
			read += time.Duration(src.readNS.Load())
		}
		b.ReportMetric(read.Seconds()/float64(b.N), "read-s/op")
		benchcpu.Report(b, c0)
	})
	b.Run("rule_run", func(b *testing.B) {
		benchCold(b, reg, cc, e, "rule_run", map[string]any{"facility_id": fac})
	})
	b.Run("next_page", func(b *testing.B) {
		if _, err := reg.Call(b.Context(), "rule_run", map[string]any{"facility_id": fac}, cc); err != nil {
			b.Fatal(err)
		}
		benchCall(b, reg, cc, "rule_run", map[string]any{"facility_id": fac, "offset": ruleRunPage})
	})
}

// BenchmarkFindingDetailBig is finding_detail of the big facility's worst
// finding after a rule_run with the same run arguments: the run comes from
// the run cache, so this is one finding's spans and facts. The cold call
// (the whole run again) is BenchmarkRunCacheBig/finding_detail/cold.
func BenchmarkFindingDetailBig(b *testing.B) {
	reg, cc, _ := bigCall(b)
	res, err := reg.Call(b.Context(), "rule_run", map[string]any{"facility_id": demo.BigFleet, "limit": 1}, cc)
	if err != nil {
		b.Fatal(err)
	}
	id := res.Data.(map[string]any)["findings"].([]any)[0].(map[string]any)["finding_id"].(string)
	benchCall(b, reg, cc, "finding_detail", map[string]any{"facility_id": demo.BigFleet, "finding_id": id})
}

// BenchmarkSensorTrustBig is sensor_trust of every point of the big
// facility: both views cold (the run cache emptied before every call;
// the report view never uses it), and the rules view after a rule_run
// over the same frames (its frames and trust scores from the cached run).
func BenchmarkSensorTrustBig(b *testing.B) {
	reg, cc, e := bigCall(b)
	for _, view := range []string{viewRules, viewReport} {
		b.Run(view, func(b *testing.B) {
			benchCold(b, reg, cc, e, "sensor_trust", map[string]any{"facility_id": demo.BigFleet, "view": view})
		})
	}
	b.Run(viewRules+"/after_rule_run", func(b *testing.B) {
		if _, err := reg.Call(b.Context(), "rule_run", map[string]any{"facility_id": demo.BigFleet}, cc); err != nil {
			b.Fatal(err)
		}
		benchCall(b, reg, cc, "sensor_trust", map[string]any{"facility_id": demo.BigFleet, "view": viewRules})
	})
}

// BenchmarkRCXReportBig compares rcx_report with rule_run on the big
// preset (640 points, a facility-year at 5 minutes), both cold (the run
// cache emptied before every call): the report makes the same rule run,
// then builds the report. Budget: rule_run + 20 %.
func BenchmarkRCXReportBig(b *testing.B) {
	reg, cc, e := bigCall(b)
	args := map[string]any{"facility_id": demo.BigFleet}
	for _, name := range []string{"rule_run", "rcx_report"} {
		b.Run(name, func(b *testing.B) {
			benchCold(b, reg, cc, e, name, args)
		})
	}
}
