package mv

import (
	"time"

	"github.com/camber-tui/camber-tui/model"
)

func roleOf(s string) model.Role { return model.Role(s) }

// seriesOf builds n samples every step from start with values v(i).
func seriesOf(equip, role string, start int64, step time.Duration, n int, v func(i int) float64) model.Series {
	s := model.Series{Equip: equip, Role: model.Role(role)}
	for i := range n {
		s.TS = append(s.TS, start+int64(i)*int64(step))
		s.V = append(s.V, v(i))
	}
	return s
}

// drop removes the samples in [lo, hi).
func drop(s model.Series, lo, hi int64) model.Series {
	out := model.Series{Equip: s.Equip, Class: s.Class, Role: s.Role}
	for i, ts := range s.TS {
		if ts < lo || ts >= hi {
			out.TS = append(out.TS, ts)
			out.V = append(out.V, s.V[i])
		}
	}
	return out
}
