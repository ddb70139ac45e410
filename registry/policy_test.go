package registry_test

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
)

// listing returns the facilities and withheld counts a call may list.
func listing(_ context.Context, c *registry.Call) (*registry.Result, error) {
	rows := []any{}
	for _, id := range c.Facilities() {
		rows = append(rows, map[string]any{"facility_id": id})
	}
	return &registry.Result{Data: map[string]any{"facilities": rows, "withheld": c.Withheld()}, Text: "listed."}, nil
}

func TestCall_Allowlist(t *testing.T) {
	reg := newReg(t, newFakeData(own("hq"), own("annex")), probe("probe", echo))
	var msgs []string
	for _, id := range []string{"annex", "does-not-exist"} {
		_, err := reg.Call(t.Context(), "probe", map[string]any{"facility_id": id}, ctxFor("hq"))
		e := codeOf(t, err)
		if e.Code != registry.CodeNotAllowed {
			t.Fatalf("%s: code %s", id, e.Code)
		}
		msgs = append(msgs, e.Message+fmt.Sprint(e.Data))
	}
	if msgs[0] != msgs[1] {
		t.Fatalf("an existing and a missing facility are told apart:\n%s\n%s", msgs[0], msgs[1])
	}
	_, err := reg.Call(t.Context(), "probe", map[string]any{"facility_ids": []any{"hq", "annex"}}, ctxFor("hq"))
	if e := codeOf(t, err); e.Code != registry.CodeNotAllowed || e.Data["argument"] != "/facility_ids/1" {
		t.Fatalf("facility_ids: %v %v", e.Code, e.Data)
	}
	_, err = reg.Call(t.Context(), "probe", map[string]any{"facility_id": "hq"}, ctxFor())
	if e := codeOf(t, err); e.Code != registry.CodeNotAllowed {
		t.Fatalf("empty allowlist: %v", e.Code)
	}
	if _, err := reg.Call(t.Context(), "probe", map[string]any{"facility_id": "hq"}, ctxFor("hq")); err != nil {
		t.Fatalf("allowed facility refused: %v", err)
	}
}

func TestCall_ResultNamingOtherFacilityIsInternal(t *testing.T) {
	leak := func(context.Context, *registry.Call) (*registry.Result, error) {
		return &registry.Result{Data: map[string]any{"rows": []any{map[string]any{"facility_id": "annex"}}}, Text: "x."}, nil
	}
	reg := newReg(t, newFakeData(own("hq"), own("annex")), probe("probe", leak))
	_, err := reg.Call(t.Context(), "probe", nil, ctxFor("hq"))
	if e := codeOf(t, err); e.Code != registry.CodeInternal || strings.Contains(e.Message, "annex") {
		t.Fatalf("got %v %q", e.Code, e.Message)
	}
}

