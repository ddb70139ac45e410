package builtin

import (
	"errors"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
)

// FuzzWindowPairArg feeds drift's baseline / current arguments as a
// caller may write them (the schema admits any two strings of the date
// pattern): windowPairArg never panics, refuses only with invalid_params
// at the argument's pointer, and what it accepts is a window whose end is
// after its start.
func FuzzWindowPairArg(f *testing.F) {
	for _, s := range [][2]string{
		{"2025-05-05", "2025-06-08"}, {"2025-05-05T08:00", "2025-05-05 09:30:15"}, {"2025-02-30", "2025-03-01"},
		{"2025-06-01", "2025-05-01"}, {"2025-05-05", "2025-05-05"}, {"", "2025-01-01"}, {"9999-12-31", "0000-01-01"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, start, end string) {
		w, err := windowPairArg(&registry.Call{Args: map[string]any{"current": []any{start, end}}}, "current")
		if err != nil {
			var e *registry.Error
			if !errors.As(err, &e) || e.Code != registry.CodeInvalidParams || e.Data["errors"] == nil {
				t.Fatalf("windowPairArg(%q, %q) = %v, want an invalid_params refusal", start, end, err)
			}
			return
		}
		if w == nil || w.End <= w.Start {
			t.Fatalf("windowPairArg(%q, %q) accepted %+v", start, end, w)
		}
	})
}
