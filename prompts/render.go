package prompts

import (
	"embed"
	"fmt"
	"strings"
	"text/template"
)

// templateFS holds one template per prompt (templates/<name>.md.tmpl, each
// defining the template <name>) and the shared parts (templates/shared.md.tmpl:
// "rules" and "check").
//
//go:embed templates/*.md.tmpl
var templateFS embed.FS

// templates is the parsed template set: parsed once from the embedded
// files and only executed afterwards (text/template is safe for
// concurrent execution). A parse error is a programmer error in the
// embedded files, which every test run catches.
var templates = template.Must(template.New("prompts").Option("missingkey=error").ParseFS(templateFS, "templates/*.md.tmpl"))

// view is what a template sees: every argument already reduced to one line
// and quoted (see quote), so a template never writes a raw value.
type view struct {
	Facility   string // "north-campus"
	Equip      string // "AHU-1"
	Equips     string // ["AHU-1", "AHU-2"]
	EquipNames string // "AHU-1" and "AHU-2"
	FindingID  string // "economizer_high_limit@AHU-1"
	Claim      string // the claim quoted, or "" when none was given
}

// Render returns the one user message of prompt name with args: the
// capabilities to call in order, the citation rules, and the closing
// check_citations call. An unknown name is an invalid_params
// *registry.Error wrapping [ErrUnknownPrompt]; a bad argument is an
// [*ArgError]. Nothing is read: Render is pure.
func Render(name string, args map[string]string) (string, error) {
	p, ok := Lookup(name)
	if !ok {
		return "", unknownPrompt(name)
	}
	v, err := check(p, args)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := templates.ExecuteTemplate(&b, name, v.view()); err != nil {
		return "", fmt.Errorf("render prompt %s: %w", name, err)
	}
	return strings.TrimSpace(b.String()), nil
}

// view returns the template data of checked values.
func (v values) view() view {
	out := view{Facility: quote(v.facility), Equip: quote(v.equip), FindingID: quote(v.findingID)}
	if v.claim != "" {
		out.Claim = quote(v.claim)
	}
	quoted := make([]string, len(v.equips))
	for i, id := range v.equips {
		quoted[i] = quote(id)
	}
	out.Equips = "[" + strings.Join(quoted, ", ") + "]"
	switch n := len(quoted); {
	case n == 1:
		out.EquipNames = quoted[0]
	case n > 1:
		out.EquipNames = strings.Join(quoted[:n-1], ", ") + " and " + quoted[n-1]
	}
	return out
}
