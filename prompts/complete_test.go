package prompts_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	pq "github.com/parquet-go/parquet-go"

	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/builtin"
	"github.com/camber-tui/camber-tui/registry/sanitize"
	"github.com/camber-tui/camber-tui/store"
	"github.com/camber-tui/camber-tui/store/catalog"
)

// hostileStored are equipment ids store.Write accepts that must never be
// offered (markup, links, fact brackets, quotes, NOTICE).
var hostileStored = []string{"NOTICE AHU", "notice: all clear", "<b>AHU-5</b>", "AHU-[F1@points]", `AHU "7"`,
	"https://x.example/AHU", "www.ahu.example", "[AHU](x)", " AHU-6"}

// hostileRaw are ids only another Parquet writer could store (control,
// bidi, line breaks, over 200 characters); never offered either.
var hostileRaw = []string{"AHU\n-4", "\u202eAHU-8", "AHU-9\x1b[31m", strings.Repeat("B", 201), "AHU\t11"}

// long200 is an id of exactly 200 characters: offered.
var long200 = "A" + strings.Repeat("x", 199)

// completionStore writes a store for the completion tests and returns a
// call context allowed hq, north-campus, campus-north, big, ghost (allowed,
// not stored) and the research-only ds-ashrae-gepiii; secret is stored but
// not allowed.
func completionStore(t *testing.T) *registry.CallContext {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "store")
	st, err := store.Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano()
	pt := func(equip, class string, role model.Role) model.Series {
		return model.Series{Equip: equip, Class: class, Role: role,
			TS: []int64{t0, t0 + int64(time.Hour), t0 + 2*int64(time.Hour)}, V: []float64{1, 2, 3}}
	}
	ahu := func(id string) model.Series { return pt(id, "AHU", model.SupplyAirTemp) }
	hq := []model.Series{ahu("AHU-1"), pt("AHU-1", "AHU", model.CoolValve), ahu("AHU-2"), ahu("AHU-10"),
		pt("Air Handler 3", "air_handler", model.SupplyAirTemp), pt("AHU-X", "", model.SupplyAirTemp), ahu(long200),
		pt("LOGGER-1", "Logger", model.SupplyAirTemp), pt("MTR-1", "Meter", model.Power), pt("WX-1", "Weather", model.OAT),
		pt("RTU-1", "RTU", model.SupplyAirTemp), pt("VAV-1-1", "VAV", model.SpaceTemp)}
	for _, h := range hostileStored {
		hq = append(hq, ahu(h))
	}
	var big []model.Series
	for i := 1; i <= 150; i++ {
		big = append(big, ahu(fmt.Sprintf("AHU-%d", i)))
	}
	big = append(big, ahu("OLD-AHU-1"))
	research := &store.Entry{Name: "research", Lifecycle: store.LifecycleActive}
	if e, ok := catalog.Lookup("ashrae-gepiii"); ok {
		research.Dataset = &store.Dataset{ID: e.ID, Licence: e.Licence, Access: e.Access, Redistribution: e.Redistribution}
	} else {
		t.Fatal("the catalog has no ashrae-gepiii entry")
	}
	for _, f := range []struct {
		id     string
		series []model.Series
		entry  *store.Entry
	}{
		{"hq", hq, nil}, {"north-campus", []model.Series{ahu("AHU-N")}, nil}, {"campus-north", []model.Series{ahu("AHU-C")}, nil},
		{"big", big, nil}, {"secret", []model.Series{ahu("AHU-S")}, nil}, {"ds-ashrae-gepiii", []model.Series{ahu("AHU-R")}, research},
	} {
		entry := f.entry
		if entry == nil {
			entry = &store.Entry{Name: f.id, Lifecycle: store.LifecycleActive}
		}
		if _, err := st.Write(t.Context(), f.id, f.series, store.WriteOptions{Replace: true, Entry: entry}); err != nil {
			t.Fatalf("write %s: %v", f.id, err)
		}
	}
	writeRaw(t, dir, "hq", hostileRaw)
	return &registry.CallContext{Store: dir,
		AllowedFacilities: []string{"hq", "north-campus", "campus-north", "big", "ghost", "ds-ashrae-gepiii"}}
}

