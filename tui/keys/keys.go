// Package keys holds the TUI's one key map: every binding, grouped by the
// scope it acts in, with its help text, and rebindable from the app config
// by action name ("result.copy": ["y", "c"]).
//
// No default uses a terminal multiplexer's keys: not ctrl+b (tmux prefix),
// ctrl+a (screen), ctrl+p, ctrl+g, ctrl+o, ctrl+t, ctrl+n, ctrl+s or ctrl+h
// (Zellij modes).
package keys

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Global acts on every screen.
type Global struct {
	Quit      key.Binding // quit (not while typing)
	ForceQuit key.Binding // quit, also while typing
	Back      key.Binding // cancel the running call, else leave the screen
	Help      key.Binding // full help
	Runner    key.Binding // the capability runner
	Serve     key.Binding // the MCP serve panel
	Prompt    key.Binding // the guided prompt walkthrough
	Draft     key.Binding // the draft pane
	Console   key.Binding // the ':' command line
}

// Nav moves through lists, tables and text.
type Nav struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Home     key.Binding
	End      key.Binding
	Select   key.Binding // open the selected row
	Filter   key.Binding // fuzzy filter the list
}

// Result acts on a capability result.
type Result struct {
	NextPage   key.Binding // call again with the next offset
	PrevPage   key.Binding
	NextFact   key.Binding // move through the cited fact ids
	PrevFact   key.Binding
	RawJSON    key.Binding // toggle the raw JSON
	FullText   key.Binding // the whole summary and every fact
	NextList   key.Binding // show the result's next list
	Copy       key.Binding // copy the selection (OSC 52)
	Export     key.Binding // export as markdown with a facts appendix
	ExportJSON key.Binding // export as JSON
	Reload     key.Binding // call again
}

// Facility moves between a facility's tabs.
type Facility struct {
	NextTab key.Binding
	PrevTab key.Binding
	GotoTab key.Binding // 1..8
}

// Form edits a capability's arguments.
type Form struct {
	Next     key.Binding // next field
	Prev     key.Binding // previous field
	Complete key.Binding // complete the field from the store
	Choice   key.Binding // next choice of an enum or boolean
	PrevChoi key.Binding // previous choice
	Run      key.Binding // run the call
}

// Walk steps through a prompt's plan.
type Walk struct {
	RunAll key.Binding // run every step up to the draft
}

// Draft acts in the draft pane, where every other key types. No default
// is a ctrl key a multiplexer takes (ctrl+t, ctrl+s): alt+ with an F-key
// for terminals that keep alt to themselves.
type Draft struct {
	Template key.Binding // insert the template explanation
	LLM      key.Binding // ask the wired model to draft
	Save     key.Binding // save the verified text with a facts appendix
}

// Console acts on the ':' command line.
type Console struct {
	Run        key.Binding // run the line
	Complete   key.Binding // complete the word at the cursor
	Older      key.Binding // the previous line of the history
	Newer      key.Binding // the next line of the history
	ScrollUp   key.Binding // scroll the output
	ScrollDown key.Binding
}

// KeyMap is every binding of the TUI, grouped by scope.
type KeyMap struct {
	Global   Global
	Nav      Nav
	Result   Result
	Facility Facility
	Form     Form
	Walk     Walk
	Draft    Draft
	Console  Console
}

// b builds a binding whose help key is its keys joined by "/".
func b(desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(helpKey(keys), desc))
}

// helpKey is how a binding's keys read in help.
func helpKey(keys []string) string {
	out := make([]string, len(keys))
	for i, k := range keys {
		switch k {
		case " ":
			out[i] = "space"
		case "up":
			out[i] = "↑"
		case "down":
			out[i] = "↓"
		case "left":
			out[i] = "←"
		case "right":
			out[i] = "→"
		default:
			out[i] = k
		}
	}
	return strings.Join(out, "/")
}

