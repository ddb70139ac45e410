package registry

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/camber-tui/camber-tui/registry/redact"
)

// snakeCase is the shape of a capability or prompt name.
var snakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// Options configures a Registry. The zero value works for capabilities
// that read no store; builtin.Default wires the store in through Data.
type Options struct {
	// Data opens the policy's view of a store directory (CallContext.Store).
	// The registry keeps one per directory. Nil: no store can be read, and a
	// call of a capability that reads one is unavailable.
	Data func(store string) (Data, error)
	// Verify checks a result's text against its facts (policy step 7) and
	// returns the repaired text and a banner per repair. Nil: the registry's
	// own check, which removes every citation of an id the result has no
	// fact for (the sentence is kept).
	Verify func(text string, facts []Fact) (string, []string)
	// Roots are further local directories to redact from what a caller sees
	// (a dataset data directory ...), beyond the store, the run configs and
	// the machine's own roots.
	Roots []string
	// FenceWait is how long a call waits for a writer's swap in progress on
	// a facility it reads before it is unavailable (default one second).
	FenceWait time.Duration
}

// Registry is the set of capabilities and prompts and the policy every call
// follows. It is safe for concurrent use.
type Registry struct {
	caps    map[string]*entry
	sorted  []Capability
	prompts []Prompt
	opt     Options
	machine []string

	mu        sync.Mutex
	data      map[string]Data
	redactors map[string]*redact.Redactor
}

// entry is a registered capability with its compiled schemas.
type entry struct {
	cap     Capability
	in, out *compiled
	own     map[string]bool
}

// New returns a registry of caps and prompts. It refuses a duplicate or
// non-snake_case name, a capability without a handler or description, and a
// schema that is not an object schema or that uses any keyword outside seed
// 000's subset (type, properties, required, additionalProperties, enum,
// const, items, minItems, maxItems, minimum, maximum, exclusiveMinimum,
// exclusiveMaximum, minLength, maxLength, pattern; default, description,
// title and $schema are annotations).
func New(caps []Capability, prompts []Prompt, opt Options) (*Registry, error) {
	if opt.FenceWait <= 0 {
		opt.FenceWait = time.Second
	}
	r := &Registry{
		caps:      map[string]*entry{},
		opt:       opt,
		machine:   redact.MachineRoots(),
		data:      map[string]Data{},
		redactors: map[string]*redact.Redactor{},
	}
	for _, c := range caps {
		if err := r.add(c); err != nil {
			return nil, err
		}
	}
	seen := map[string]bool{}
	for _, p := range prompts {
		if !snakeCase.MatchString(p.Name) {
			return nil, fmt.Errorf("prompt %q: name is not snake_case", p.Name)
		}
		if seen[p.Name] {
			return nil, fmt.Errorf("prompt %q is registered twice", p.Name)
		}
		seen[p.Name] = true
		r.prompts = append(r.prompts, p)
	}
	slices.SortFunc(r.prompts, func(a, b Prompt) int { return strings.Compare(a.Name, b.Name) })
	slices.SortFunc(r.sorted, func(a, b Capability) int { return strings.Compare(a.Name, b.Name) })
	return r, nil
}

// add checks and compiles one capability.
func (r *Registry) add(c Capability) error {
	if !snakeCase.MatchString(c.Name) {
		return fmt.Errorf("capability %q: name is not snake_case", c.Name)
	}
	if _, dup := r.caps[c.Name]; dup {
		return fmt.Errorf("capability %q is registered twice", c.Name)
	}
	if c.Handler == nil {
		return fmt.Errorf("capability %s: no handler", c.Name)
	}
	if strings.TrimSpace(c.Description) == "" {
		return fmt.Errorf("capability %s: no description", c.Name)
	}
	in, err := compileSchema("mem:///"+c.Name+"/input.json", c.InputSchema)
	if err != nil {
		return fmt.Errorf("capability %s: input schema: %w", c.Name, err)
	}
	out, err := compileSchema("mem:///"+c.Name+"/output.json", c.OutputSchema)
	if err != nil {
		return fmt.Errorf("capability %s: output schema: %w", c.Name, err)
	}
	e := &entry{cap: c, in: in, out: out, own: map[string]bool{}}
	for _, k := range c.OwnOutput {
		e.own[k] = true
	}
	r.caps[c.Name] = e
	r.sorted = append(r.sorted, c)
	return nil
}

// Capabilities returns the capabilities sorted by name.
func (r *Registry) Capabilities() []Capability { return slices.Clone(r.sorted) }

// Prompts returns the prompts sorted by name.
func (r *Registry) Prompts() []Prompt { return slices.Clone(r.prompts) }

// Lookup returns the capability called name.
func (r *Registry) Lookup(name string) (Capability, bool) {
	e, ok := r.caps[name]
	if !ok {
		return Capability{}, false
	}
	return e.cap, true
}

// ValidateOutput checks data (a decoded JSON object) against capability
// name's full output schema; the conformance kit and front ends use it.
func (r *Registry) ValidateOutput(name string, data any) error {
	e, ok := r.caps[name]
	if !ok {
		return fmt.Errorf("no capability %q", name)
	}
	v, err := toJSONValue(data)
	if err != nil {
		return err
	}
	return e.out.schema.Validate(v)
}

// dataFor returns the store view for a directory, opening it once.
func (r *Registry) dataFor(store string) (Data, error) {
	if r.opt.Data == nil || store == "" {
		return nil, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if d, ok := r.data[store]; ok {
		return d, nil
	}
	d, err := r.opt.Data(store)
	if err != nil {
		return nil, err
	}
	r.data[store] = d
	return d, nil
}

// redactorFor returns the redactor for a call context's roots: the store,
// each run config and its directory, the options' roots and the machine's.
func (r *Registry) redactorFor(cc *CallContext) *redact.Redactor {
	roots := []string{cc.Store}
	for _, c := range cc.Configs {
		roots = append(roots, c, dirOf(c))
	}
	for _, s := range cc.Snapshot {
		roots = append(roots, s.Path, dirOf(s.Path))
	}
	roots = append(roots, r.opt.Roots...)
	key := strings.Join(roots, "\x00")
	r.mu.Lock()
	defer r.mu.Unlock()
	if red, ok := r.redactors[key]; ok {
		return red
	}
	red := redact.New(append(roots, r.machine...))
	r.redactors[key] = red
	return red
}

// dirOf returns the directory of a file path ("" for a bare name).
func dirOf(p string) string {
	i := strings.LastIndexAny(p, `/\`)
	if i <= 0 {
		return ""
	}
	return p[:i]
}