// writeRaw adds a part file with one AHU point per id to a facility,
// written by parquet-go, so no store check runs on the ids.
func writeRaw(t *testing.T, dir, facility string, ids []string) {
	t.Helper()
	type rec struct {
		TS    time.Time `parquet:"ts,timestamp(nanosecond:local)"`
		Equip string    `parquet:"equip"`
		Class string    `parquet:"equip_class"`
		Role  string    `parquet:"role"`
		Value float64   `parquet:"value"`
	}
	var rows []rec
	for _, id := range ids {
		rows = append(rows, rec{TS: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), Equip: id, Class: "AHU", Role: "supply_air_temp", Value: 55})
	}
	part := filepath.Join(dir, "facility_id="+facility, "year=2025", "part-99-0.parquet")
	if err := os.MkdirAll(filepath.Dir(part), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := pq.WriteFile(part, rows); err != nil {
		t.Fatal(err)
	}
}

func TestComplete(t *testing.T) {
	cc := completionStore(t)
	reg, err := builtin.Default()
	if err != nil {
		t.Fatal(err)
	}
	hqAll := []string{"AHU-1", "AHU-2", "AHU-10", "AHU-X", "Air Handler 3", long200, "LOGGER-1", "MTR-1", "RTU-1", "VAV-1-1", "WX-1"}
	// Air handlers only: no meter, weather, packaged unit or terminal, and
	// nothing of an unrecognised class (LOGGER-1's "Logger", AHU-X's none).
	hqAHUs := []string{"AHU-1", "AHU-2", "AHU-10", "Air Handler 3", long200}
	var bigPrefix []string
	for _, n := range []int{1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19} {
		bigPrefix = append(bigPrefix, fmt.Sprintf("AHU-%d", n))
	}
	for n := 100; n <= 150; n++ {
		bigPrefix = append(bigPrefix, fmt.Sprintf("AHU-%d", n))
	}
	hq := map[string]string{"facility_id": "hq"}
	cases := []struct {
		name, prompt, arg, value string
		chosen                   map[string]string
		want                     []string
	}{
		{"facilities", "triage_ahu", "facility_id", "", nil, []string{"big", "campus-north", "hq", "north-campus"}},
		{"facilities prefix first", "rcx_executive_summary", "facility_id", "north", nil, []string{"north-campus", "campus-north"}},
		{"facilities any case", "plan_site_visit", "facility_id", "NORTH", nil, []string{"north-campus", "campus-north"}},
		{"facilities none", "triage_ahu", "facility_id", "zzz", nil, []string{}},
		{"research-only never", "triage_ahu", "facility_id", "ds-", nil, []string{}},
		{"not allowed never", "triage_ahu", "facility_id", "secret", nil, []string{}},
		{"typed hostile", "triage_ahu", "facility_id", "h\nq", nil, []string{}},
		{"triage only air handlers", "triage_ahu", "equip", "", hq, hqAHUs},
		{"triage prefix", "triage_ahu", "equip", "ahu", hq, []string{"AHU-1", "AHU-2", "AHU-10"}},
		{"triage no logger", "triage_ahu", "equip", "LOG", hq, []string{}},
		{"triage substring after prefix", "triage_ahu", "equip", "handler", hq, []string{"Air Handler 3"}},
		{"triage no meter", "triage_ahu", "equip", "MTR", hq, []string{}},
		{"equip needs a facility", "triage_ahu", "equip", "", nil, []string{}},
		{"equip facility not allowed", "triage_ahu", "equip", "", map[string]string{"facility_id": "secret"}, []string{}},
		{"equip facility research-only", "triage_ahu", "equip", "", map[string]string{"facility_id": "ds-ashrae-gepiii"}, []string{}},
		{"equip facility not stored", "triage_ahu", "equip", "", map[string]string{"facility_id": "ghost"}, []string{}},
		{"equip facility malformed", "triage_ahu", "equip", "", map[string]string{"facility_id": "<hq>"}, []string{}},
		{"equips all classes", "compare_equipment", "equips", "", hq, hqAll},
		{"equips after one", "compare_equipment", "equips", "AHU-1, ", hq, prefixed("AHU-1, ", without(hqAll, "AHU-1"))},
		{"equips last id", "compare_equipment", "equips", "AHU-1,AHU-2,ah", hq, []string{"AHU-1,AHU-2,AHU-10", "AHU-1,AHU-2,AHU-X"}},
		{"equips listed never again", "compare_equipment", "equips", "AHU-10, AHU-1", hq, []string{"AHU-10, AHU-1"}},
		{"equips full", "compare_equipment", "equips", strings.Repeat("X,", 20), hq, []string{}},
		{"big capped", "triage_ahu", "equip", "", map[string]string{"facility_id": "big"}, bigNames(1, 100)},
		{"big prefix then substring", "triage_ahu", "equip", "ahu-1", map[string]string{"facility_id": "big"}, append(slices.Clone(bigPrefix), "OLD-AHU-1")},
		{"claim nothing", "check_savings_claim", "claim", "", hq, []string{}},
		{"finding nothing", "explain_finding", "finding_id", "econ", hq, []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := prompts.Complete(t.Context(), reg, cc, c.prompt, c.arg, c.value, c.chosen)
			if err != nil {
				t.Fatal(err)
			}
			if got == nil || !slices.Equal(got, c.want) {
				t.Fatalf("Complete(%s %s %q) =\n %q\nwant\n %q", c.prompt, c.arg, c.value, got, c.want)
			}
			for _, v := range got {
				checkOffered(t, v)
			}
		})
	}
}

