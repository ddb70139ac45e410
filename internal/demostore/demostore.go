// Package demostore gives tests the demo campus (store/demo at
// demo.DefaultSeed) in a temporary directory, written at most once per test
// binary and shared by its tests, which must not change it (a test that
// writes works on a copy).
//
// A test package keeps one [Campus] and removes it after its tests:
//
//	var campus demostore.Campus
//
//	func TestMain(m *testing.M) {
//		code := m.Run()
//		campus.Remove()
//		os.Exit(code)
//	}
//
//	func TestX(t *testing.T) {
//		dir := campus.Path(t) // written on first use
//		...
//	}
package demostore

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/camber-tui/camber-tui/store"
	"github.com/camber-tui/camber-tui/store/demo"
)

// Campus is the demo campus in a temporary directory, written on the first
// call of [Campus.Root] or [Campus.Path]. The zero value is ready to use
// and safe for concurrent use; a Campus must not be copied.
type Campus struct {
	once sync.Once
	tmp  string // the temporary directory ("" until made)
	root string // the store's root inside it
	err  error
}

// Root writes the campus on the first call and returns the store's root
// directory; every later call returns the same directory, or the same
// error.
func (c *Campus) Root() (string, error) {
	c.once.Do(func() {
		c.root, c.err = c.write()
	})
	return c.root, c.err
}

// Path is [Campus.Root] for a test: an error fails t.
func (c *Campus) Path(t testing.TB) string {
	t.Helper()
	root, err := c.Root()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// Remove deletes the temporary directory, if one was made. Call it after
// the tests have run (in TestMain, after m.Run).
func (c *Campus) Remove() error {
	if c.tmp == "" {
		return nil
	}
	return os.RemoveAll(c.tmp)
}

// write makes the temporary directory and writes the campus into its
// store subdirectory.
func (c *Campus) write() (string, error) {
	dir, err := os.MkdirTemp("", "camber-demo-test-")
	if err != nil {
		return "", fmt.Errorf("demo store: %w", err)
	}
	c.tmp = dir
	st, err := store.Create(filepath.Join(dir, "store"))
	if err != nil {
		return "", fmt.Errorf("demo store: %w", err)
	}
	if _, err := demo.Write(context.Background(), st, demo.Options{Seed: demo.DefaultSeed}); err != nil {
		return "", fmt.Errorf("write the demo campus: %w", err)
	}
	return st.Root(), nil
}
