package repl

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/camber-tui/camber-tui/registry"
)

// runExport writes the last result to a file: markdown with a facts
// appendix when the name ends in .md, else JSON. It refuses to overwrite a
// file unless the command is export!, and writes a temporary file beside
// the target and renames (or links) it into place, so the file is whole or
// absent.
func runExport(_ context.Context, s *Session, c Command) Output {
	force := strings.HasSuffix(c.Name, "!")
	if len(c.Args) != 1 || c.Args[0].Key != "" || c.Object != nil || c.Args[0].Value == "" {
		return failure(usageErr("export takes one file name: export FILE (.md for markdown, else JSON)"))
	}
	name := c.Args[0].Value
	if s.last == nil {
		return failure(usageErr("nothing to export yet: export writes the last result a command showed"))
	}
	var body []byte
	format := "json"
	if strings.EqualFold(filepath.Ext(name), ".md") {
		format = "markdown"
		body = []byte(markdown(s.last))
	} else {
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		doc := struct {
			Capability string           `json:"capability"`
			Arguments  map[string]any   `json:"arguments"`
			Result     *registry.Result `json:"result"`
		}{s.last.capability, s.last.args, s.last.result}
		if err := enc.Encode(doc); err != nil {
			return failure(&Error{Code: CodeInternal, Message: "the result does not encode as JSON"})
		}
		body = []byte(b.String())
	}
	if e := writeWhole(name, body, force); e != nil {
		return failure(e)
	}
	return Output{
		Text: "exported the " + s.last.capability + " result to " + name + " (" + format + ", " +
			plural(len(s.last.result.Facts), "fact") + ")\n",
		Value: map[string]any{"exported": name, "format": format, "bytes": len(body), "capability": s.last.capability},
	}
}

// writeWhole writes body to name through a temporary file in the same
// directory; without force an existing name is refused (CodeExists), also
// when it appears while writing. Errors name the file as given, never a
// resolved path.
func writeWhole(name string, body []byte, force bool) *Error {
	shown := quoteWord(name, true)
	if fi, err := os.Lstat(name); err == nil {
		if fi.IsDir() {
			return &Error{Code: CodeWriteFailed, Message: "export: " + shown + " is a directory"}
		}
		if !force {
			return &Error{Code: CodeExists, Message: "export: " + shown + " exists; export! " + shown + " overwrites it"}
		}
	}
	dir := filepath.Dir(name)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(name)+".tmp-*")
	if err != nil {
		return writeErr(shown, err)
	}
	tmpName := tmp.Name()
	defer os.Remove(tmpName) // gone after a rename; removes the link source otherwise
	if _, err := tmp.Write(body); err != nil {
		tmp.Close()
		return writeErr(shown, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return writeErr(shown, err)
	}
	if err := tmp.Close(); err != nil {
		return writeErr(shown, err)
	}
	if err := os.Chmod(tmpName, 0o644); err != nil {
		return writeErr(shown, err)
	}
	if force {
		if err := os.Rename(tmpName, name); err != nil {
			return writeErr(shown, err)
		}
		return nil
	}
	// A hard link never replaces an existing file: a file that appeared
	// since the check above is still refused.
	if err := os.Link(tmpName, name); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return &Error{Code: CodeExists, Message: "export: " + shown + " exists; export! " + shown + " overwrites it"}
		}
		if _, statErr := os.Lstat(name); statErr == nil {
			return &Error{Code: CodeExists, Message: "export: " + shown + " exists; export! " + shown + " overwrites it"}
		}
		if err := os.Rename(tmpName, name); err != nil { // no hard links here
			return writeErr(shown, err)
		}
	}
	return nil
}

// writeErr words a write failure without the path the system error holds.
func writeErr(shown string, err error) *Error {
	why := "the file cannot be written"
	switch {
	case errors.Is(err, fs.ErrNotExist):
		why = "its directory does not exist"
	case errors.Is(err, fs.ErrPermission):
		why = "permission denied"
	}
	return &Error{Code: CodeWriteFailed, Message: "export: cannot write " + shown + ": " + why}
}

// markdown renders a result: the call, its banners, its summary, a table
// per list, and an appendix of its facts.
func markdown(r *shown) string {
	var b strings.Builder
	res := r.result
	b.WriteString("# " + r.capability + "\n\n")
	if len(r.args) > 0 {
		var parts []string
		for _, k := range sortedKeys(r.args) {
			if k == "facts" || k == "text" {
				continue
			}
			parts = append(parts, "`"+k+"="+strings.ReplaceAll(argText(r.args[k]), "`", "'")+"`")
		}
		if len(parts) > 0 {
			b.WriteString("Arguments: " + strings.Join(parts, " ") + "\n\n")
		}
	}
	for _, bn := range res.Banners {
		b.WriteString("> **NOTICE:** " + mdText(bn) + "\n")
	}
	if len(res.Banners) > 0 {
		b.WriteString("\n")
	}
	if res.Text != "" {
		b.WriteString(mdText(res.Text) + "\n\n")
	}
	data, _ := res.Data.(map[string]any)
	pages := pageNotices(res.Banners)
	for _, list := range tableLists(data) {
		rows, _ := data[list].([]any)
		head := "## " + list
		if pn, ok := pages[list]; ok && pn.lo > 0 {
			head += " (rows " + itoa(pn.lo) + "-" + itoa(pn.hi) + " of " + itoa(pn.total) + ")"
		}
		b.WriteString(head + "\n\n" + markdownTable(rows) + "\n")
	}
	b.WriteString("## Facts\n\n")
	if len(res.Facts) == 0 {
		b.WriteString("This result has no facts.\n")
	}
	for _, f := range res.Facts {
		b.WriteString("- **" + f.ID + "** (" + mdText(f.Kind))
		if f.Equip != "" {
			b.WriteString(", " + mdText(f.Equip))
		}
		b.WriteString("): " + mdText(f.Text))
		if f.Value != nil {
			b.WriteString(" — value `" + strings.ReplaceAll(compactJSON(f.Value), "`", "'") + "`")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// markdownTable renders rows as a markdown table of their scalar columns.
func markdownTable(rows []any) string {
	var cols []string
	nested := map[string]bool{}
	for _, r := range rows {
		m, _ := r.(map[string]any)
		for _, k := range sortedKeys(m) {
			if !isScalar(m[k]) {
				nested[k] = true
			}
		}
	}
	seen := map[string]bool{}
	add := func(k string) {
		if !seen[k] && !nested[k] {
			seen[k] = true
			cols = append(cols, k)
		}
	}
	present := map[string]bool{}
	for _, r := range rows {
		m, _ := r.(map[string]any)
		for k := range m {
			present[k] = true
		}
	}
	for _, k := range preferredColumns {
		if present[k] {
			add(k)
		}
	}
	for _, k := range sortedKeys(present) {
		add(k)
	}
	if len(cols) == 0 {
		return "(no scalar columns)\n"
	}
	var b strings.Builder
	b.WriteString("| " + strings.Join(cols, " | ") + " |\n")
	b.WriteString("|" + strings.Repeat(" --- |", len(cols)) + "\n")
	for _, r := range rows {
		m, _ := r.(map[string]any)
		cells := make([]string, len(cols))
		for j, k := range cols {
			cells[j] = strings.ReplaceAll(mdText(cellText(m[k])), "|", `\|`)
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	return b.String()
}

// mdText puts text on one line for markdown.
func mdText(s string) string { return strings.Join(strings.Fields(clean(s)), " ") }