// Default returns the default key map.
func Default() *KeyMap {
	return &KeyMap{
		Global: Global{
			Quit:      b("quit", "q"),
			ForceQuit: b("quit", "ctrl+c"),
			Back:      b("cancel call / back", "esc"),
			Help:      b("help", "?"),
			Runner:    b("run a capability", "R"),
			Serve:     b("serve over MCP", "S"),
			Prompt:    b("guided prompt", "P"),
			Draft:     b("draft pane", "D"),
			Console:   b("command line", ":"),
		},
		Nav: Nav{
			Up:       b("up", "up", "k"),
			Down:     b("down", "down", "j"),
			PageUp:   b("page up", "pgup", "ctrl+u"),
			PageDown: b("page down", "pgdown", "ctrl+d"),
			Home:     b("first", "home", "g"),
			End:      b("last", "end", "G"),
			Select:   b("open", "enter"),
			Filter:   b("filter", "/"),
		},
		Result: Result{
			NextPage:   b("next page", "n"),
			PrevPage:   b("previous page", "p"),
			NextFact:   b("next fact id", "tab"),
			PrevFact:   b("previous fact id", "shift+tab"),
			RawJSON:    b("raw JSON", "J"),
			FullText:   b("full text", "s"),
			NextList:   b("next list", "t"),
			Copy:       b("copy", "y"),
			Export:     b("export markdown", "e"),
			ExportJSON: b("export JSON", "E"),
			Reload:     b("reload", "r"),
		},
		Facility: Facility{
			NextTab: b("next tab", "]", "right"),
			PrevTab: b("previous tab", "[", "left"),
			GotoTab: key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8"), key.WithHelp("1-8", "go to tab")),
		},
		Form: Form{
			Next:     b("next field", "down"),
			Prev:     b("previous field", "up"),
			Complete: b("complete", "tab"),
			Choice:   b("next choice", "right"),
			PrevChoi: b("previous choice", "left"),
			Run:      b("run", "enter"),
		},
		Walk: Walk{RunAll: b("run all steps", "a")},
		Draft: Draft{
			Template: b("insert template", "alt+t", "f2"),
			LLM:      b("draft with the LLM", "alt+l", "f3"),
			Save:     b("save draft", "alt+s", "f4"),
		},
		Console: Console{
			Run:        b("run the line", "enter"),
			Complete:   b("complete", "tab"),
			Older:      b("older line", "up"),
			Newer:      b("newer line", "down"),
			ScrollUp:   b("scroll up", "pgup"),
			ScrollDown: b("scroll down", "pgdown"),
		},
	}
}

// action is one rebindable binding.
type action struct {
	name string // scope.action
	b    *key.Binding
}

// actions lists every binding by its config name.
func (m *KeyMap) actions() []action {
	return []action{
		{"global.quit", &m.Global.Quit}, {"global.force_quit", &m.Global.ForceQuit},
		{"global.back", &m.Global.Back}, {"global.help", &m.Global.Help},
		{"global.runner", &m.Global.Runner}, {"global.serve", &m.Global.Serve},
		{"global.prompt", &m.Global.Prompt}, {"global.draft", &m.Global.Draft}, {"global.console", &m.Global.Console},
		{"nav.up", &m.Nav.Up}, {"nav.down", &m.Nav.Down}, {"nav.page_up", &m.Nav.PageUp},
		{"nav.page_down", &m.Nav.PageDown}, {"nav.home", &m.Nav.Home}, {"nav.end", &m.Nav.End},
		{"nav.select", &m.Nav.Select}, {"nav.filter", &m.Nav.Filter},
		{"result.next_page", &m.Result.NextPage}, {"result.prev_page", &m.Result.PrevPage},
		{"result.next_fact", &m.Result.NextFact}, {"result.prev_fact", &m.Result.PrevFact},
		{"result.raw_json", &m.Result.RawJSON}, {"result.full_text", &m.Result.FullText},
		{"result.next_list", &m.Result.NextList}, {"result.copy", &m.Result.Copy},
		{"result.export", &m.Result.Export}, {"result.export_json", &m.Result.ExportJSON},
		{"result.reload", &m.Result.Reload},
		{"facility.next_tab", &m.Facility.NextTab}, {"facility.prev_tab", &m.Facility.PrevTab},
		{"facility.goto_tab", &m.Facility.GotoTab},
		{"form.next", &m.Form.Next}, {"form.prev", &m.Form.Prev}, {"form.complete", &m.Form.Complete},
		{"form.choice", &m.Form.Choice}, {"form.prev_choice", &m.Form.PrevChoi}, {"form.run", &m.Form.Run},
		{"walk.run_all", &m.Walk.RunAll},
		{"draft.template", &m.Draft.Template}, {"draft.llm", &m.Draft.LLM}, {"draft.save", &m.Draft.Save},
		{"console.run", &m.Console.Run}, {"console.complete", &m.Console.Complete}, {"console.older", &m.Console.Older},
		{"console.newer", &m.Console.Newer}, {"console.scroll_up", &m.Console.ScrollUp}, {"console.scroll_down", &m.Console.ScrollDown},
	}
}

