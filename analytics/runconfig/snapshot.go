package runconfig

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
)

// Files is a config file's content and every file it names (zones,
// reference CSVs) as read at load time, keyed by the name the config uses.
// A server captures it once at startup and hands it to its worker
// processes, so every process reads the same bytes however the files change
// on disk afterwards.
type Files struct {
	Path    string            `json:"path"`
	Content []byte            `json:"content"`
	Named   map[string][]byte `json:"named,omitempty"`
}

// LoadFiles is Load that also returns the bytes it read.
func (o Options) LoadFiles(path string) (*Config, string, Files, error) {
	data, err := readLimited(path)
	if err != nil {
		return nil, "", Files{}, &Error{File: path, Msg: "cannot read: " + fileProblem(err)}
	}
	files := Files{Path: path, Content: data, Named: map[string][]byte{}}
	dir := filepath.Dir(path)
	o.ReadFile = func(name string) ([]byte, error) {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		b, err := readLimited(p)
		if err == nil {
			files.Named[name] = b
		}
		return b, err
	}
	c, err := o.Parse(path, data)
	if err != nil {
		return nil, "", Files{}, err
	}
	c.dir = dir
	return c, digestOf(data), files, nil
}

// ParseFiles rebuilds a config from bytes captured by LoadFiles, reading
// no file: a name the capture lacks is an error.
func (o Options) ParseFiles(f Files) (*Config, string, error) {
	o.ReadFile = func(name string) ([]byte, error) {
		b, ok := f.Named[name]
		if !ok {
			return nil, fmt.Errorf("%s was not captured at startup", name)
		}
		return b, nil
	}
	c, err := o.Parse(f.Path, f.Content)
	if err != nil {
		return nil, "", err
	}
	c.dir = filepath.Dir(f.Path)
	return c, digestOf(f.Content), nil
}

func digestOf(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
