package themes

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// maxThemeFile bounds a user theme file; a theme is a few hundred bytes.
const maxThemeFile = 64 << 10

// Parse reads one user theme: a YAML mapping of token → colour, with two
// optional keys, base (a built-in theme the file starts from, default dark)
// and dark (true or false: which markdown style suits it, default the
// base's). file names the source in errors.
//
//	base: light
//	primary: "#268BD2"
//	warn: "136"
func Parse(name, file string, data []byte) (Theme, error) {
	if len(data) > maxThemeFile {
		return Theme{}, fmt.Errorf("%s: theme file is larger than %d bytes", file, maxThemeFile)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return Theme{}, fmt.Errorf("%s: %w", file, err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return Theme{}, fmt.Errorf("%s: the theme is empty", file)
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return Theme{}, fmt.Errorf("%s:%d: a theme is a mapping of token: colour", file, root.Line)
	}
	known := map[string]bool{}
	for _, t := range tokens {
		known[string(t)] = true
	}
	seen := map[string]int{}
	base, _ := Builtin(NameDark)
	colors := map[Token]string{}
	var dark *bool
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		key := k.Value
		if line, dup := seen[key]; dup {
			return Theme{}, fmt.Errorf("%s:%d: key %q is set twice (first at line %d)", file, k.Line, key, line)
		}
		seen[key] = k.Line
		if v.Kind != yaml.ScalarNode {
			return Theme{}, fmt.Errorf("%s:%d: key %q: want a single value", file, v.Line, key)
		}
		switch {
		case key == "base":
			b, ok := Builtin(v.Value)
			if !ok {
				return Theme{}, fmt.Errorf("%s:%d: base %q is not a built-in theme (%s)", file, v.Line, v.Value, strings.Join(Names(), ", "))
			}
			base = b
		case key == "dark":
			var d bool
			if err := v.Decode(&d); err != nil {
				return Theme{}, fmt.Errorf("%s:%d: dark: want true or false", file, v.Line)
			}
			dark = &d
		case known[key]:
			if err := CheckColor(v.Value); err != nil {
				return Theme{}, fmt.Errorf("%s:%d: %s: %w", file, v.Line, key, err)
			}
			colors[Token(key)] = v.Value
		default:
			return Theme{}, fmt.Errorf("%s:%d: unknown key %q (tokens: %s; also base, dark)", file, k.Line, key, tokenList())
		}
	}
	t := Theme{Name: name, Dark: base.Dark, Colors: map[Token]string{}}
	for k, c := range base.Colors {
		t.Colors[k] = c
	}
	for k, c := range colors {
		t.Colors[k] = c
	}
	if dark != nil {
		t.Dark = *dark
	}
	return t, nil
}

// tokenList names the tokens for an error message.
func tokenList() string {
	s := make([]string, len(tokens))
	for i, t := range tokens {
		s[i] = string(t)
	}
	return strings.Join(s, ", ")
}

// LoadDir reads the user themes of dir: each NAME.yaml or NAME.yml file is
// the theme NAME. A missing dir holds no themes. A file may not shadow a
// built-in theme's name.
func LoadDir(dir string) (map[string]Theme, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]Theme{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read themes: %w", err)
	}
	out := map[string]Theme{}
	for _, e := range ents {
		ext := filepath.Ext(e.Name())
		if e.IsDir() || (ext != ".yaml" && ext != ".yml") {
			continue
		}
		name := strings.TrimSuffix(e.Name(), ext)
		if _, builtin := Builtin(name); builtin || name == NameAuto {
			return nil, fmt.Errorf("theme file %s: %q is a built-in theme's name; pick another", e.Name(), name)
		}
		if _, dup := out[name]; dup {
			return nil, fmt.Errorf("theme file %s: theme %q is defined twice", e.Name(), name)
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("read theme %s: %w", e.Name(), err)
		}
		t, err := Parse(name, e.Name(), data)
		if err != nil {
			return nil, err
		}
		out[name] = t
	}
	return out, nil
}

// Available returns the names a --theme may take: auto, the built-ins and
// the user themes, sorted within each group.
func Available(user map[string]Theme) []string {
	names := append([]string{NameAuto}, Names()...)
	var u []string
	for n := range user {
		u = append(u, n)
	}
	slices.Sort(u)
	return append(names, u...)
}
