package apptest

import (
	"context"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/themes"
	"github.com/camber-tui/camber-tui/tui"
	"github.com/camber-tui/camber-tui/tui/console"
	"github.com/camber-tui/camber-tui/tui/draft"
	"github.com/camber-tui/camber-tui/tui/tuitest"
	"github.com/camber-tui/camber-tui/tui/walkthrough"
)

func TestGlobalKeysOpenTheScreens(t *testing.T) {
	a := Plain(t, 100, 30)
	a.Press("enter") // north-campus
	a.Press("P")
	w, ok := a.M.Top().(*walkthrough.Screen)
	if !ok {
		t.Fatalf("P opened %T", a.M.Top())
	}
	w.Pick("data_quality_review")
	if w.FacilityID() != "north-campus" {
		t.Errorf("the walkthrough from a facility starts with %q", w.FacilityID())
	}
	depth := a.M.Depth()
	a.Press("esc", "esc", "D")
	if _, ok := a.M.Top().(*draft.Screen); !ok {
		t.Fatalf("D opened %T", a.M.Top())
	}
	d := a.M.Depth()
	a.Press("D") // types a D: the pane takes every key
	if a.M.Depth() != d {
		t.Error("D in the draft pane opened another")
	}
	a.Press("esc", ":")
	if _, ok := a.M.Top().(*console.Screen); !ok {
		t.Fatalf(": opened %T", a.M.Top())
	}
	a.Press(":")
	if a.M.Depth() != depth {
		t.Errorf("depth %d, want %d: the line opened twice", a.M.Depth(), depth)
	}
	if !strings.Contains(a.View(), "command line") {
		t.Error("the header does not name the command line")
	}
}

func TestHelpReachesEverything(t *testing.T) {
	a := Plain(t, 160, 48)
	v := a.View()
	for _, want := range []string{"P guided prompt", ": command line"} {
		if !strings.Contains(v, want) {
			t.Errorf("the first screen's help bar lacks %q", want)
		}
	}
	a.Press("?")
	v = a.View()
	for _, want := range []string{"guided prompt", "draft pane", "command line"} {
		if !strings.Contains(v, want) {
			t.Errorf("the full help lacks %q", want)
		}
	}
	a.Press("esc")
	a.Press(walkKeys...)
	a.Press("D")
	v = a.View()
	for _, want := range []string{"alt+t/f2 insert template", "alt+l/f3 draft with the LLM", "alt+s/f4 save draft"} {
		if !strings.Contains(v, want) {
			t.Errorf("the draft pane's help lacks %q:\n%s", want, v)
		}
	}
}

func TestConsoleFactsReachTheDraft(t *testing.T) {
	a := Plain(t, 100, 30)
	a.Press(":")
	a.Type("open north-campus\n")
	a.Type("call rule_run\n")
	if a.M.Session().Len() < 2 {
		t.Fatalf("the command line's facts did not join the session (%d)", a.M.Session().Len())
	}
	a.Press("esc", "esc", "D", "alt+t")
	d := a.M.Top().(*draft.Screen)
	if d.Source() != agent.SourceTemplate || !strings.Contains(d.Text(), "@rule_run-") {
		t.Errorf("the template does not draw on the command line's facts: %q", d.Text())
	}
}

func TestThemeFromTheCommandLine(t *testing.T) {
	a := New(t, 100, 30, themes.NameDark, tuitest.Modes[0].Mode, nil)
	a.Press(":")
	dark := a.M.Env().Styles.Title.Render(": ")
	a.Type("theme light\n")
	if got := a.M.Env().Styles.Theme.Name; got != themes.NameLight {
		t.Errorf("theme %q after theme light", got)
	}
	if note, isErr := a.M.Status(); isErr || note != "theme light" {
		t.Errorf("status %q %v", note, isErr)
	}
	// The open command line's input takes the new theme at once.
	light := a.M.Env().Styles.Title.Render(": ")
	if v := a.View(); light == dark || !strings.Contains(v, light) || strings.Contains(v, dark) {
		t.Errorf("the command line's prompt is not drawn in the light theme (%q, dark %q):\n%q", light, dark, v)
	}
}

func TestLLMDraftThroughTheApp(t *testing.T) {
	var prompt string
	a := New(t, 100, 30, tuitest.Modes[2].Theme, tuitest.Modes[2].Mode, func(o *tui.Options) {
		o.LLM = "stub"
		o.Completer = agent.CompleterFunc(func(_ context.Context, p string, _ agent.Options) (string, error) {
			prompt = p
			return "", context.DeadlineExceeded
		})
	})
	a.Press(walkKeys...)
	a.Press("D", "alt+l")
	d := a.M.Top().(*draft.Screen)
	if !strings.Contains(prompt, "[F1@points-") {
		t.Errorf("the model was not shown the session's facts: %q", prompt)
	}
	if d.Source() != agent.SourceTemplate || len(d.Flags()) == 0 {
		t.Errorf("a failing model did not fall back to the template with a flag: %q %v", d.Source(), d.Flags())
	}
	if !strings.Contains(a.View(), "flagged") {
		t.Errorf("the flag is not shown:\n%s", a.View())
	}
}
