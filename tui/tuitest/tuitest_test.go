package tuitest

import (
	"context"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
)

func TestFakeRegistry(t *testing.T) {
	reg, cc, err := New()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	res, err := reg.Call(ctx, "rule_run", map[string]any{"facility_id": "north-campus", "offset": 25}, cc)
	if err != nil {
		t.Fatal(err)
	}
	data := res.Data.(map[string]any)
	if n := len(data["findings"].([]any)); n != 25 {
		t.Errorf("findings page = %d rows", n)
	}
	if !strings.HasPrefix(res.Banners[0], "'findings' shows rows 26-50 of ") {
		t.Errorf("banners = %q", res.Banners)
	}
	if !strings.Contains(res.Text, "@rule_run-") {
		t.Errorf("text not tokenised: %s", res.Text)
	}
	f := data["findings"].([]any)[0].(map[string]any)["finding_id"].(string)
	d, err := reg.Call(ctx, "finding_detail", map[string]any{"facility_id": "north-campus", "finding_id": f}, cc)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Data.(map[string]any)["violations"].([]any)) == 0 {
		t.Error("no spans")
	}
	_, err = reg.Call(ctx, "rule_run", map[string]any{"facility_id": "elsewhere"}, cc)
	if registry.CodeOf(err) != registry.CodeNotAllowed {
		t.Errorf("outside the allowlist: %v", err)
	}
	_, err = reg.Call(ctx, "drift", map[string]any{"facility_id": "north-campus"}, cc)
	if registry.CodeOf(err) != registry.CodeUnknownCapability {
		t.Errorf("drift: %v", err)
	}
	rec := &Recorder{Caller: reg}
	if _, err := rec.Call(ctx, "facilities", nil, cc); err != nil {
		t.Fatal(err)
	}
	if c := rec.Calls(); len(c) != 1 || c[0].Name != "facilities" {
		t.Errorf("recorded %v", c)
	}
}
