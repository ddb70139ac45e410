package prompts_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/prompts"
	"github.com/camber-tui/camber-tui/registry"
)

// fakeCaller answers from a table keyed by capability and records every
// call. A handler may return an error.
type fakeCaller struct {
	answers map[string]func(args map[string]any) (*registry.Result, error)
	calls   []string // "capability {args}"
	args    []map[string]any
}

func (f *fakeCaller) Call(ctx context.Context, name string, args map[string]any, _ *registry.CallContext) (*registry.Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f.calls = append(f.calls, name)
	f.args = append(f.args, args)
	h, ok := f.answers[name]
	if !ok {
		return nil, registry.Errorf(registry.CodeUnknownCapability, "no capability %q", name)
	}
	return h(args)
}

// fact returns a result with one fact per id and data.
func fact(data any, ids ...string) (*registry.Result, error) {
	res := &registry.Result{Data: data, Text: "ok"}
	for _, id := range ids {
		res.Facts = append(res.Facts, registry.Fact{ID: id, Kind: "k", Text: "fact " + id, Value: 1})
	}
	return res, nil
}

// triageCaller answers a triage_ahu plan; rule_run lists findings.
func triageCaller(findings ...string) *fakeCaller {
	return &fakeCaller{answers: map[string]func(map[string]any) (*registry.Result, error){
		"points": func(map[string]any) (*registry.Result, error) {
			return fact(map[string]any{"count": 2}, "F1@points-aaaaaa")
		},
		"sensor_trust": func(map[string]any) (*registry.Result, error) {
			return fact(map[string]any{}, "F1@sensor_trust-bbbbbb")
		},
		"rule_run": func(map[string]any) (*registry.Result, error) {
			rows := []any{}
			for _, id := range findings {
				rows = append(rows, map[string]any{"finding_id": id, "severity": "fault"})
			}
			return fact(map[string]any{"findings": rows}, "F1@rule_run-cccccc", "F1@points-aaaaaa")
		},
		"finding_detail": func(a map[string]any) (*registry.Result, error) {
			return fact(map[string]any{"finding_id": a["finding_id"]}, "F1@finding_detail-"+fmt.Sprint(a["finding_id"]))
		},
		"check_citations": func(map[string]any) (*registry.Result, error) { return fact(map[string]any{"grounded": true}) },
	}}
}

// outcome is what Run reported for one call.
type outcome struct {
	step string
	args map[string]any
	err  error
}

func runPlan(t *testing.T, ctx context.Context, c prompts.Caller, plan prompts.Plan) ([]registry.Fact, []outcome, error) {
	t.Helper()
	var got []outcome
	facts, err := prompts.Run(ctx, c, &registry.CallContext{}, plan, func(s prompts.Step, res *registry.Result, err error) {
		if (res == nil) == (err == nil) {
			t.Errorf("step %s: result %v and error %v", s.ID, res, err)
		}
		got = append(got, outcome{s.ID, s.Args, err})
	})
	return facts, got, err
}

func triagePlan(t *testing.T, draft string) prompts.Plan {
	t.Helper()
	plan, err := prompts.PlanFor(prompts.TriageAHU, sampleArgs[prompts.TriageAHU])
	if err != nil {
		t.Fatal(err)
	}
	plan.Draft = draft
	return plan
}

