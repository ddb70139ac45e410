package builtin

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/store"
)

// TestTally checks the folded tally against the series package on the
// whole, sorted, de-duplicated timestamps, however they are cut into runs.
func TestTally(t *testing.T) {
	min5 := int64(5 * time.Minute)
	regular := func(n int) []int64 {
		ts := make([]int64, n)
		for i := range ts {
			ts[i] = int64(i) * min5
		}
		return ts
	}
	rng := rand.New(rand.NewPCG(7, 11))
	irregular := make([]int64, 2000)
	for i := 1; i < len(irregular); i++ {
		irregular[i] = irregular[i-1] + int64(1+rng.IntN(900))*int64(time.Second)
	}
	withGaps := regular(1000)
	for i := 300; i < len(withGaps); i++ {
		withGaps[i] += 6 * int64(time.Hour)
	}
	for i := 700; i < len(withGaps); i++ {
		withGaps[i] += 90 * int64(time.Minute)
	}
	tests := []struct {
		name string
		ts   []int64
	}{
		{"one", []int64{42}},
		{"two", []int64{0, min5}},
		{"regular", regular(500)},
		{"even count", regular(10)},
		{"irregular", irregular},
		{"gaps", withGaps},
		{"regime change", append(regular(50), slices.Collect(func(yield func(int64) bool) {
			for i := range 200 {
				if !yield(50*min5 + int64(i+1)*int64(time.Minute)) {
					return
				}
			}
		})...)},
	}
	for _, tt := range tests {
		for _, cut := range []int{1, 3, 64, len(tt.ts)} {
			var tl tally
			for lo := 0; lo < len(tt.ts); lo += cut {
				run := tt.ts[lo:min(lo+cut, len(tt.ts))]
				tl.add(run)
				tl.add(run[len(run)-1:]) // a repeated timestamp is one sample
			}
			if tl.unordered || tl.samples != len(tt.ts) || tl.first != tt.ts[0] || tl.last != tt.ts[len(tt.ts)-1] {
				t.Fatalf("%s cut %d: samples %d first %d last %d unordered %v", tt.name, cut, tl.samples, tl.first, tl.last, tl.unordered)
			}
			iv, ok := tl.interval()
			if want := series.MedianInterval(tt.ts); iv != want || ok != (len(tt.ts) > 1) {
				t.Errorf("%s cut %d: interval %d (%v), want %d", tt.name, cut, iv, ok, want)
			}
			var got []series.Gap
			tl.gapsOver(iv*3/2, func(from, d int64, n int) {
				for k := range n {
					got = append(got, series.Gap{From: from + int64(k)*d, To: from + int64(k+1)*d})
				}
			})
			if want := series.Gaps(tt.ts, iv); !slices.Equal(got, want) {
				t.Errorf("%s cut %d: gaps %v, want %v", tt.name, cut, got, want)
			}
		}
	}
}

func TestTally_Unordered(t *testing.T) {
	var tl tally
	tl.add([]int64{10, 20, 30})
	tl.add([]int64{15, 25})
	if !tl.unordered || tl.steps != nil {
		t.Fatalf("a timestamp before the last one did not mark the tally unordered: %+v", tl)
	}
	tl.add([]int64{40})
	if tl.samples != 3 {
		t.Fatalf("an unordered tally took more samples: %d", tl.samples)
	}
}

func TestSplitEquips(t *testing.T) {
	for _, n := range []int{1, 2, 3, 8} {
		equips := []string{"A", "B", "C", "D", "E"}
		var sel []store.Point
		for i, e := range equips {
			for range i + 1 {
				sel = append(sel, store.Point{Equip: e})
			}
		}
		groups := splitEquips(sel, equips, n)
		if len(groups) > n || len(groups) == 0 {
			t.Fatalf("n=%d: %d groups", n, len(groups))
		}
		if got := slices.Concat(groups...); !slices.Equal(got, equips) {
			t.Fatalf("n=%d: groups %v lose or reorder equipment", n, groups)
		}
	}
	if splitEquips(nil, nil, 2) != nil {
		t.Fatal("no equipment gave groups")
	}
}

// FuzzTally folds arbitrary timestamps cut into arbitrary runs and checks
// the tally against the series package on the sorted, de-duplicated
// timestamps (or that it asks for a recount when they go backwards).
func FuzzTally(f *testing.F) {
	f.Add([]byte{5, 5, 5, 0, 5, 200, 5}, uint8(3))
	f.Add([]byte{1, 2, 3, 250, 1, 1}, uint8(1))
	f.Fuzz(func(t *testing.T, steps []byte, cut uint8) {
		ts := []int64{0}
		backwards := false
		for _, b := range steps {
			d := int64(int8(b)) * int64(time.Minute)
			backwards = backwards || d < 0
			ts = append(ts, ts[len(ts)-1]+d)
		}
		var tl tally
		size := int(cut%16) + 1
		for lo := 0; lo < len(ts); lo += size {
			tl.add(ts[lo:min(lo+size, len(ts))])
		}
		if backwards {
			if !tl.unordered {
				t.Fatalf("timestamps went backwards but the tally is not unordered: %v", ts)
			}
			return
		}
		uniq := slices.Compact(slices.Clone(ts))
		iv, _ := tl.interval()
		if tl.unordered || tl.samples != len(uniq) || iv != series.MedianInterval(uniq) {
			t.Fatalf("tally %+v interval %d for %v", tl, iv, uniq)
		}
		n := 0
		tl.gapsOver(iv*3/2, func(_, _ int64, k int) { n += k })
		if want := series.CountGaps(uniq, iv); n != want {
			t.Fatalf("%d gaps, want %d for %v", n, want, uniq)
		}
	})
}
