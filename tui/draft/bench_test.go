package draft

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/internal/benchcpu"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui/session"
	"github.com/camber-tui/camber-tui/tui/tuitest"
)

// benchDraft is a 300-word draft of cited sentences over 60 finding facts
// (every sentence states figures, one in seven wrong), with its session.
func benchDraft(b *testing.B) (*session.Session, string) {
	b.Helper()
	sess := session.New()
	var facts []registry.Fact
	for i := range 60 {
		facts = append(facts, registry.Fact{ID: fmt.Sprintf("F%d@rule_run-1a2b3c", i+1), Kind: "finding", Equip: fmt.Sprintf("AHU-%d", i),
			Text: fmt.Sprintf("AHU-%d: economizer high limit flagged in %d.%d%% of judged hours (%d of 1,000)", i, 10+i, i%10, 100+i*7),
			Data: map[string]any{"share": float64(10+i) / 100, "flagged_hours": 100 + i*7, "judged_hours": 1000}})
	}
	sess.AddResult("rule_run", &registry.Result{Facts: facts})
	var sb strings.Builder
	for i := 0; len(strings.Fields(sb.String())) < 300; i++ {
		share := fmt.Sprintf("%d.%d%%", 10+i, i%10)
		if i%7 == 3 {
			share = "99.9%"
		}
		fmt.Fprintf(&sb, "On AHU-%d the economizer kept its damper open past the high limit in %s of judged hours, %d of 1,000 [F%d@rule_run-1a2b3c]. ",
			i, share, 100+i*7, i+1)
	}
	return sess, strings.TrimSpace(sb.String())
}

// BenchmarkKeystroke is one keystroke in the middle of a 300-word draft
// at 100x30, Update and View: debounced (the check runs on the tick after
// the typing stops), and checked at every keystroke (the worst case: the
// incremental checker re-reads the edited sentence).
func BenchmarkKeystroke(b *testing.B) {
	for _, tc := range []struct {
		name     string
		debounce time.Duration
	}{{"debounced", time.Hour}, {"checked", -1}} {
		b.Run(tc.name, func(b *testing.B) {
			sess, text := benchDraft(b)
			sess.Draft = text
			reg, cc, err := tuitest.New()
			if err != nil {
				b.Fatal(err)
			}
			env := tuitest.NewEnv(b, reg, cc, themes.NameDark, tuitest.Modes[0].Mode, b.TempDir())
			s := New(env, Options{Session: sess, Debounce: tc.debounce})
			s.SetSize(100, 27)
			if len(strings.Fields(s.Text())) < 300 || s.Report().Counts.UnsupportedNumber == 0 {
				b.Fatalf("draft of %d words, counts %+v", len(strings.Fields(s.Text())), s.Report().Counts)
			}
			s.moveTo(len(text) / 2)
			keys := []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune{'7'}}, {Type: tea.KeyBackspace}}
			i := 0
			start := benchcpu.Now()
			for b.Loop() {
				s.Update(keys[i%2])
				i++
				if s.View() == "" {
					b.Fatal("no frame")
				}
			}
			benchcpu.Report(b, start)
		})
	}
}

// BenchmarkCheckTick is the debounced check itself when it fires, with the
// frame drawn after it.
func BenchmarkCheckTick(b *testing.B) {
	sess, text := benchDraft(b)
	sess.Draft = text
	reg, cc, err := tuitest.New()
	if err != nil {
		b.Fatal(err)
	}
	env := tuitest.NewEnv(b, reg, cc, themes.NameDark, tuitest.Modes[0].Mode, b.TempDir())
	s := New(env, Options{Session: sess, Debounce: time.Hour})
	s.SetSize(100, 27)
	s.moveTo(len(text) / 2)
	keys := []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune{'7'}}, {Type: tea.KeyBackspace}}
	i := 0
	start := benchcpu.Now()
	for b.Loop() {
		s.Update(keys[i%2])
		i++
		s.Update(checkMsg{id: s.id, seq: s.editSeq})
		if !s.Checked() || s.View() == "" {
			b.Fatal("not checked")
		}
	}
	benchcpu.Report(b, start)
}