func TestCall_Licence(t *testing.T) {
	research := registry.FacilityInfo{ID: "ds-rp1312", Stored: true, Registered: true, LifecycleValid: true, Dataset: true, Terms: registry.TermsResearchOnly, Licence: "ASHRAE research-project terms"}
	dsOpen := registry.FacilityInfo{ID: "ds-bdg2", Stored: true, Registered: true, LifecycleValid: true, Dataset: true, Terms: registry.TermsOpen}
	dsNoEntry := registry.FacilityInfo{ID: "ds-bdg2-x", Stored: true, Dataset: true, Terms: registry.TermsOpen}
	unknownTerms := registry.FacilityInfo{ID: "ds-mystery", Stored: true, Registered: true, LifecycleValid: true, Dataset: true, Terms: registry.TermsUnknown}
	badLifecycle := own("odd")
	badLifecycle.LifecycleValid = false
	mine := registry.FacilityInfo{ID: "hq", Stored: true, LifecycleValid: true} // unregistered, own data
	tests := []struct {
		name   string
		state  registry.RegistryState
		facs   []registry.FacilityInfo
		call   string // facility to call
		code   registry.Code
		reason string
		banner bool
	}{
		{"own data, registry ok", registry.RegistryOK, []registry.FacilityInfo{own("hq")}, "hq", "", "", false},
		{"own data, no registry", registry.RegistryMissing, []registry.FacilityInfo{mine}, "hq", "", "", false},
		{"research only", registry.RegistryOK, []registry.FacilityInfo{research, own("hq")}, "ds-rp1312", registry.CodeRefusedLicence, registry.ReasonResearchOnly, false},
		{"open dataset", registry.RegistryOK, []registry.FacilityInfo{dsOpen}, "ds-bdg2", "", "", false},
		{"ds- without entry", registry.RegistryOK, []registry.FacilityInfo{dsNoEntry, own("hq")}, "ds-bdg2-x", registry.CodeRefusedLicence, registry.ReasonUnverified, false},
		{"unknown terms", registry.RegistryOK, []registry.FacilityInfo{unknownTerms}, "ds-mystery", registry.CodeRefusedLicence, registry.ReasonUnverified, false},
		{"unknown lifecycle", registry.RegistryOK, []registry.FacilityInfo{badLifecycle}, "odd", registry.CodeRefusedLicence, registry.ReasonUnverified, false},
		{"registry missing with ds- data", registry.RegistryMissing, []registry.FacilityInfo{mine, dsNoEntry}, "hq", registry.CodeRefusedLicence, registry.ReasonUnverified, true},
		{"registry empty", registry.RegistryEmpty, []registry.FacilityInfo{mine}, "hq", registry.CodeRefusedLicence, registry.ReasonUnverified, true},
		{"registry malformed", registry.RegistryMalformed, []registry.FacilityInfo{mine}, "hq", registry.CodeRefusedLicence, registry.ReasonUnverified, true},
		{"registry unreadable", registry.RegistryUnreadable, []registry.FacilityInfo{mine}, "hq", registry.CodeRefusedLicence, registry.ReasonUnverified, true},
		{"research-only directory moved", registry.RegistryOK, []registry.FacilityInfo{{ID: "ds-rp1312", Registered: true, LifecycleValid: true, Dataset: true, Terms: registry.TermsResearchOnly}, own("hq")}, "hq", registry.CodeRefusedLicence, registry.ReasonUnverified, true},
		{"nonexistent facility while damaged", registry.RegistryMalformed, nil, "ghost", registry.CodeRefusedLicence, registry.ReasonUnverified, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newFakeData(tt.facs...)
			d.survey.State = tt.state
			cs := probe("probe", echo)
			list := probe("listing", listing)
			catalog := probe("catalog_search", echo)
			catalog.NoStore = true
			reg := newReg(t, d, cs, list, catalog)
			allow := []string{tt.call}
			for _, f := range tt.facs {
				allow = append(allow, f.ID)
			}
			cc := ctxFor(allow...)
			_, err := reg.Call(t.Context(), "probe", map[string]any{"facility_id": tt.call}, cc)
			if tt.code == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
			} else {
				e := codeOf(t, err)
				if e.Code != tt.code || e.Data["reason"] != tt.reason || e.Data["facility_id"] != tt.call {
					t.Fatalf("got %s %v (%s), want %s %s", e.Code, e.Data, e.Message, tt.code, tt.reason)
				}
			}
			res, err := reg.Call(t.Context(), "catalog_search", nil, cc)
			if err != nil {
				t.Fatal(err)
			}
			if got := len(res.Banners) > 0; got != tt.banner {
				t.Fatalf("banner on a store-free call = %v (%v), want %v", got, res.Banners, tt.banner)
			}
			res, err = reg.Call(t.Context(), "listing", nil, cc)
			if err != nil {
				t.Fatal(err)
			}
			rows := res.Data.(map[string]any)["facilities"].([]any)
			for _, r := range rows {
				if id := r.(map[string]any)["facility_id"]; tt.code != "" && id == tt.call {
					t.Fatalf("listing shows refused facility %v", id)
				}
			}
		})
	}
}

