package registry_test

import (
	"context"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
)

func TestCall_Page(t *testing.T) {
	tests := []struct {
		name                 string
		list                 string
		total, limit, offset int
		order                string
		lo, hi               int
		banner               string
	}{
		{"whole list", "points", 10, 250, 0, "", 0, 10, ""},
		{"empty list", "points", 0, 25, 50, "", 0, 0, ""},
		{"first page", "findings", 159, 25, 0, "worst first", 0, 25,
			"'findings' shows rows 1-25 of 159 (worst first): call again with offset=25 for the next page, or a larger limit (up to 1000)"},
		{"middle page", "findings", 159, 25, 25, "worst first", 25, 50,
			"'findings' shows rows 26-50 of 159 (worst first): call again with offset=50 for the next page, or a larger limit (up to 1000)"},
		{"last page", "points", 159, 25, 150, "", 150, 159,
			"'points' shows rows 151-159 of 159: the last page; call again with offset=0 for the first"},
		{"largest limit", "points", 5000, 1000, 0, "", 0, 1000,
			"'points' shows rows 1-1000 of 5000: call again with offset=1000 for the next page"},
		{"short list on a later page", "cited", 1, 25, 25, "", 1, 1,
			"'cited' is empty on this page: all its 1 row(s) are on the first page"},
		{"offset past a long list", "points", 300, 25, 1000000, "", 300, 300,
			"'points' is empty on this page: offset=1000000 is past its 300 row(s); call again with a smaller offset"},
		{"limit above the maximum", "points", 3000, 5000, 0, "", 0, 1000,
			"'points' shows rows 1-1000 of 3000: call again with offset=1000 for the next page"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var lo, hi int
			h := func(_ context.Context, c *registry.Call) (*registry.Result, error) {
				lo, hi = c.Page(tt.list, tt.total, tt.limit, tt.offset, tt.order)
				return &registry.Result{Data: map[string]any{"count": tt.total}}, nil
			}
			reg := newReg(t, newFakeData(own("hq")), probe("probe", h))
			res, err := reg.Call(t.Context(), "probe", nil, ctxFor("hq"))
			if err != nil {
				t.Fatal(err)
			}
			if lo != tt.lo || hi != tt.hi {
				t.Fatalf("bounds [%d,%d), want [%d,%d)", lo, hi, tt.lo, tt.hi)
			}
			if tt.banner == "" {
				if len(res.Banners) != 0 || res.Truncated {
					t.Fatalf("whole list gave banners %q truncated %v", res.Banners, res.Truncated)
				}
				return
			}
			if len(res.Banners) != 1 || res.Banners[0] != tt.banner || !res.Truncated {
				t.Fatalf("banners %q truncated %v\nwant %q", res.Banners, res.Truncated, tt.banner)
			}
		})
	}
}

func TestCall_PageArgs(t *testing.T) {
	var limit, offset int
	h := func(_ context.Context, c *registry.Call) (*registry.Result, error) {
		limit, offset = c.PageArgs(250)
		return &registry.Result{Data: map[string]any{}}, nil
	}
	reg := newReg(t, newFakeData(own("hq")), probe("probe", h))
	if _, err := reg.Call(t.Context(), "probe", nil, ctxFor("hq")); err != nil {
		t.Fatal(err)
	}
	if limit != 250 || offset != 0 {
		t.Fatalf("defaults %d %d", limit, offset)
	}
	if _, err := reg.Call(t.Context(), "probe", map[string]any{"limit": 10.0, "offset": 20}, ctxFor("hq")); err != nil {
		t.Fatal(err)
	}
	if limit != 10 || offset != 20 {
		t.Fatalf("given %d %d", limit, offset)
	}
}
