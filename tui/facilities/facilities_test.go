package facilities

import (
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/tui/screen"
	"github.com/camber-tui/camber-tui/tui/tuitest"
)

func TestFacilitiesScreen(t *testing.T) {
	reg, cc, err := tuitest.New()
	if err != nil {
		t.Fatal(err)
	}
	env := tuitest.PlainEnv(t, reg, cc)
	s := New(env)
	tuitest.Start(reg, cc, s, 100, 20)
	v := s.View()
	for _, want := range []string{"north-campus", "North Campus", "2025-05-05 → 2025-09-01", "⚖ licence", "research-only"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	// the registry's banner already counts the research-only facility
	if s.Withheld() != "" {
		t.Errorf("withheld line duplicates a banner: %q", s.Withheld())
	}
	// filter to the annex and open it
	for _, k := range []string{"/", "a", "n", "n", "e", "x", "enter"} {
		tuitest.Press(reg, cc, s, k)
	}
	if s.Capturing() {
		t.Fatal("still filtering")
	}
	msgs := tuitest.Press(reg, cc, s, "enter")
	open, ok := tuitest.Find[screen.OpenMsg](msgs)
	if !ok || open.Screen.Title() != "south-annex · South Annex" {
		t.Fatalf("enter opened %#v", msgs)
	}
	// esc on the first screen clears the filter, then does nothing
	tuitest.Press(reg, cc, s, "esc")
	if _, cmd := s.Update(tuitest.Key("esc")); cmd != nil {
		t.Error("esc on the first screen returned a command")
	}
}

func TestWithheldBanner(t *testing.T) {
	reg, cc, _ := tuitest.New()
	env := tuitest.PlainEnv(t, reg, cc)
	s := New(env)
	tuitest.Start(reg, cc, s, 80, 20)
	// a result whose banners do not count the withheld facilities
	res := *s.Model().Result()
	res.Banners = nil
	res.Data = map[string]any{"count": 0.0, "facilities": []any{}, "withheld_research_only": 2.0, "withheld_unverified": 1.0}
	call := s.Model().Reload()().(screen.CallMsg)
	s.Update(screen.DoneMsg{Owner: call.Owner, Tag: call.Tag, Name: "facilities", Result: &res})
	want := "allowed facilities withheld: 2 research-only, 1 with an unverified licence (never served)"
	if s.Withheld() != want || !strings.Contains(s.View(), "⚖ licence  allowed facilities withheld") {
		t.Errorf("withheld %q view:\n%s", s.Withheld(), s.View())
	}
}
