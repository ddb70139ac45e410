package builtin_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/store/demo"
)

// demoConfigCtx is the demo caller with the run configs the demo writes
// (north-campus: M&V on MTR-1, drift baselines for the chillers and the
// tower, AHU-2's duct logger; south-annex: packaged units).
func demoConfigCtx(t testing.TB) *registry.CallContext {
	t.Helper()
	cc := callCtx(demoStore)
	for _, fac := range []string{demo.NorthCampus, demo.SouthAnnex} {
		cc.Configs = append(cc.Configs, filepath.Join(demoStore, filepath.FromSlash(demo.ConfigDir), fac+".json"))
	}
	return cc
}

// tokenMasked is a result as indented JSON with its call's fact token
// masked wherever it appears (tokens depend on file modification times).
func tokenMasked(t testing.TB, res *registry.Result) []byte {
	t.Helper()
	b, err := jsonIndent(res)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Facts) == 0 {
		return b
	}
	id := res.Facts[0].ID
	token := id[strings.LastIndexByte(id, '-'):]
	return bytes.ReplaceAll(b, []byte(token), []byte("-TOKEN"))
}