func TestCall_LicenceCopiedPartFiles(t *testing.T) {
	research := registry.FacilityInfo{ID: "ds-rp1312", Stored: true, Registered: true, LifecycleValid: true, Dataset: true, Terms: registry.TermsResearchOnly}
	d := newFakeData(research, own("hq"), own("renamed"))
	d.digests = map[string][]string{"ds-rp1312": {"a", "b"}, "hq": {"c"}, "renamed": {"x", "b"}}
	reg := newReg(t, d, probe("probe", echo), probe("listing", listing))
	cc := ctxFor("hq", "renamed", "ds-rp1312")
	_, err := reg.Call(t.Context(), "probe", map[string]any{"facility_id": "renamed"}, cc)
	if e := codeOf(t, err); e.Code != registry.CodeRefusedLicence || e.Data["reason"] != registry.ReasonResearchOnly {
		t.Fatalf("copy served: %v %v", e.Code, e.Data)
	}
	if _, err := reg.Call(t.Context(), "probe", map[string]any{"facility_id": "hq"}, cc); err != nil {
		t.Fatalf("unrelated facility refused: %v", err)
	}
	res, err := reg.Call(t.Context(), "listing", nil, cc)
	if err != nil {
		t.Fatal(err)
	}
	data := res.Data.(map[string]any)
	if rows := data["facilities"].([]any); len(rows) != 1 {
		t.Fatalf("listing = %v", rows)
	}
	if w := data["withheld"].(map[string]any); w["research_only"] != 2.0 {
		t.Fatalf("withheld = %v", w)
	}
}

