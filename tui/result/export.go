package result

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/tui/screen"
)

// Markdown renders a result as a markdown document: the call, every
// banner, the summary, each list as a table (with its page) and a facts
// appendix.
func Markdown(capability string, args map[string]any, res *registry.Result) string {
	return markdown(capability, args, res, true)
}

// MarkdownBody is [Markdown] without the notices, for a screen that shows
// the banners above it.
func MarkdownBody(capability string, args map[string]any, res *registry.Result) string {
	return markdown(capability, args, res, false)
}

func markdown(capability string, args map[string]any, res *registry.Result, notices bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", capability)
	if len(args) > 0 {
		a, _ := json.Marshal(args)
		fmt.Fprintf(&b, "Arguments: `%s`\n\n", a)
	}
	if res == nil {
		return b.String()
	}
	if notices && len(res.Banners) > 0 {
		b.WriteString("## Notices\n\n")
		for _, n := range res.Banners {
			fmt.Fprintf(&b, "- **%s**: %s\n", strings.TrimLeft(Classify(n).Label(), "↕⚖▲⚙! "), mdText(n))
		}
		b.WriteString("\n")
	}
	if res.Text != "" {
		fmt.Fprintf(&b, "## Summary\n\n%s\n\n", mdText(res.Text))
	}
	for _, l := range extractLists(capability, res.Data, res.Banners) {
		if len(l.Rows) == 0 {
			continue
		}
		title := l.Key
		if !l.Fields {
			title += " (" + l.Page.String() + ")"
		}
		fmt.Fprintf(&b, "## %s\n\n", title)
		head := make([]string, len(l.Cols))
		rule := make([]string, len(l.Cols))
		for i, c := range l.Cols {
			head[i], rule[i] = mdCell(c.Title), "---"
		}
		fmt.Fprintf(&b, "| %s |\n| %s |\n", strings.Join(head, " | "), strings.Join(rule, " | "))
		for _, r := range l.Rows {
			cells := make([]string, len(l.Cols))
			for i, c := range l.Cols {
				cells[i] = mdCell(c.Cell(r).Text)
			}
			fmt.Fprintf(&b, "| %s |\n", strings.Join(cells, " | "))
		}
		b.WriteString("\n")
	}
	if len(res.Facts) > 0 {
		b.WriteString("## Facts\n\n| id | kind | value | text |\n| --- | --- | --- | --- |\n")
		for _, f := range orderFacts(res) {
			v := ""
			if f.Value != nil {
				v = Format(f.Value)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", mdCell(f.ID), mdCell(f.Kind), mdCell(v), mdCell(f.Text))
		}
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// MarkdownText folds whitespace and escapes markdown's inline markers in
// s (a table cell also needs its pipes escaped).
func MarkdownText(s string) string { return mdText(s) }

// mdText folds whitespace and escapes markdown's inline markers.
func mdText(s string) string {
	return mdEscaper.Replace(oneLine(s))
}

var mdEscaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "`", "\\`", "<", "&lt;", ">", "&gt;")

// mdCell escapes a table cell.
func mdCell(s string) string { return strings.ReplaceAll(mdText(s), "|", `\|`) }

// exportJSON is the JSON export: the call and its result.
func exportJSON(capability string, args map[string]any, res *registry.Result) ([]byte, error) {
	b, err := json.MarshalIndent(map[string]any{"capability": capability, "arguments": args, "result": res}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// safeName keeps the characters a file name may hold.
var safeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// exportBase names an export: camber-<capability>[-<facility>][-from-<row>].
func exportBase(capability string, args map[string]any) string {
	parts := []string{"camber", capability}
	if f, ok := args["facility_id"].(string); ok && f != "" {
		parts = append(parts, f)
	}
	if f, ok := args["finding_id"].(string); ok && f != "" {
		parts = append(parts, f)
	}
	if off, ok := number(args["offset"]); ok && off > 0 {
		parts = append(parts, "from-"+strconv.Itoa(int(off)+1))
	}
	return strings.Trim(safeName.ReplaceAllString(strings.Join(parts, "-"), "_"), "._-")
}

// export returns the command that writes the shown result to a file in
// the export directory; the content is built now, the file written by the
// command.
func (m *Model) export(asJSON bool) tea.Cmd {
	if m.res == nil {
		return screen.Status("nothing to export yet", true)
	}
	base := exportBase(m.name, m.args)
	var data []byte
	ext := ".md"
	if asJSON {
		b, err := exportJSON(m.name, m.args, m.res)
		if err != nil {
			return screen.Status("export: "+err.Error(), true)
		}
		data, ext = b, ".json"
	} else {
		data = []byte(Markdown(m.name, m.args, m.res))
	}
	dir := m.env.ExportDir
	if dir == "" {
		dir = "."
	}
	return func() tea.Msg {
		name, err := WriteNew(dir, base, ext, data)
		if err != nil {
			return screen.StatusMsg{Text: "export failed: " + err.Error(), Err: true}
		}
		return screen.StatusMsg{Text: "exported to " + name}
	}
}

// WriteNew writes data to a new file base+ext in dir, or base-2+ext,
// base-3+ext ... when taken: an existing file is never overwritten, and the
// file appears whole or not at all (written to a temporary file first, then
// linked to its name). It returns the file's name (not its path).
func WriteNew(dir, base, ext string, data []byte) (string, error) {
	tmp, err := os.CreateTemp(dir, ".camber-export-*")
	if err != nil {
		return "", fmt.Errorf("create: %w", pathless(err))
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return "", fmt.Errorf("write: %w", pathless(err))
	}
	if err := tmp.Close(); err != nil {
		return "", fmt.Errorf("write: %w", err)
	}
	for n := 1; n < 1000; n++ {
		name := base + ext
		if n > 1 {
			name = base + "-" + strconv.Itoa(n) + ext
		}
		err := os.Link(tmp.Name(), filepath.Join(dir, name))
		if err == nil {
			return name, nil
		}
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		// no hard links here: create the name exclusively instead
		return writeExclusive(dir, base, ext, data)
	}
	return "", fmt.Errorf("%s%s and 998 numbered copies exist already", base, ext)
}

// writeExclusive writes data to the first free name, removing a partly
// written file on error.
func writeExclusive(dir, base, ext string, data []byte) (string, error) {
	for n := 1; n < 1000; n++ {
		name := base + ext
		if n > 1 {
			name = base + "-" + strconv.Itoa(n) + ext
		}
		p := filepath.Join(dir, name)
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("create %s: %w", name, pathless(err))
		}
		_, werr := f.Write(data)
		cerr := f.Close()
		if werr != nil || cerr != nil {
			os.Remove(p)
			return "", fmt.Errorf("write %s: %w", name, errors.Join(werr, cerr))
		}
		return name, nil
	}
	return "", fmt.Errorf("%s%s and 998 numbered copies exist already", base, ext)
}

// pathless drops the path from a file error: the status line names the
// file by its name only.
func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// sortedKeys returns m's keys sorted.
func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
