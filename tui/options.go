package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/themes"
)

// Caller is what the app needs of the registry.
type Caller interface {
	Capabilities() []registry.Capability
	Prompts() []registry.Prompt
	Call(ctx context.Context, name string, args map[string]any, cc *registry.CallContext) (*registry.Result, error)
}

// Options configure the app.
type Options struct {
	// Registry serves every call (required).
	Registry Caller
	// CallContext is the session: store, allowlist, run configs, trust
	// floor (required). The app never changes it.
	CallContext *registry.CallContext
	// Theme names the theme: "" or auto (dark or light from the
	// terminal), dark, light, high-contrast, mono, or a user theme.
	Theme string
	// ThemeDir holds user themes (NAME.yaml); "" for none.
	ThemeDir string
	// Keys rebinds actions ("result.copy": ["c"]); see keys.KeyMap.Actions.
	Keys map[string][]string
	// Mouse turns mouse support on (wheel scrolling); off by default so the
	// terminal's own selection works.
	Mouse bool
	// StoreLabel names the store in the header ("demo campus").
	StoreLabel string
	// LLM names the wired LLM in the header; "" shows "template only".
	LLM string
	// Completer is the wired LLM the draft pane and the command line ask;
	// nil means the deterministic templates only.
	Completer agent.Completer
	// CheckDelay is the pause after a keystroke before the draft pane
	// checks its citations (0: 150 ms; negative: at every keystroke).
	CheckDelay time.Duration
	// Executable is the binary the serve panel names (default
	// os.Executable).
	Executable string
	// ExportDir is where results are exported (default the working
	// directory).
	ExportDir string

	// Input and Output default to the terminal (stdin, stdout).
	Input  io.Reader
	Output io.Writer
	// Getenv reads the environment (default os.Getenv).
	Getenv func(string) string
	// Styles, when set, are used as they are (tests); else Run decides the
	// colour mode once from the output and the environment.
	Styles *themes.Styles
	// Now is the clock for elapsed times (default time.Now).
	Now func() time.Time
}

// Run starts the app on the terminal and returns when it quits (nil) or
// ctx ends. It decides "no colour" once (NO_COLOR, --theme mono, or
// output that is not a terminal) and passes it to every style and to
// glamour.
func Run(ctx context.Context, opts Options) error {
	if opts.Output == nil {
		opts.Output = os.Stdout
	}
	if opts.Input == nil {
		opts.Input = os.Stdin
	}
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	if opts.Styles == nil {
		st, err := Styles(opts.Output, opts.Getenv, opts.Theme, opts.ThemeDir)
		if err != nil {
			return err
		}
		opts.Styles = st
	}
	if opts.Executable == "" {
		if exe, err := os.Executable(); err == nil {
			opts.Executable = exe
		}
	}
	if opts.ExportDir == "" {
		if wd, err := os.Getwd(); err == nil {
			opts.ExportDir = wd
		}
	}
	m, err := New(ctx, opts)
	if err != nil {
		return err
	}
	popts := []tea.ProgramOption{tea.WithContext(ctx), tea.WithAltScreen(), tea.WithInput(opts.Input), tea.WithOutput(opts.Output)}
	if opts.Mouse {
		popts = append(popts, tea.WithMouseCellMotion())
	}
	_, err = tea.NewProgram(m, popts...).Run()
	m.cancelAll()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// Styles decides the colour mode for output w and returns the styles of
// theme (user themes read from themeDir, "" for none).
func Styles(w io.Writer, getenv func(string) string, theme, themeDir string) (*themes.Styles, error) {
	mode := themes.Detect(w, getenv, theme)
	user := map[string]themes.Theme{}
	if themeDir != "" {
		u, err := themes.LoadDir(themeDir)
		if err != nil {
			return nil, fmt.Errorf("themes in %s: %w", filepath.Base(themeDir), err)
		}
		user = u
	}
	if theme != "" && !slices.Contains(themes.Available(user), theme) {
		// refused even when colour is off, so a typo never goes unnoticed
		_, err := themes.Select(theme, user, themes.Mode{})
		return nil, err
	}
	t, err := themes.Select(theme, user, mode)
	if err != nil {
		return nil, err
	}
	return themes.New(t, mode, themes.NewRenderer(w, mode)), nil
}