func TestRun_Triage(t *testing.T) {
	c := triageCaller("a@AHU-1", "b@AHU-1", "c@AHU-1", "d@AHU-1", "e@AHU-1")
	facts, got, err := runPlan(t, t.Context(), c, triagePlan(t, "AHU-1 stores 2 points [F1@points-aaaaaa]."))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"points", "sensor_trust", "rule_run", "finding_detail", "finding_detail", "finding_detail", "check_citations"}
	if !slices.Equal(c.calls, want) {
		t.Fatalf("calls %v, want %v", c.calls, want)
	}
	for i, id := range []string{"a@AHU-1", "b@AHU-1", "c@AHU-1"} {
		a := c.args[3+i]
		if a["finding_id"] != id || a["facility_id"] != "north-campus" || !slices.Equal(a["equips"].([]any), []any{"AHU-1"}) {
			t.Errorf("finding_detail call %d args %v", i, a)
		}
		if got[3+i].step != "finding_detail" || got[3+i].args["finding_id"] != id {
			t.Errorf("each saw %+v", got[3+i])
		}
	}
	var ids []string
	for _, f := range facts {
		ids = append(ids, f.ID)
	}
	wantIDs := []string{"F1@points-aaaaaa", "F1@sensor_trust-bbbbbb", "F1@rule_run-cccccc",
		"F1@finding_detail-a@AHU-1", "F1@finding_detail-b@AHU-1", "F1@finding_detail-c@AHU-1"}
	if !slices.Equal(ids, wantIDs) {
		t.Errorf("facts %v, want %v (each once, in order)", ids, wantIDs)
	}
	check := c.args[len(c.args)-1]
	if check["text"] != "AHU-1 stores 2 points [F1@points-aaaaaa]." {
		t.Errorf("check_citations text = %v", check["text"])
	}
	sent, _ := check["facts"].([]any)
	if len(sent) != len(wantIDs) || sent[0].(map[string]any)["id"] != "F1@points-aaaaaa" || sent[0].(map[string]any)["text"] != "fact F1@points-aaaaaa" {
		t.Errorf("check_citations facts = %v", check["facts"])
	}
}

func TestRun_RefusedAndSkipped(t *testing.T) {
	cases := []struct {
		name     string
		caller   func() *fakeCaller
		draft    string
		wantErrs map[string]string // step -> substring of its error ("" = success)
		calls    int
	}{
		{"rule_run refused", func() *fakeCaller {
			c := triageCaller("a@AHU-1")
			c.answers["rule_run"] = func(map[string]any) (*registry.Result, error) {
				return nil, registry.Errorf(registry.CodeRefusedLicence, "refused")
			}
			return c
		}, "draft", map[string]string{"rule_run": "refused", "finding_detail": "finding_id needs step rule_run, which did not answer (refused_licence)", "check_citations": ""}, 4},
		{"no findings", func() *fakeCaller { return triageCaller() }, "draft",
			map[string]string{"finding_detail": "the result of step rule_run has no value at /findings/*/finding_id for finding_id", "check_citations": ""}, 4},
		{"one detail refused", func() *fakeCaller {
			c := triageCaller("a@AHU-1", "b@AHU-1")
			c.answers["finding_detail"] = func(a map[string]any) (*registry.Result, error) {
				if a["finding_id"] == "a@AHU-1" {
					return nil, registry.Errorf(registry.CodeNotFound, "gone")
				}
				return fact(map[string]any{}, "F1@finding_detail-x")
			}
			return c
		}, "draft", map[string]string{"finding_detail": "gone", "check_citations": ""}, 6},
		{"no draft", func() *fakeCaller { return triageCaller("a@AHU-1") }, "  ",
			map[string]string{"check_citations": "no draft to check"}, 4},
		{"unknown capability", func() *fakeCaller {
			c := triageCaller("a@AHU-1")
			delete(c.answers, "sensor_trust")
			return c
		}, "draft", map[string]string{"sensor_trust": "unknown_capability"}, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fc := c.caller()
			_, got, err := runPlan(t, t.Context(), fc, triagePlan(t, c.draft))
			if err != nil {
				t.Fatal(err)
			}
			if len(fc.calls) != c.calls {
				t.Errorf("%d calls %v, want %d", len(fc.calls), fc.calls, c.calls)
			}
			for step, want := range c.wantErrs {
				i := slices.IndexFunc(got, func(o outcome) bool { return o.step == step })
				if i < 0 {
					t.Fatalf("no outcome for %s", step)
				}
				switch {
				case want == "" && got[i].err != nil:
					t.Errorf("%s failed: %v", step, got[i].err)
				case want != "" && (got[i].err == nil || !strings.Contains(got[i].err.Error(), want)):
					t.Errorf("%s error %v, want %q", step, got[i].err, want)
				}
			}
			if o := got[len(got)-1]; o.step != "check_citations" {
				t.Errorf("last outcome %s, want check_citations", o.step)
			}
		})
	}
}

