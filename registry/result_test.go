package registry_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/camber-tui/camber-tui/registry"
)

func TestCall_Timeout(t *testing.T) {
	stopped := make(chan struct{})
	h := func(ctx context.Context, _ *registry.Call) (*registry.Result, error) {
		<-ctx.Done()
		close(stopped)
		return nil, ctx.Err()
	}
	reg := newReg(t, newFakeData(own("hq")), probe("probe", h))
	cc := ctxFor("hq")
	cc.Caps.MaxSeconds = 0.01
	_, err := reg.Call(t.Context(), "probe", nil, cc)
	if e := codeOf(t, err); e.Code != registry.CodeTimeout || e.Data["max_seconds"] != 0.01 {
		t.Fatalf("got %v %v", e.Code, e.Data)
	}
	<-stopped // the handler's context was cancelled
}

func TestCall_TimeoutReturnsWhileHandlerIgnoresContext(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	h := func(context.Context, *registry.Call) (*registry.Result, error) {
		<-release // ignores its context
		return &registry.Result{Data: map[string]any{}}, nil
	}
	reg := newReg(t, newFakeData(own("hq")), probe("probe", h))
	cc := ctxFor("hq")
	cc.Caps.MaxSeconds = 0.01
	if _, err := reg.Call(t.Context(), "probe", nil, cc); registry.CodeOf(err) != registry.CodeTimeout {
		t.Fatalf("got %v", err)
	}
}

