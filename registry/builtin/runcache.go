package builtin

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"reflect"
	"slices"
	"strconv"
	"sync"

	"github.com/camber-tui/camber-tui/analytics/fdd"
)

// Bounds of the run cache: the last few runs, and no more memory than
// runCacheBytes by runCost's estimate (a 640-point facility-year on the
// hourly grid costs about 50 MB).
const (
	runCacheRuns  = 4
	runCacheBytes = 256 << 20
)

// runCache keeps the results of the last rule runs, keyed by everything
// that decides them: the store, the facility and its store generation, the
// run config's digest and the run spec (rules, parameters, equipment,
// window, grid, trust floor, sensor references; not min_severity, which
// only splits the findings, nor the page). Every judging call (rule_run
// and its pages, finding_detail, rcx_report) takes a cached run with its
// key instead of running again. Each run also carries the key of its
// frames and trust scores (runKey's inputs without what only judges), so
// sensor_trust's rules view reads them from any cached run over the same
// equipment, window and grid; that view's own runs (no rule) are cached
// under their frames key alone until a judging run over the same frames
// replaces them. A result is shared by every call served from it and must
// not be modified. It is safe for concurrent use.
type runCache struct {
	mu      sync.Mutex
	runs    []cachedRun // most recently used first
	bytes   int64
	maxRuns int
	budget  int64
	// hits and stored count the runs served from the cache and put in it.
	hits, stored int
}

// cachedRun is one cached run: the result of fdd.Run with no min_severity
// (every finding in Findings, worst first), under its run key ("" for a
// run without rules, which serves only its frames) and its frames key.
type cachedRun struct {
	key    string
	frames string
	res    *fdd.RunResult
	cost   int64
}

func newRunCache(maxRuns int, budget int64) *runCache {
	return &runCache{maxRuns: maxRuns, budget: budget}
}

// get returns the cached run under key, or nil.
func (c *runCache) get(key string) *fdd.RunResult {
	return c.find(func(r cachedRun) bool { return r.key == key })
}

// getFrames returns a cached run whose frames key is frames (a judging
// run or a run without rules), or nil: only its Equipment, window, Frames
// and Trust are to be read.
func (c *runCache) getFrames(frames string) *fdd.RunResult {
	return c.find(func(r cachedRun) bool { return r.frames == frames })
}

// find returns the most recently used cached run that match accepts, and
// makes it the most recently used.
func (c *runCache) find(match func(cachedRun) bool) *fdd.RunResult {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, r := range c.runs {
		if match(r) {
			copy(c.runs[1:i+1], c.runs[:i])
			c.runs[0] = r
			c.hits++
			return r.res
		}
	}
	return nil
}

// put caches res under its run key (or "" for a run without rules) and
// its frames key, in place of a run with the same run key and of a run
// without rules over the same frames, dropping the least recently used
// runs beyond the bounds; a run costing more than the whole budget is not
// kept.
func (c *runCache) put(key, frames string, res *fdd.RunResult) {
	cost := runCost(res)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.runs = slices.DeleteFunc(c.runs, func(r cachedRun) bool {
		if key != "" && r.key == key || frames != "" && r.key == "" && r.frames == frames {
			c.bytes -= r.cost
			return true
		}
		return false
	})
	if cost > c.budget {
		return
	}
	c.runs = slices.Insert(c.runs, 0, cachedRun{key: key, frames: frames, res: res, cost: cost})
	c.bytes += cost
	c.stored++
	for len(c.runs) > c.maxRuns || c.bytes > c.budget {
		last := c.runs[len(c.runs)-1]
		c.bytes -= last.cost
		c.runs = c.runs[:len(c.runs)-1]
	}
}

// counts returns the number of cached runs, the runs served from the
// cache and the runs put in it so far.
func (c *runCache) counts() (held, hits, stored int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.runs), c.hits, c.stored
}

// runCost estimates the memory a run result holds: its frames' columns and
// trust scores, and its findings with their spans.
func runCost(res *fdd.RunResult) int64 {
	n := int64(4 << 10)
	for _, f := range res.Frames {
		if f != nil {
			n += int64(f.N)*int64(len(f.Cols))*8 + 1024
		}
	}
	for _, byRole := range res.Trust {
		n += int64(len(byRole)) * 512
	}
	for _, list := range [][]fdd.Finding{res.Findings, res.Below} {
		for i := range list {
			f := &list[i]
			n += 2048 + int64(len(f.Violations))*48
			for _, c := range f.Conditions {
				n += 256 + int64(len(c.Violations))*48
			}
		}
	}
	return n
}

// withSeverity returns res (a run with no min_severity) as a run with
// min_severity min returns it: the findings at or above min in Findings,
// the rest in Below, both worst first. res is not modified.
func withSeverity(res *fdd.RunResult, min fdd.Severity) *fdd.RunResult {
	out := *res
	out.Findings, out.Below = nil, nil
	for _, list := range [][]fdd.Finding{res.Findings, res.Below} {
		for _, f := range list {
			if f.Severity.Rank() >= min.Rank() {
				out.Findings = append(out.Findings, f)
			} else {
				out.Below = append(out.Below, f)
			}
		}
	}
	return &out
}

