package store

import (
	"bytes"
	"testing"
)

func TestPoolClass(t *testing.T) {
	tests := []struct{ size, want int }{
		{0, -1}, {1, 0}, {64 << 10, 0}, {64<<10 + 1, 1}, {512 << 10, 3}, {8 << 20, 7}, {8<<20 + 1, -1},
	}
	for _, tt := range tests {
		if got := poolClass(tt.size); got != tt.want {
			t.Errorf("poolClass(%d) = %d, want %d", tt.size, got, tt.want)
		}
	}
}

func TestPagePool(t *testing.T) {
	var p pagePool
	for _, size := range []int{100, 300 << 10, 5 << 20, 9 << 20} {
		for round := range 3 {
			b := p.Allocate(size)
			if len(b) != size || !bytes.Equal(b, make([]byte, size)) {
				t.Fatalf("Allocate(%d), round %d: len %d or not zeroed", size, round, len(b))
			}
			for i := range b {
				b[i] = 0xAB // dirty it before it goes back
			}
			p.Free(b)
		}
	}
	b := p.Allocate(70 << 10)
	copy(b, "kept")
	g := p.Reallocate(1<<20, b)
	if len(g) != 1<<20 || string(g[:4]) != "kept" {
		t.Fatalf("Reallocate lost the contents: len %d, %q", len(g), g[:4])
	}
	if s := p.Reallocate(10, g); &s[0] != &g[0] || len(s) != 10 {
		t.Error("Reallocate within capacity moved the buffer")
	}
	p.Free(make([]byte, 96<<10)) // not from the pool: ignored
	if b := p.Allocate(96 << 10); cap(b) != 128<<10 {
		t.Errorf("a foreign buffer was pooled: cap %d", cap(b))
	}
}