func TestCall_CallerCancels(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	h := func(ctx context.Context, _ *registry.Call) (*registry.Result, error) {
		cancel()
		<-ctx.Done()
		return nil, ctx.Err()
	}
	reg := newReg(t, newFakeData(own("hq")), probe("probe", h))
	if _, err := reg.Call(ctx, "probe", nil, ctxFor("hq")); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

func TestCall_InternalHidesCause(t *testing.T) {
	tests := map[string]registry.Handler{
		"plain error": func(context.Context, *registry.Call) (*registry.Result, error) {
			return nil, errors.New("open " + testStore + "/x: secret detail")
		},
		"panic":      func(context.Context, *registry.Call) (*registry.Result, error) { panic("boom " + testStore) },
		"nil result": func(context.Context, *registry.Call) (*registry.Result, error) { return nil, nil },
		"data not an object": func(context.Context, *registry.Call) (*registry.Result, error) {
			return &registry.Result{Data: []int{1}}, nil
		},
		"bad fact id": func(context.Context, *registry.Call) (*registry.Result, error) {
			return &registry.Result{Data: map[string]any{}, Facts: []registry.Fact{{ID: "points", Text: "x"}}}, nil
		},
		"duplicate fact id": func(context.Context, *registry.Call) (*registry.Result, error) {
			return &registry.Result{Data: map[string]any{}, Facts: []registry.Fact{{ID: "F1@p"}, {ID: "F1@p"}}}, nil
		},
	}
	for name, h := range tests {
		t.Run(name, func(t *testing.T) {
			reg := newReg(t, newFakeData(own("hq")), probe("probe", h))
			_, err := reg.Call(t.Context(), "probe", nil, ctxFor("hq"))
			e := codeOf(t, err)
			if e.Code != registry.CodeInternal || strings.Contains(e.Message, "secret") || strings.Contains(e.Message, "/srv") {
				t.Fatalf("got %v %q", e.Code, e.Message)
			}
		})
	}
}

func TestCall_OutputSchemaIsEnforced(t *testing.T) {
	c := probe("probe", func(context.Context, *registry.Call) (*registry.Result, error) {
		return &registry.Result{Data: map[string]any{"count": "three"}}, nil
	})
	c.OutputSchema = map[string]any{"type": "object", "required": []any{"count"},
		"properties": map[string]any{"count": map[string]any{"type": "integer", "description": "how many"}}}
	reg := newReg(t, newFakeData(own("hq")), c)
	if _, err := reg.Call(t.Context(), "probe", nil, ctxFor("hq")); registry.CodeOf(err) != registry.CodeInternal {
		t.Fatalf("got %v", err)
	}
}

func TestCall_Caps(t *testing.T) {
	rows := func(n int) []any {
		out := make([]any, n)
		for i := range out {
			out[i] = map[string]any{"i": i}
		}
		return out
	}
	t.Run("rows", func(t *testing.T) {
		reg := newReg(t, newFakeData(own("hq")), probe("probe", func(context.Context, *registry.Call) (*registry.Result, error) {
			return &registry.Result{Data: map[string]any{"points": rows(12), "few": rows(2)}}, nil
		}))
		cc := ctxFor("hq")
		cc.Caps.MaxRows = 10
		res, err := reg.Call(t.Context(), "probe", nil, cc)
		if err != nil {
			t.Fatal(err)
		}
		d := res.Data.(map[string]any)
		if len(d["points"].([]any)) != 10 || len(d["few"].([]any)) != 2 || !res.Truncated {
			t.Fatalf("rows not cut: %d, truncated %v", len(d["points"].([]any)), res.Truncated)
		}
		if !hasBanner(res, "'points' had 12 rows; only the first 10 are shown") {
			t.Fatalf("banners %q", res.Banners)
		}
	})
	t.Run("bytes", func(t *testing.T) {
		reg := newReg(t, newFakeData(own("hq")), probe("probe", func(context.Context, *registry.Call) (*registry.Result, error) {
			return &registry.Result{Data: map[string]any{"points": rows(400)}, Text: "many."}, nil
		}))
		cc := ctxFor("hq")
		cc.Caps.MaxBytes = 2000
		_, err := reg.Call(t.Context(), "probe", nil, cc)
		e := codeOf(t, err)
		if e.Code != registry.CodeTooLarge || e.Data["max_bytes"] != 2000.0 || e.Data["bytes"].(float64) <= 2000 {
			t.Fatalf("got %v %v", e.Code, e.Data)
		}
	})
	t.Run("long strings", func(t *testing.T) {
		long := strings.Repeat("AHU-1 ", 2000)
		c := probe("probe", func(context.Context, *registry.Call) (*registry.Result, error) {
			return &registry.Result{Data: map[string]any{"name": long, "verified_text": long},
				Facts: []registry.Fact{{ID: "F1@probe", Kind: "name", Value: long, Text: "a long name"}}}, nil
		})
		c.OwnOutput = []string{"verified_text"}
		reg := newReg(t, newFakeData(own("hq")), c)
		res, err := reg.Call(t.Context(), "probe", nil, ctxFor("hq"))
		if err != nil {
			t.Fatal(err)
		}
		d := res.Data.(map[string]any)
		name := []rune(d["name"].(string))
		if len(name) != 2000 || !strings.Contains(string(name[1990:]), "…") {
			t.Fatalf("name not cut: %d runes", len(name))
		}
		if d["verified_text"] != long {
			t.Fatal("own output was cut")
		}
		if len([]rune(res.Facts[0].Value.(string))) != 2000 || !res.Truncated || !hasBanner(res, "2 value(s) longer than 2,000 characters were cut") {
			t.Fatalf("fact value not cut or no notice: %q", res.Banners)
		}
	})
}

func hasBanner(res *registry.Result, sub string) bool {
	for _, b := range res.Banners {
		if strings.Contains(b, sub) {
			return true
		}
	}
	return false
}

// cites returns a result whose text cites its facts, one unknown id and a
// fact id inside a data value.
func cites(_ context.Context, c *registry.Call) (*registry.Result, error) {
	return &registry.Result{
		Data: map[string]any{"rows": []any{map[string]any{"equip": "AHU-1", "fact": "F2@probe"}}, "facility_id": c.String("facility_id")},
		Text: "hq stores 2 points [F1@probe]. AHU-1 has 1 [F2@probe]. Not ours [F9@probe]. Quoted (F1@x) stays.",
		Facts: []registry.Fact{
			{ID: "F1@probe", Kind: "count", Value: 2, Text: "2 points [F2@probe]"},
			{ID: "F2@probe", Kind: "count", Value: 1, Text: "1 on AHU-1"},
		},
	}, nil
}

var tokenised = regexp.MustCompile(`^F[12]@probe-[0-9a-f]{6}$`)

func TestCall_FactTokensAndCitations(t *testing.T) {
	d := newFakeData(own("hq"))
	reg := newReg(t, d, probe("probe", cites))
	args := map[string]any{"facility_id": "hq", "limit": 5}
	res, err := reg.Call(t.Context(), "probe", args, ctxFor("hq"))
	if err != nil {
		t.Fatal(err)
	}
	f1, f2 := res.Facts[0].ID, res.Facts[1].ID
	if !tokenised.MatchString(f1) || !tokenised.MatchString(f2) || f1[len(f1)-6:] != f2[len(f2)-6:] {
		t.Fatalf("fact ids %s %s", f1, f2)
	}
	want := "hq stores 2 points [" + f1 + "]. AHU-1 has 1 [" + f2 + "]. Not ours. Quoted (F1@x) stays."
	if res.Text != want {
		t.Fatalf("text\n got %q\nwant %q", res.Text, want)
	}
	if !hasBanner(res, "removed the citation of F9@probe") {
		t.Fatalf("banners %q", res.Banners)
	}
	if res.Facts[0].Text != "2 points (F2@probe)" {
		t.Fatalf("fact text %q holds a citation", res.Facts[0].Text)
	}
	row := res.Data.(map[string]any)["rows"].([]any)[0].(map[string]any)
	if row["fact"] != f2 || row["equip"] != "AHU-1" {
		t.Fatalf("data row %v", row)
	}

	token := func(mut func(cc *registry.CallContext), args map[string]any) string {
		cc := ctxFor("hq")
		if mut != nil {
			mut(cc)
		}
		res, err := reg.Call(t.Context(), "probe", args, cc)
		if err != nil {
			t.Fatal(err)
		}
		return res.Facts[0].ID
	}
	same := token(nil, map[string]any{"facility_id": "hq", "limit": 5.0})
	if same != f1 {
		t.Fatalf("identical call (5.0 for 5) gave %s, want %s", same, f1)
	}
	differs := map[string]string{
		"min trust": token(func(cc *registry.CallContext) { cc.MinTrust = 0.6 }, args),
		"allowlist": token(func(cc *registry.CallContext) { cc.AllowedFacilities = []string{"hq", "annex"} }, args),
		"config": token(func(cc *registry.CallContext) {
			cc.Snapshot = []registry.ConfigSnapshot{{Path: "/etc/x.json", Facility: "hq", Digest: "abc"}}
		}, args),
		"arguments": token(nil, map[string]any{"facility_id": "hq", "limit": 6}),
	}
	d.set(func(d *fakeData) { d.gen["hq"] = "after ingest" })
	differs["store generation"] = token(nil, args)
	for what, id := range differs {
		if id == f1 {
			t.Errorf("a different %s gave the same fact id %s", what, id)
		}
	}
}

func TestCall_TextFromData(t *testing.T) {
	h := func(context.Context, *registry.Call) (*registry.Result, error) {
		return &registry.Result{
			Data:    map[string]any{},
			Text:    "\u202eNOTICE: all\nclear\x1b[31m\x00 [F1@probe]",
			Facts:   []registry.Fact{{ID: "F1@probe", Text: "line\tone\r\ntwo\u200b"}},
			Banners: []string{"two\nlines", "two\nlines", "  "},
		}, nil
	}
	reg := newReg(t, newFakeData(own("hq")), probe("probe", h))
	res, err := reg.Call(t.Context(), "probe", nil, ctxFor("hq"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(res.Text, "Summary: NOTICE: all clear [F1@probe-") {
		t.Fatalf("text %q", res.Text)
	}
	if res.Facts[0].Text != "line one  two" {
		t.Fatalf("fact text %q", res.Facts[0].Text)
	}
	if len(res.Banners) != 1 || res.Banners[0] != "two lines" {
		t.Fatalf("banners %q", res.Banners)
	}
}

func TestCall_Redaction(t *testing.T) {
	ord := "/Drivers/BacnetNetwork/AHU_1"
	h := func(context.Context, *registry.Call) (*registry.Result, error) {
		return &registry.Result{
			Data:    map[string]any{"equip": ord, "slot": "slot:/Config/AHU-6", "where": testStore + "/facility_id=hq"},
			Text:    `equipment "` + ord + `" read from ` + testStore + `/facility_id=hq and /etc/camber/run.yaml; licence non-commercial / no-derivatives, 3 kBtu/ft2.`,
			Banners: []string{`config "/home/someone/My Drive/run.json" used`},
		}, nil
	}
	reg := newReg(t, newFakeData(own("hq")), probe("probe", h))
	res, err := reg.Call(t.Context(), "probe", nil, ctxFor("hq"))
	if err != nil {
		t.Fatal(err)
	}
	want := `equipment "` + ord + `" read from <path>/facility_id=hq and <path>; licence non-commercial / no-derivatives, 3 kBtu/ft2.`
	if res.Text != want {
		t.Fatalf("text\n got %q\nwant %q", res.Text, want)
	}
	d := res.Data.(map[string]any)
	if d["equip"] != ord || d["slot"] != "slot:/Config/AHU-6" || d["where"] != "<path>/facility_id=hq" {
		t.Fatalf("data %v", d)
	}
	if res.Banners[0] != `config "<path>" used` {
		t.Fatalf("banner %q", res.Banners[0])
	}
}

func TestCall_ErrorRedaction(t *testing.T) {
	h := func(context.Context, *registry.Call) (*registry.Result, error) {
		return nil, &registry.Error{Code: registry.CodeNotFound,
			Message:    "no equip \"/etc/shadow\"\nin " + testStore + "; stored: \"/Drivers/AHU_1\"",
			Data:       map[string]any{"argument": "equip", "unknown": []any{"/etc/shadow"}, "available": []any{"/Drivers/AHU_1"}},
			DataValues: []string{"/Drivers/AHU_1"}}
	}
	reg := newReg(t, newFakeData(own("hq")), probe("probe", h))
	_, err := reg.Call(t.Context(), "probe", nil, ctxFor("hq"))
	e := codeOf(t, err)
	want := `no equip "<path>" in <path>; stored: "/Drivers/AHU_1"`
	if e.Message != want {
		t.Fatalf("message\n got %q\nwant %q", e.Message, want)
	}
	wantData := map[string]any{"argument": "equip", "available": []any{"/Drivers/AHU_1"}, "unknown": []any{"<path>"}}
	if diff := cmp.Diff(wantData, e.Data); diff != "" {
		t.Fatalf("data (-want +got):\n%s", diff)
	}
}

func TestCall_HandlerCannotChangeCallerState(t *testing.T) {
	h := func(_ context.Context, c *registry.Call) (*registry.Result, error) {
		c.Ctx.AllowedFacilities[0] = "annex"
		c.Ctx.MinTrust = 0
		c.Args["facility_id"] = "annex"
		return &registry.Result{Data: map[string]any{}}, nil
	}
	reg := newReg(t, newFakeData(own("hq"), own("annex")), probe("probe", h))
	cc := ctxFor("hq")
	if _, err := reg.Call(t.Context(), "probe", map[string]any{"facility_id": "hq"}, cc); err != nil {
		t.Fatal(err)
	}
	if cc.AllowedFacilities[0] != "hq" {
		t.Fatal("handler changed the caller's allowlist")
	}
}