// errUncacheable is canon's answer for a spec it cannot key (a function
// value, such as a custom rule catalog).
var errUncacheable = errors.New("value cannot be keyed")

// runKey is the cache key of a run: the store root, the facility and its
// generation, the config digest and the spec without min_severity.
func runKey(root, facility, generation, configDigest string, spec fdd.RunSpec) (string, error) {
	spec.MinSeverity = ""
	return specKey("run v1", root, facility, generation, configDigest, spec)
}

// framesKey is the cache key of a run's frames and trust scores: runKey's
// inputs without what only judges them (the rules, their catalog and
// parameters, min_severity, the trust floor and the sensor references).
// Equipment, classes, window, grid and shared points stay, and so does any
// field a later version adds to fdd.RunSpec.
func framesKey(root, facility, generation, configDigest string, spec fdd.RunSpec) (string, error) {
	spec.Rules, spec.Catalog, spec.Params, spec.EquipParams = nil, nil, nil, nil
	spec.MinSeverity, spec.MinTrust, spec.References = "", 0, nil
	return specKey("frames v1", root, facility, generation, configDigest, spec)
}

// specKey hashes a key's kind, the store, facility, generation and
// config digest, and the canonical spec.
func specKey(kind, root, facility, generation, configDigest string, spec fdd.RunSpec) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%q\n%q\n%q\n%q\n", kind, root, facility, generation, configDigest)
	if err := canon(h, reflect.ValueOf(spec)); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// canon writes a canonical, type-tagged encoding of v: struct fields in
// order (unexported ones too), map entries sorted by their encoding, nil
// apart from empty, the dynamic type of every interface value. Any field a
// later version adds to fdd.RunSpec is keyed without a change here.
func canon(w hash.Hash, v reflect.Value) error {
	if !v.IsValid() {
		_, err := w.Write([]byte("nil;"))
		return err
	}
	var s string
	switch v.Kind() {
	case reflect.Bool:
		s = strconv.FormatBool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		s = strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		s = strconv.FormatUint(v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		s = strconv.FormatFloat(v.Float(), 'g', -1, 64)
	case reflect.Complex64, reflect.Complex128:
		s = strconv.FormatComplex(v.Complex(), 'g', -1, 128)
	case reflect.String:
		s = strconv.Quote(v.String())
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			s = "nil"
			break
		}
		if v.Kind() == reflect.Interface {
			fmt.Fprintf(w, "(%s)", v.Elem().Type())
		} else {
			w.Write([]byte("&"))
		}
		return canon(w, v.Elem())
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			s = "nil"
			break
		}
		fmt.Fprintf(w, "[%d:", v.Len())
		for i := range v.Len() {
			if err := canon(w, v.Index(i)); err != nil {
				return err
			}
		}
		s = "]"
	case reflect.Map:
		if v.IsNil() {
			s = "nil"
			break
		}
		type entry struct{ k, v string }
		entries := make([]entry, 0, v.Len())
		it := v.MapRange()
		for it.Next() {
			k, val := sha256.New(), sha256.New()
			if err := canon(k, it.Key()); err != nil {
				return err
			}
			if err := canon(val, it.Value()); err != nil {
				return err
			}
			entries = append(entries, entry{string(k.Sum(nil)), string(val.Sum(nil))})
		}
		slices.SortFunc(entries, func(a, b entry) int {
			if a.k < b.k {
				return -1
			}
			if a.k > b.k {
				return 1
			}
			return 0
		})
		fmt.Fprintf(w, "{%d:", len(entries))
		for _, e := range entries {
			w.Write([]byte(e.k))
			w.Write([]byte(e.v))
		}
		s = "}"
	case reflect.Struct:
		fmt.Fprintf(w, "%s{", v.Type())
		for i := range v.NumField() {
			fmt.Fprintf(w, "%s=", v.Type().Field(i).Name)
			if err := canon(w, v.Field(i)); err != nil {
				return err
			}
		}
		s = "}"
	default: // func, chan, unsafe pointer
		if (v.Kind() == reflect.Func || v.Kind() == reflect.Chan) && v.IsNil() {
			s = "nil"
			break
		}
		return fmt.Errorf("%s: %w", v.Type(), errUncacheable)
	}
	_, err := w.Write([]byte(s + ";"))
	return err
}

// cacheKeys are the run cache's keys of the request's run: its run key
// ("" for a run without rules, sensor_trust's rules view) and its frames
// key; ok is false when the run is not cached: the report view, a store
// generation that could not be read, a min_severity the runner refuses, or
// a spec that cannot be keyed.
func (req *runRequest) cacheKeys() (key, frames string, ok bool) {
	if req.mode == modePoints || req.gen == "" || req.spec.MinSeverity != "" && req.spec.MinSeverity.Rank() < 0 {
		return "", "", false
	}
	root := req.src.r.Root()
	frames, err := framesKey(root, req.facility, req.gen, req.rc.digest, req.spec)
	if err != nil {
		return "", "", false
	}
	if req.mode == modeJudge {
		if key, err = runKey(root, req.facility, req.gen, req.rc.digest, req.spec); err != nil {
			return "", "", false
		}
	}
	return key, frames, true
}