func TestRun_SkipIsTyped(t *testing.T) {
	_, got, _ := runPlan(t, t.Context(), triageCaller(), triagePlan(t, ""))
	for _, o := range got {
		switch o.step {
		case "finding_detail":
			if !errors.Is(o.err, prompts.ErrSkipped) {
				t.Errorf("finding_detail: %v is not ErrSkipped", o.err)
			}
		case "check_citations":
			if !errors.Is(o.err, prompts.ErrNoDraft) {
				t.Errorf("check_citations: %v is not ErrNoDraft", o.err)
			}
		}
	}
}

func TestRun_Derive(t *testing.T) {
	c := &fakeCaller{answers: map[string]func(map[string]any) (*registry.Result, error){
		// A handler's own typed data (not decoded JSON) is read too.
		"finding_detail": func(map[string]any) (*registry.Result, error) {
			return fact(struct {
				Rule  string `json:"rule"`
				Equip string `json:"equip"`
			}{"economizer_high_limit", "AHU-1"}, "F1@finding_detail-aaaaaa")
		},
		"rule_params":     func(map[string]any) (*registry.Result, error) { return fact(map[string]any{}) },
		"sensor_trust":    func(map[string]any) (*registry.Result, error) { return fact(map[string]any{}) },
		"check_citations": func(map[string]any) (*registry.Result, error) { return fact(map[string]any{}) },
	}}
	plan, err := prompts.PlanFor(prompts.ExplainFinding, sampleArgs[prompts.ExplainFinding])
	if err != nil {
		t.Fatal(err)
	}
	plan.Draft = "x"
	if _, _, err := runPlan(t, t.Context(), c, plan); err != nil {
		t.Fatal(err)
	}
	if a := c.args[1]; !slices.Equal(a["rules"].([]any), []any{"economizer_high_limit"}) || a["detail"] != true {
		t.Errorf("rule_params args %v", a)
	}
	if a := c.args[2]; !slices.Equal(a["equips"].([]any), []any{"AHU-1"}) || a["facility_id"] != "north-campus" {
		t.Errorf("sensor_trust args %v", a)
	}
	// The plan itself is unchanged by running it.
	if _, ok := plan.Steps[1].Args["rules"]; ok {
		t.Error("Run changed the plan's arguments")
	}
}

func TestRun_Cancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	c := triageCaller("a@AHU-1")
	c.answers["sensor_trust"] = func(map[string]any) (*registry.Result, error) {
		cancel()
		return nil, context.Canceled
	}
	facts, _, err := runPlan(t, ctx, c, triagePlan(t, "d"))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if len(facts) != 1 || facts[0].ID != "F1@points-aaaaaa" || len(c.calls) != 2 {
		t.Errorf("facts %v after calls %v, want the points fact only", facts, c.calls)
	}
}

func TestRun_MalformedPlan(t *testing.T) {
	plan := triagePlan(t, "d")
	plan.Steps[3].ForEach.Step = "check_citations" // a later step
	c := triageCaller("a@AHU-1")
	if _, err := prompts.Run(t.Context(), c, nil, plan, nil); err == nil || len(c.calls) != 0 {
		t.Fatalf("err = %v after %d calls, want a refusal before any call", err, len(c.calls))
	}
	plan = triagePlan(t, "d")
	plan.Steps[3].ForEach.Path = "findings"
	if _, err := prompts.Run(t.Context(), c, nil, plan, nil); err == nil || !strings.Contains(err.Error(), "does not start with '/'") {
		t.Fatalf("err = %v, want a path error", err)
	}
	plan = triagePlan(t, "d")
	plan.Steps[1].ID = "points"
	if _, err := prompts.Run(t.Context(), c, nil, plan, nil); err == nil || !strings.Contains(err.Error(), "used twice") {
		t.Fatalf("err = %v, want a duplicate id error", err)
	}
}