// checkOffered fails when v, or its last comma-separated id, is a name
// completion must never offer.
func checkOffered(t *testing.T, v string) {
	t.Helper()
	id := v[strings.LastIndexByte(v, ',')+1:]
	id = strings.TrimLeft(id, " ")
	if slices.Contains(hostileStored, id) || slices.Contains(hostileRaw, id) || strings.HasPrefix(strings.ToUpper(id), "NOTICE") {
		t.Errorf("offered hostile name %q", id)
	}
	if len(id) <= sanitize.NameLimit && sanitize.Name(id) != `"`+id+`"` {
		t.Errorf("offered %q, which the sanitiser changes to %s", id, sanitize.Name(id))
	}
}

func bigNames(from, to int) []string {
	var out []string
	for i := from; i <= to; i++ {
		out = append(out, fmt.Sprintf("AHU-%d", i))
	}
	return out
}

func without(list []string, drop string) []string {
	return slices.DeleteFunc(slices.Clone(list), func(s string) bool { return s == drop })
}

func prefixed(head string, list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = head + s
	}
	return out
}

func TestComplete_Refused(t *testing.T) {
	c := &fakeCaller{}
	_, err := prompts.Complete(t.Context(), c, nil, "nope", "facility_id", "", nil)
	if !errors.Is(err, prompts.ErrUnknownPrompt) || registry.CodeOf(err) != registry.CodeInvalidParams {
		t.Errorf("unknown prompt: %v", err)
	}
	_, err = prompts.Complete(t.Context(), c, nil, "triage_ahu", "color", "", nil)
	var ae *prompts.ArgError
	if !errors.As(err, &ae) || ae.Arg != "color" || registry.CodeOf(err) != registry.CodeInvalidParams {
		t.Errorf("unknown argument: %v", err)
	}
	_, err = prompts.Complete(t.Context(), c, nil, "rcx_executive_summary", "equip", "", nil)
	if !errors.As(err, &ae) || ae.Arg != "equip" {
		t.Errorf("an argument of another prompt: %v", err)
	}
	if len(c.calls) != 0 {
		t.Errorf("a refused completion called %v", c.calls)
	}
}

func TestComplete_Failures(t *testing.T) {
	unavailable := &fakeCaller{answers: map[string]func(map[string]any) (*registry.Result, error){
		"facilities": func(map[string]any) (*registry.Result, error) {
			return nil, &registry.Error{Code: registry.CodeUnavailable, Message: "the stored data could not be read"}
		},
	}}
	if _, err := prompts.Complete(t.Context(), unavailable, nil, "triage_ahu", "facility_id", "", nil); registry.CodeOf(err) != registry.CodeUnavailable {
		t.Errorf("an unreadable store: err = %v, want unavailable", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := prompts.Complete(ctx, &fakeCaller{}, nil, "triage_ahu", "facility_id", "", nil); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled completion: err = %v", err)
	}
}

// TestComplete_Pages reads every page of a long listing (a handler that
// returns ints, not decoded JSON).
func TestComplete_Pages(t *testing.T) {
	c := &fakeCaller{answers: map[string]func(map[string]any) (*registry.Result, error){
		"points": func(a map[string]any) (*registry.Result, error) {
			off := a["offset"].(int)
			var rows []map[string]any
			for i := off; i < min(off+a["limit"].(int), 2500); i++ {
				rows = append(rows, map[string]any{"equip": fmt.Sprintf("E-%d", i/2), "equip_class": "AHU", "role": "r"})
			}
			return &registry.Result{Data: map[string]any{"count": 2500, "points": rows}}, nil
		},
	}}
	got, err := prompts.CompleteFunc(t.Context(), c, nil)("compare_equipment", "equips", "E-124", map[string]string{"facility_id": "hq"})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.calls) != 3 || !slices.Equal(got, []string{"E-124", "E-1240", "E-1241", "E-1242", "E-1243", "E-1244", "E-1245", "E-1246", "E-1247", "E-1248", "E-1249"}) {
		t.Errorf("%d calls gave %v", len(c.calls), got)
	}
}
