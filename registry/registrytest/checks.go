package registrytest

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/redact"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// checkValid makes each valid call twice, and once with another trust
// floor, and checks the results.
func checkValid(t *testing.T, reg *registry.Registry, c registry.Capability, cases Cases) {
	if len(cases.Valid) == 0 {
		t.Fatal("no valid call to check")
	}
	for _, args := range cases.Valid {
		res, err := reg.Call(t.Context(), c.Name, args, cases.Ctx)
		if err != nil {
			t.Errorf("%v: %v", args, err)
			continue
		}
		if err := reg.ValidateOutput(c.Name, res.Data); err != nil {
			t.Errorf("%v: output does not validate: %v", args, err)
		}
		checkResult(t, args, res, cases.Ctx)
		again, err := reg.Call(t.Context(), c.Name, args, cases.Ctx)
		if err != nil {
			t.Errorf("%v: second call: %v", args, err)
			continue
		}
		if a, b := jsonOf(res), jsonOf(again); a != b {
			t.Errorf("%v: identical calls differ:\n%s", args, diffLines(a, b))
		}
		if len(res.Facts) > 0 {
			other := *cases.Ctx
			other.MinTrust = 0.77
			if cases.Ctx.MinTrust == 0.77 {
				other.MinTrust = 0.78
			}
			res2, err := reg.Call(t.Context(), c.Name, args, &other)
			if err == nil && len(res2.Facts) > 0 && res2.Facts[0].ID == res.Facts[0].ID {
				t.Errorf("%v: another trust floor gave the same fact id %s", args, res.Facts[0].ID)
			}
		}
	}
}

// checkResult checks one successful result.
func checkResult(t reporter, args map[string]any, res *registry.Result, cc *registry.CallContext) {
	ids := map[string]bool{}
	token := ""
	for _, f := range res.Facts {
		m := tokenID.FindStringSubmatch(f.ID)
		if m == nil {
			t.Errorf("%v: fact id %q is not tokenised", args, f.ID)
			continue
		}
		if token != "" && m[2] != token {
			t.Errorf("%v: fact ids carry two tokens (%s, %s)", args, token, m[2])
		}
		token = m[2]
		if ids[f.ID] {
			t.Errorf("%v: fact id %s twice", args, f.ID)
		}
		ids[f.ID] = true
		if len(sanitize.Citations(f.Text)) > 0 {
			t.Errorf("%v: fact %s text holds a citation: %q", args, f.ID, f.Text)
		}
	}
	for _, loc := range sanitize.Citations(res.Text) {
		for _, id := range sanitize.SplitCitation(res.Text[loc[0]+1 : loc[1]-1]) {
			if !ids[id] {
				t.Errorf("%v: text cites %s, which is not a fact of the result", args, id)
			}
		}
	}
	if len(res.Facts) > 0 && len(sanitize.Citations(res.Text)) == 0 {
		t.Errorf("%v: text %q cites none of its facts", args, res.Text)
	}
	lines := append([]string{res.Text}, res.Banners...)
	for _, f := range res.Facts {
		lines = append(lines, f.Text)
	}
	if sanitize.Text(res.Text) != res.Text {
		t.Errorf("%v: text %q is not one clean line", args, res.Text)
	}
	var keep []string
	strs := allStrings(res)
	for _, s := range strs {
		if strings.ContainsAny(s, `/\~`) {
			keep = append(keep, sanitize.Name(s))
		}
	}
	red := redact.New(roots(cc))
	for _, l := range lines {
		if sanitize.Message(l) != l {
			t.Errorf("%v: %q is not one clean line", args, l)
		}
		if r := red.Text(l, keep...); r != l {
			t.Errorf("%v: %q holds a local path (redacted: %q)", args, l, r)
		}
	}
	for _, s := range strs {
		for _, root := range roots(cc) {
			if len(root) > 1 && containsPath(s, root) {
				t.Errorf("%v: %q names the local path %s", args, s, root)
			}
		}
	}
	allowed := map[string]bool{}
	for _, id := range cc.AllowedFacilities {
		allowed[id] = true
	}
	for _, id := range facilityIDs(res.Data) {
		if !allowed[id] {
			t.Errorf("%v: result names facility %q outside the allowlist", args, id)
		}
	}
}

// checkAllowlist calls a capability that takes facility_id with one outside
// the allowlist.
func checkAllowlist(t *testing.T, reg *registry.Registry, c registry.Capability, cases Cases) {
	props, _ := c.InputSchema["properties"].(map[string]any)
	if _, ok := props["facility_id"]; !ok {
		return
	}
	for _, args := range cases.Valid {
		if _, ok := args["facility_id"]; !ok {
			continue
		}
		a := maps.Clone(args)
		a["facility_id"] = "zz-conformance-not-allowed"
		_, err := reg.Call(t.Context(), c.Name, a, cases.Ctx)
		var e *registry.Error
		if !errors.As(err, &e) || e.Code != registry.CodeNotAllowed {
			t.Errorf("facility outside the allowlist: got %v, want not_allowed", err)
		} else if strings.Contains(e.Message, "zz-conformance") {
			t.Errorf("not_allowed message %q echoes the facility (a caller could tell ids apart)", e.Message)
		}
		return
	}
}

// allStrings returns every string of a result (data, facts, text, banners).
func allStrings(res *registry.Result) []string {
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			out = append(out, x)
		case map[string]any:
			for k, e := range x {
				out = append(out, k)
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(res.Data)
	for _, f := range res.Facts {
		out = append(out, f.ID, f.Kind, f.Text, f.Equip)
		walk(f.Value)
		walk(f.Data)
	}
	return append(append(out, res.Text), res.Banners...)
}

// facilityIDs returns every facility_id / facility_ids value in v.
func facilityIDs(v any) []string {
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				switch s := e.(type) {
				case string:
					if k == "facility_id" {
						out = append(out, s)
					}
				case []any:
					if k == "facility_ids" {
						for _, id := range s {
							if id, ok := id.(string); ok {
								out = append(out, id)
							}
						}
					}
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// hashTree digests every name, type, size, modification time and file
// content under root ("" when root is empty).
func hashTree(t *testing.T, root string) string {
	t.Helper()
	if root == "" {
		return ""
	}
	var lines []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		line := fmt.Sprintf("%s %v %d %d", filepath.ToSlash(rel), info.Mode(), info.Size(), info.ModTime().UnixNano())
		if info.Mode().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(b)
			line += " " + hex.EncodeToString(sum[:])
		}
		lines = append(lines, line)
		return nil
	})
	if err != nil {
		t.Fatalf("hash store tree: %v", err)
	}
	slices.Sort(lines)
	return joinLines(lines)
}

// HashTree returns a digest of every name, type, size, modification time
// and file content under root, one line per entry, for no-persist tests.
func HashTree(t *testing.T, root string) string { return hashTree(t, root) }

// containsPath reports whether s holds root as a whole path (followed by
// the end, a separator or a character that cannot continue a name).
func containsPath(s, root string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], root)
		if j < 0 {
			return false
		}
		end := i + j + len(root)
		if end == len(s) || strings.IndexByte("/\\ \"':,;)", s[end]) >= 0 {
			return true
		}
		i = end
	}
}

// joinLines joins lines with newlines.
func joinLines(lines []string) string { return strings.Join(lines, "\n") }

// diffLines returns the lines of a and b that differ (at most 10).
func diffLines(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for i := 0; i < max(len(al), len(bl)) && len(out) < 10; i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out = append(out, fmt.Sprintf("- %s\n+ %s", x, y))
		}
	}
	return strings.Join(out, "\n")
}