func TestCall_Fences(t *testing.T) {
	t.Run("busy writer", func(t *testing.T) {
		d := newFakeData(own("hq"))
		d.fences["hq"] = registry.Fence{Busy: true, Token: "t1"}
		reg := newReg(t, d, probe("probe", echo))
		_, err := reg.Call(t.Context(), "probe", map[string]any{"facility_id": "hq"}, ctxFor("hq"))
		e := codeOf(t, err)
		if e.Code != registry.CodeUnavailable || e.Data["retryable"] != true || e.Data["facility_id"] != "hq" {
			t.Fatalf("got %v %v", e.Code, e.Data)
		}
	})
	t.Run("swap finishes within the wait", func(t *testing.T) {
		d := newFakeData(own("hq"))
		d.fences["hq"] = registry.Fence{Busy: true, Token: "t1"}
		d.onFence = func(id string, n int) {
			if n == 2 {
				d.set(func(d *fakeData) { d.fences["hq"] = registry.Fence{Token: "t2"} })
			}
		}
		reg := newReg(t, d, probe("probe", echo))
		if _, err := reg.Call(t.Context(), "probe", map[string]any{"facility_id": "hq"}, ctxFor("hq")); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("writer during the call", func(t *testing.T) {
		d := newFakeData(own("hq"))
		h := func(context.Context, *registry.Call) (*registry.Result, error) {
			d.set(func(d *fakeData) { d.fences["hq"] = registry.Fence{Token: "after-swap"} })
			return &registry.Result{Data: map[string]any{}}, nil
		}
		reg := newReg(t, d, probe("probe", h))
		_, err := reg.Call(t.Context(), "probe", map[string]any{"facility_id": "hq"}, ctxFor("hq"))
		if e := codeOf(t, err); e.Code != registry.CodeUnavailable || e.Data["retryable"] != true {
			t.Fatalf("got %v %v", e.Code, e.Data)
		}
	})
	t.Run("append during the call", func(t *testing.T) {
		d := newFakeData(own("hq"))
		h := func(context.Context, *registry.Call) (*registry.Result, error) {
			d.set(func(d *fakeData) { d.gen["hq"] = "new part file" })
			return &registry.Result{Data: map[string]any{}}, nil
		}
		reg := newReg(t, d, probe("probe", h))
		_, err := reg.Call(t.Context(), "probe", map[string]any{"facility_id": "hq"}, ctxFor("hq"))
		if e := codeOf(t, err); e.Code != registry.CodeUnavailable || e.Data["retryable"] != true {
			t.Fatalf("got %v %v", e.Code, e.Data)
		}
	})
}

func TestCall_StoreErrors(t *testing.T) {
	tests := []struct {
		name      string
		err       func(n int32) error
		retryable bool
		calls     int32
	}{
		{"damaged", func(int32) error { return fmt.Errorf("read: %w", &damagedErr{fac: "hq"}) }, false, 1},
		{"vanished twice", func(int32) error { return &vanishedErr{fac: "hq"} }, true, 2},
		{"path error", func(int32) error {
			return &fs.PathError{Op: "open", Path: testStore + "/facility_id=hq/x.parquet", Err: fs.ErrPermission}
		}, false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var n atomic.Int32
			h := func(context.Context, *registry.Call) (*registry.Result, error) {
				return nil, tt.err(n.Add(1))
			}
			reg := newReg(t, newFakeData(own("hq")), probe("probe", h))
			_, err := reg.Call(t.Context(), "probe", map[string]any{"facility_id": "hq"}, ctxFor("hq"))
			e := codeOf(t, err)
			if e.Code != registry.CodeUnavailable || e.Data["retryable"] != tt.retryable || e.Data["facility_id"] != "hq" {
				t.Fatalf("got %v %v", e.Code, e.Data)
			}
			if strings.Contains(e.Message, "/") {
				t.Fatalf("message names a path: %q", e.Message)
			}
			if n.Load() != tt.calls {
				t.Fatalf("handler ran %d times, want %d", n.Load(), tt.calls)
			}
		})
	}
	t.Run("vanished once is retried", func(t *testing.T) {
		var n atomic.Int32
		h := func(context.Context, *registry.Call) (*registry.Result, error) {
			if n.Add(1) == 1 {
				return nil, &vanishedErr{fac: "hq"}
			}
			return &registry.Result{Data: map[string]any{}}, nil
		}
		reg := newReg(t, newFakeData(own("hq")), probe("probe", h))
		if _, err := reg.Call(t.Context(), "probe", map[string]any{"facility_id": "hq"}, ctxFor("hq")); err != nil {
			t.Fatal(err)
		}
	})
}

func TestCall_StoreFreeCapability(t *testing.T) {
	echoFacts := probe("echo_facts", func(context.Context, *registry.Call) (*registry.Result, error) {
		return &registry.Result{Data: map[string]any{"facts": []any{map[string]any{"facility_id": "hq"}}}, Text: "ok."}, nil
	})
	echoFacts.NoStore = true
	d := newFakeData(own("hq"))
	reg := newReg(t, d, echoFacts)
	if _, err := reg.Call(t.Context(), "echo_facts", nil, ctxFor("hq")); err != nil {
		t.Fatalf("a store-free result naming an allowed facility was refused: %v", err)
	}
	if _, err := reg.Call(t.Context(), "echo_facts", nil, ctxFor("annex")); registry.CodeOf(err) != registry.CodeInternal {
		t.Fatalf("a result naming a facility outside the allowlist: %v", err)
	}
	d.set(func(d *fakeData) { d.surveyErr = &damagedErr{} })
	res, err := reg.Call(t.Context(), "echo_facts", nil, ctxFor("hq"))
	if err != nil || !hasBanner(res, "could not be read") {
		t.Fatalf("unreadable store: %v %v", err, res)
	}
	noData, err := registry.New([]registry.Capability{echoFacts}, nil, registry.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := noData.Call(t.Context(), "echo_facts", nil, ctxFor("hq")); err != nil {
		t.Fatalf("no store wired: %v", err)
	}
}
