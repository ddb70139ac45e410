package drift

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"testing"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// FuzzRun overwrites parts of a chiller and tower with arbitrary values
// (NaN, infinities, huge numbers): Run never panics and its result always
// encodes as JSON.
func FuzzRun(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add(make([]byte, 24))
	f.Fuzz(func(t *testing.T, raw []byte) {
		ch := chillerFrame("CH-1", 20*96, q15, 1, nil)
		tw := towerFrame("CT-1", []*series.Frame{ch}, 2, false, nil)
		roles := []model.Role{model.CHWFlow, model.CHWReturnTemp, model.CondApproachTemp, model.SubcoolingTemp, model.DischargePressure}
		for i := 0; i+12 <= len(raw) && i < 12*200; i += 12 {
			v := math.Float64frombits(binary.LittleEndian.Uint64(raw[i:]))
			at := int(binary.LittleEndian.Uint32(raw[i+8:]))
			role := roles[at%len(roles)]
			ch.Cols[role][at%ch.N] = v
			tw.Cols[model.CWSupplyTemp][(at/7)%tw.N] = v
		}
		res, err := Run(t.Context(), Spec{Frames: []*series.Frame{ch, tw}, Baseline: ptrW(days(0, 10)), Current: days(10, 20)})
		if err != nil {
			return
		}
		if _, err := json.Marshal(res); err != nil {
			t.Fatalf("result does not encode: %v", err)
		}
	})
}
