package series

import (
	"encoding/binary"
	"math"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/model"
)

// FuzzBuild_Direct: on any ascending series (repeated timestamps, gaps,
// odd values) of a numeric, a status and a percent role, the direct fill
// and the aggregating path give the same frame bit for bit, on the hourly,
// a 5-minute and the native grid.
func FuzzBuild_Direct(f *testing.F) {
	f.Add([]byte{5, 0, 0, 0, 0, 0, 0, 0x40, 5, 0, 0, 0, 0, 0, 0, 0x80, 0, 1, 0, 0, 0, 0, 0, 0x40})
	f.Add([]byte{60, 1, 2, 3, 4, 5, 6, 7, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 59, 0, 0, 0, 0, 0, 0xf0, 0x7f})
	f.Fuzz(func(t *testing.T, data []byte) {
		// Each 9 bytes are one sample: minutes after the previous one,
		// then the value's bits.
		var ts []int64
		var vs []float64
		now := t0
		for len(data) >= 9 && len(ts) < 2000 {
			now += int64(data[0]) * int64(time.Minute)
			ts = append(ts, now)
			vs = append(vs, math.Float64frombits(binary.LittleEndian.Uint64(data[1:9])))
			data = data[9:]
		}
		var in []model.Series
		for _, r := range []model.Role{model.SupplyAirTemp, model.SupplyFanStatus, model.CoolValve} {
			in = append(in, model.Series{Equip: "A", Class: "AHU", Role: r, TS: ts, V: vs})
		}
		for _, opt := range []Options{{}, {Step: 5 * time.Minute}, {Start: t0 + int64(time.Hour), End: t0 + int64(9*time.Hour)}} {
			if d := sameFrame(Build("A", "AHU", in, opt), aggregated("A", in, opt, false)); d != "" {
				t.Fatalf("Build %+v: %s", opt, d)
			}
			if d := sameFrame(BuildNative("A", "AHU", in, opt), aggregated("A", in, opt, true)); d != "" {
				t.Fatalf("BuildNative %+v: %s", opt, d)
			}
		}
	})
}
