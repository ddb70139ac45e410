package tui

import (
	"context"
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/internal/benchcpu"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui/tuitest"
)

// BenchmarkFirstFrame is the time to the first frame: the root model
// built, sized, its first call (facilities) answered and the first View
// drawn with that result, in the dark theme at 80x24.
func BenchmarkFirstFrame(b *testing.B) {
	opts, _, _ := testOptions(b, themes.NameDark, tuitest.Modes[0].Mode)
	start := benchcpu.Now()
	for b.Loop() {
		m, err := New(context.Background(), opts)
		if err != nil {
			b.Fatal(err)
		}
		a := &app{t: b, m: m}
		a.send(tea.WindowSizeMsg{Width: 80, Height: 24})
		a.drive(m.Init())
		if m.View() == "" {
			b.Fatal("no frame")
		}
	}
	benchcpu.Report(b, start)
}

// bigCaller answers rule_run with a 1,000-row page of findings.
type bigCaller struct{ Caller }

func (c bigCaller) Call(ctx context.Context, name string, args map[string]any, cc *registry.CallContext) (*registry.Result, error) {
	if name != "rule_run" {
		return c.Caller.Call(ctx, name, args, cc)
	}
	rows := make([]any, 1000)
	sev := []string{"fault", "warn", "info", "ok"}
	for i := range rows {
		rows[i] = map[string]any{"finding_id": fmt.Sprintf("rule_%d@AHU-%d", i%37, i), "rule": fmt.Sprintf("rule_%d", i%37),
			"equip": fmt.Sprintf("AHU-%d", i), "severity": sev[i*4/1000], "share": float64(i%100) / 100,
			"summary": fmt.Sprintf("AHU-%d: rule %d flagged in %d.0%% of judged hours (%d of 1,000)", i, i%37, i%100, i%100*10)}
	}
	return &registry.Result{
		Data:    map[string]any{"facility_id": "north-campus", "count": 4000.0, "findings": rows},
		Text:    "north-campus: 4,000 findings [F1@rule_run-abc123].",
		Facts:   []registry.Fact{{ID: "F1@rule_run-abc123", Kind: "finding_counts", Value: 4000.0, Text: "north-campus: 4,000 findings"}},
		Banners: []string{"'findings' shows rows 1-1000 of 4000 (worst first): call again with offset=1000 for the next page"},
	}, nil
}

// keystrokeApp is the app on the Findings tab with a 1,000-row table.
func keystrokeApp(b *testing.B, w, h int) *app {
	opts, _, _ := testOptions(b, themes.NameDark, tuitest.Modes[0].Mode)
	opts.Registry = bigCaller{opts.Registry}
	m, err := New(context.Background(), opts)
	if err != nil {
		b.Fatal(err)
	}
	a := &app{t: b, m: m}
	a.send(tea.WindowSizeMsg{Width: w, Height: h})
	a.drive(m.Init())
	a.press("enter", "4")
	return a
}

// BenchmarkKeystroke is Update+View for one key (cursor down, then up
// at the end) on a 1,000-row table, 160x48, dark theme.
func BenchmarkKeystroke(b *testing.B) {
	a := keystrokeApp(b, 160, 48)
	down, up := tuitest.Key("down"), tuitest.Key("up")
	i := 0
	start := benchcpu.Now()
	for b.Loop() {
		k := down
		if (i/999)%2 == 1 {
			k = up
		}
		i++
		a.m.Update(k)
		_ = a.m.View()
	}
	benchcpu.Report(b, start)
}

// BenchmarkFilterKeystroke is Update+View for one typed filter key (the
// fuzzy filter reruns over the 1,000 rows).
func BenchmarkFilterKeystroke(b *testing.B) {
	a := keystrokeApp(b, 160, 48)
	a.press("/")
	keys := []tea.KeyMsg{tuitest.Key("A"), tuitest.Key("H"), tuitest.Key("U"), tuitest.Key("backspace"), tuitest.Key("backspace"), tuitest.Key("backspace")}
	i := 0
	start := benchcpu.Now()
	for b.Loop() {
		a.m.Update(keys[i%len(keys)])
		i++
		_ = a.m.View()
	}
	benchcpu.Report(b, start)
}
