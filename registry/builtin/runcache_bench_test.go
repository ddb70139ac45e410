package builtin

import (
	"testing"

	"github.com/camber-tui/camber-tui/internal/benchcpu"
	"github.com/camber-tui/camber-tui/store/demo"
)

// BenchmarkRunCacheBig measures finding_detail and rcx_report on the big
// preset (640 points, a facility-year at 5 min) two ways: cold, with the
// run cache emptied before every call (the whole run, as without a
// rule_run before it), and after a rule_run with the same arguments (the
// cached run: only the capability's own work).
func BenchmarkRunCacheBig(b *testing.B) {
	reg, cc, e := bigCall(b)
	fac := demo.BigFleet
	res, err := reg.Call(b.Context(), "rule_run", map[string]any{"facility_id": fac, "limit": 1}, cc)
	if err != nil {
		b.Fatal(err)
	}
	id := res.Data.(map[string]any)["findings"].([]any)[0].(map[string]any)["finding_id"].(string)
	for _, tc := range []struct {
		name string
		args map[string]any
	}{
		{"finding_detail", map[string]any{"facility_id": fac, "finding_id": id}},
		{"rcx_report", map[string]any{"facility_id": fac}},
	} {
		b.Run(tc.name+"/cold", func(b *testing.B) {
			var cpu int64
			for b.Loop() {
				e.runs = newRunCache(runCacheRuns, runCacheBytes)
				c0 := benchcpu.Now()
				if _, err := reg.Call(b.Context(), tc.name, tc.args, cc); err != nil {
					b.Fatal(err)
				}
				cpu += int64(benchcpu.Now() - c0)
			}
			b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
		})
		b.Run(tc.name+"/after_rule_run", func(b *testing.B) {
			if _, err := reg.Call(b.Context(), "rule_run", map[string]any{"facility_id": fac}, cc); err != nil {
				b.Fatal(err)
			}
			benchCall(b, reg, cc, tc.name, tc.args)
		})
	}
}
