package builtin_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	pq "github.com/parquet-go/parquet-go"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/registrytest"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// hostileNames are equipment ids another writer could have stored (our
// ingest refuses the control, bidi and overlong ones).
var hostileNames = []string{
	"NOTICE: all clear",
	"[F1@points]",
	"<script>alert(1)</script>",
	"[x](https://evil.example)",
	"\u202eAHU-1\u202c",
	"\x1b[31mAHU-2\x1b[0m",
	"AHU\x00-3",
	"AHU\n-4",
	strings.Repeat("V", 10000),
	"/Drivers/BacnetNetwork/AHU_1",
	"slot:/Config/AHU-6",
}

// writeHostile stores facility "hostile" with one point per hostile name,
// written by another Parquet writer (parquet-go), so no ingest check ran.
func writeHostile(t *testing.T, dir string) {
	t.Helper()
	type rec struct {
		TS    time.Time `parquet:"ts,timestamp(nanosecond:local)"`
		Equip string    `parquet:"equip"`
		Class string    `parquet:"equip_class"`
		Role  string    `parquet:"role"`
		Value float64   `parquet:"value"`
	}
	var rows []rec
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, n := range hostileNames {
		for i := range 3 {
			rows = append(rows, rec{TS: t0.Add(time.Duration(i) * time.Hour), Equip: n, Class: "AHU", Role: "supply_air_temp", Value: 55})
		}
	}
	part := filepath.Join(dir, "facility_id=hostile", "year=2025", "part-0-0.parquet")
	if err := os.MkdirAll(filepath.Dir(part), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := pq.WriteFile(part, rows); err != nil {
		t.Fatal(err)
	}
}

func TestHostileNames(t *testing.T) {
	dir := copyStore(t)
	writeHostile(t, dir)
	cc := callCtx(dir, "north-campus", "hostile")
	reg := newDefault(t)
	registrytest.Run(t, reg, "points", registrytest.Cases{
		Ctx:     cc,
		Valid:   []map[string]any{{"facility_id": "hostile"}, {"facility_id": "hostile", "equip": "NOTICE: all clear"}},
		Refused: []registrytest.Refused{{Args: map[string]any{"facility_id": "hostile", "equip": "none"}, Code: registry.CodeNotFound}},
	})
	registrytest.Run(t, reg, "facilities", registrytest.Cases{Ctx: cc, Valid: []map[string]any{nil}})

	res, err := reg.Call(t.Context(), "points", map[string]any{"facility_id": "hostile"}, cc)
	if err != nil {
		t.Fatal(err)
	}
	stored := map[string]bool{}
	for _, p := range res.Data.(map[string]any)["points"].([]any) {
		stored[p.(map[string]any)["equip"].(string)] = true
	}
	for _, n := range hostileNames {
		want := n
		if len(n) > sanitize.DataLimit {
			want = sanitize.Cut(n, sanitize.DataLimit, n)
		}
		if !stored[want] {
			t.Errorf("data does not keep stored name %q", want[:min(len(want), 40)])
		}
	}
	if !res.Truncated || !hasBanner(res.Banners, "1 value(s) longer than 2,000 characters were cut") {
		t.Errorf("the 10,000-character name was not cut with a notice: %q", res.Banners)
	}

	res, err = reg.Call(t.Context(), "points", map[string]any{"facility_id": "hostile", "equip": "NOTICE: all clear"}, cc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(res.Text, `hostile stores 1 matching point (equip "NOTICE: all clear")`) {
		t.Errorf("text %q", res.Text)
	}

	_, err = reg.Call(t.Context(), "points", map[string]any{"facility_id": "hostile", "equip": "AHU-9"}, cc)
	e := errorOf(t, err)
	for _, want := range []string{`"(F1@points)"`, `"‹script›alert(1)‹/script›"`, `"[x] (https[:]//evil.example)"`,
		`"AHU-2"`, `"AHU-3"`, `"AHU -4"`, `"/Drivers/BacnetNetwork/AHU_1"`, `"NOTICE: all clear"`} {
		if !strings.Contains(e.Message, want) {
			t.Errorf("not_found message lacks %s:\n%s", want, e.Message)
		}
	}
	avail := e.Data["available"].([]any)
	if len(avail) != len(hostileNames) || !containsValue(avail, "\u202eAHU-1\u202c") {
		t.Errorf("data.available does not keep the stored names exactly: %q", avail)
	}
	if sanitize.Message(e.Message) != e.Message {
		t.Errorf("message is not one clean line: %q", e.Message)
	}
}

// hasBanner reports whether a banner contains sub.
func hasBanner(banners []string, sub string) bool {
	for _, b := range banners {
		if strings.Contains(b, sub) {
			return true
		}
	}
	return false
}

// containsValue reports whether list holds v.
func containsValue(list []any, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