// Actions returns every action name a config may rebind, sorted.
func (m *KeyMap) Actions() []string {
	var out []string
	for _, a := range m.actions() {
		out = append(out, a.name)
	}
	sort.Strings(out)
	return out
}

// Keys returns the keys bound to action (nil when there is no such action).
func (m *KeyMap) Keys(action string) []string {
	for _, a := range m.actions() {
		if a.name == action {
			return a.b.Keys()
		}
	}
	return nil
}

// scopes are the sets of scopes active together on one screen; a key may
// not mean two things within one.
var scopes = [][]string{
	{"global", "nav", "result", "facility", "walk"},
	{"global", "form"},
	{"global", "draft"},
	{"global", "console"},
}

// Apply rebinds actions from a config map of action → keys (the config
// key names the action: "result.copy"). It checks every action and key
// name and refuses a key bound twice among scopes active together; on an
// error the map is unchanged.
func (m *KeyMap) Apply(overrides map[string][]string) error {
	next := m.clone()
	byName := map[string]*key.Binding{}
	for _, a := range next.actions() {
		byName[a.name] = a.b
	}
	names := make([]string, 0, len(overrides))
	for n := range overrides {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		ks := overrides[n]
		bd, ok := byName[n]
		if !ok {
			return fmt.Errorf("keys: %q is not an action (one of %s)", n, strings.Join(m.Actions(), ", "))
		}
		if len(ks) == 0 {
			return fmt.Errorf("keys: %s: give at least one key", n)
		}
		ks = slices.Clone(ks)
		for i, k := range ks {
			if k == "space" {
				ks[i] = " " // how bubbletea reports the space bar
			}
			if !Valid(k) {
				return fmt.Errorf("keys: %s: %q is not a key name (e.g. \"y\", \"ctrl+y\", \"pgdown\", \"shift+tab\", \"f5\")", n, k)
			}
		}
		*bd = key.NewBinding(key.WithKeys(ks...), key.WithHelp(helpKey(ks), bd.Help().Desc))
	}
	if err := next.Check(); err != nil {
		return err
	}
	*m = *next
	return nil
}

// Check refuses a key bound to two actions among scopes active together.
func (m *KeyMap) Check() error {
	acts := m.actions()
	for _, set := range scopes {
		owner := map[string]string{}
		for _, a := range acts {
			scope, _, _ := strings.Cut(a.name, ".")
			if !slices.Contains(set, scope) {
				continue
			}
			for _, k := range a.b.Keys() {
				if prev, dup := owner[k]; dup {
					return fmt.Errorf("keys: %q is bound to both %s and %s", k, prev, a.name)
				}
				owner[k] = a.name
			}
		}
	}
	return nil
}

// clone copies the map (bindings are values).
func (m *KeyMap) clone() *KeyMap {
	c := *m
	return &c
}

// keyNames are the key names bubbletea reports, besides single runes.
var keyNames = func() map[string]bool {
	names := map[string]bool{}
	for k := -200; k <= 200; k++ {
		if s := tea.KeyType(k).String(); s != "" && s != "runes" {
			names[s] = true
		}
	}
	names["space"] = true
	return names
}()

// Valid reports whether k names a key bubbletea reports: a single
// character, a named key (enter, pgdown, shift+tab, ctrl+y, f5 ...) or
// either with alt+.
func Valid(k string) bool {
	k = strings.TrimPrefix(k, "alt+")
	if k == "" {
		return false
	}
	if utf8.RuneCountInString(k) == 1 {
		r, _ := utf8.DecodeRuneInString(k)
		return r >= ' ' && r != utf8.RuneError && r != 0x7f
	}
	return keyNames[k]
}
