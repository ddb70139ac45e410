package demo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/camber-tui/camber-tui/store"
)

// Side files Write puts beside the data. They live under a '_' directory
// so Arrow dataset discovery (pyarrow, DuckDB, Spark) skips them and the
// store still opens as a plain hive-partitioned dataset.
const (
	SideDir    = "_demo"
	LabelsFile = SideDir + "/labels.json"
	ConfigDir  = SideDir + "/configs"
	// doneFile marks a finished cached store.
	doneFile = SideDir + "/complete"
)

// Summary describes what Write stored.
type Summary struct {
	Facilities int `json:"facilities"`
	Points     int `json:"points"`
	Rows       int `json:"rows"`
	Files      int `json:"files"`
	Labels     int `json:"labels"`
}

// Write generates the campus for opt and stores it in st: every facility
// with its registry entry (name, lifecycle, tz and, for the dataset
// facility, the dataset block), replacing any earlier copy, then
// labels.json and the run configs under [SideDir]. The big preset is
// generated and written one AHU at a time, so memory stays bounded.
func Write(ctx context.Context, st *store.Store, opt Options) (Summary, error) {
	var sum Summary
	var labels []Label
	switch opt.Preset {
	case PresetBig:
		s, err := writeBig(ctx, st, opt.Seed)
		if err != nil {
			return sum, err
		}
		sum, labels = s, bigLabels()
	default:
		c, err := Generate(opt)
		if err != nil {
			return sum, err
		}
		for _, f := range c.Facilities {
			ws, err := st.Write(ctx, f.ID, f.Series, store.WriteOptions{Replace: true, Entry: registryEntry(f)})
			if err != nil {
				return sum, fmt.Errorf("write facility %s: %w", f.ID, err)
			}
			sum.add(ws)
		}
		labels = c.Labels
		for _, cfg := range runConfigs() {
			if err := writeJSON(st.Root(), filepath.Join(ConfigDir, cfg.Source.Facility+".json"), cfg); err != nil {
				return sum, err
			}
		}
	}
	if err := writeJSON(st.Root(), LabelsFile, labels); err != nil {
		return sum, err
	}
	sum.Labels = len(labels)
	return sum, nil
}

func (s *Summary) add(ws store.WriteStats) {
	s.Facilities++
	s.Points += ws.Points
	s.Rows += ws.Rows
	s.Files += ws.Files
}

// registryEntry is the store registry entry of f.
func registryEntry(f Facility) *store.Entry {
	e := &store.Entry{Name: f.Name, Lifecycle: store.Lifecycle(f.Lifecycle), TZ: f.TZ}
	if f.Dataset != nil {
		e.Dataset = &store.Dataset{ID: f.Dataset.ID, Licence: f.Dataset.Licence,
			Access: f.Dataset.Access, Redistribution: f.Dataset.Redistribution}
	}
	return e
}

// writeBig streams the big preset into st through one batch.
func writeBig(ctx context.Context, st *store.Store, seed uint64) (Summary, error) {
	b, err := st.NewBatch(BigFleet)
	if err != nil {
		return Summary{}, err
	}
	c, w := bigWeather(seed)
	grid := gridTS(c)
	for n := 1; n <= BigAHUs; n++ {
		if err := ctx.Err(); err != nil {
			return Summary{}, errors.Join(err, b.Abort())
		}
		if err := b.Add(ctx, bigAHU(seed, n, c, w, grid)); err != nil {
			return Summary{}, errors.Join(fmt.Errorf("write %s AHU-%d: %w", BigFleet, n, err), b.Abort())
		}
	}
	entry := &store.Entry{Name: "Benchmark fleet (80 AHUs)", Lifecycle: store.LifecycleActive, TZ: "America/Chicago"}
	ws, err := b.Commit(ctx, store.WriteOptions{Replace: true, Entry: entry})
	if err != nil {
		return Summary{}, errors.Join(fmt.Errorf("write %s: %w", BigFleet, err), b.Abort())
	}
	var sum Summary
	sum.add(ws)
	return sum, nil
}

// writeJSON writes v as indented JSON to root/rel through a temporary file
// and a rename, so a reader never sees half a file.
func writeJSON(root, rel string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encode %s: %w", rel, err)
	}
	path := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", rel, pathErr(err))
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", rel, pathErr(err))
	}
	_, werr := tmp.Write(append(data, '\n'))
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", rel, pathErr(err))
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", rel, pathErr(err))
	}
	return nil
}

// pathErr drops the path from a *fs.PathError so no local path reaches a
// client.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}

// EnsureCached returns the directory of the default demo store (seed
// [DefaultSeed]) under the user cache directory,
// camber-tui/demo-v<GeneratorVersion>, generating it on first use. The
// store is built in a temporary sibling directory and renamed into place,
// so a crash or a concurrent caller never leaves a half-built store behind.
func EnsureCached(ctx context.Context) (string, error) {
	return ensure(ctx, "demo-v"+strconv.Itoa(GeneratorVersion), Options{Seed: DefaultSeed})
}

// EnsureBig returns the directory of the big preset store (seed
// [DefaultSeed]) under the user cache directory,
// camber-tui/big-v<GeneratorVersion>, generating it on first use as
// EnsureCached does. Benchmarks call it to share one copy.
func EnsureBig(ctx context.Context) (string, error) {
	return ensure(ctx, "big-v"+strconv.Itoa(GeneratorVersion), Options{Seed: DefaultSeed, Preset: PresetBig})
}

func ensure(ctx context.Context, name string, opt Options) (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("demo cache: %w", err)
	}
	return ensureIn(ctx, filepath.Join(base, "camber-tui"), name, opt)
}

// ensureIn is ensure with the cache root given.
func ensureIn(ctx context.Context, root, name string, opt Options) (string, error) {
	dir := filepath.Join(root, name)
	if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(doneFile))); err == nil {
		return dir, nil
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", fmt.Errorf("demo cache: %w", pathErr(err))
	}
	tmp, err := os.MkdirTemp(root, "."+name+"-build-*")
	if err != nil {
		return "", fmt.Errorf("demo cache: %w", pathErr(err))
	}
	defer os.RemoveAll(tmp) // gone after a successful rename
	st, err := store.Create(tmp)
	if err != nil {
		return "", err
	}
	if _, err := Write(ctx, st, opt); err != nil {
		return "", err
	}
	if err := writeJSON(tmp, doneFile, map[string]any{"generator_version": GeneratorVersion, "seed": opt.Seed, "preset": opt.Preset}); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another process may have finished first; use its copy.
		if _, serr := os.Stat(filepath.Join(dir, filepath.FromSlash(doneFile))); serr == nil {
			return dir, nil
		}
		if rerr := os.RemoveAll(dir); rerr != nil {
			return "", fmt.Errorf("demo cache: replace unfinished store: %w", pathErr(rerr))
		}
		if err := os.Rename(tmp, dir); err != nil {
			return "", fmt.Errorf("demo cache: %w", pathErr(err))
		}
	}
	return dir, nil
}
