package mv

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"testing"
)

// FuzzFitModel feeds arbitrary rows to every model kind: a fit either
// fails with an error or returns statistics that encode as JSON (no NaN or
// infinity), and never panics.
func FuzzFitModel(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, uint8(1))
	f.Add(make([]byte, 16*40), uint8(4))
	f.Fuzz(func(t *testing.T, raw []byte, k uint8) {
		kinds := Kinds()
		kind := kinds[int(k)%len(kinds)]
		var d Data
		for i := 0; i+16 <= len(raw) && i < 16*400; i += 16 {
			y := math.Float64frombits(binary.LittleEndian.Uint64(raw[i:]))
			x := math.Float64frombits(binary.LittleEndian.Uint64(raw[i+8:]))
			if !finite(y) || !finite(x) || math.Abs(y) > 1e9 || math.Abs(x) > 1e4 {
				continue
			}
			d.Y, d.Temp = append(d.Y, y), append(d.Temp, x)
			d.HourOfWeek = append(d.HourOfWeek, (i/16)%HoursPerWeek)
			d.DayTemps = append(d.DayTemps, []float64{x})
		}
		fit, err := FitModel(t.Context(), kind, d)
		if err != nil {
			return
		}
		if _, err := json.Marshal(fit); err != nil {
			t.Fatalf("%s fit does not encode: %v", kind, err)
		}
		for _, p := range fit.Predict(d) {
			if math.IsInf(p, 0) {
				t.Fatalf("%s predicts infinity", kind)
			}
		}
	})
}
