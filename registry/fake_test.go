package registry_test

import (
	"context"
	"errors"
	"sync"

	"github.com/camber-tui/camber-tui/registry"
)

// fakeData is an in-memory registry.Data.
type fakeData struct {
	mu      sync.Mutex
	survey  registry.Survey
	digests map[string][]string
	gen     map[string]string
	fences  map[string]registry.Fence
	// onFence, when set, is called on every Fence read (to flip state).
	onFence   func(id string, n int)
	fenceN    int
	surveyErr error
}

// damagedErr and vanishedErr stand in for the store's error types.
type damagedErr struct{ fac string }

func (e *damagedErr) Error() string { return "part file /secret/store/x.parquet is truncated" }

type vanishedErr struct{ fac string }

func (e *vanishedErr) Error() string { return "part file vanished" }

func newFakeData(facs ...registry.FacilityInfo) *fakeData {
	d := &fakeData{
		survey:  registry.Survey{State: registry.RegistryOK, Facilities: map[string]registry.FacilityInfo{}},
		digests: map[string][]string{},
		gen:     map[string]string{},
		fences:  map[string]registry.Fence{},
	}
	for _, f := range facs {
		d.survey.Facilities[f.ID] = f
	}
	return d
}

// own returns a stored, registered, active facility of one's own data.
func own(id string) registry.FacilityInfo {
	return registry.FacilityInfo{ID: id, Stored: true, Registered: true, Name: id, Lifecycle: "active", LifecycleValid: true}
}

func (d *fakeData) Survey(_ context.Context, also []string) (*registry.Survey, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.surveyErr != nil {
		return nil, d.surveyErr
	}
	s := &registry.Survey{State: d.survey.State, Facilities: map[string]registry.FacilityInfo{}}
	for k, v := range d.survey.Facilities {
		s.Facilities[k] = v
	}
	for _, id := range also {
		if _, ok := s.Facilities[id]; !ok {
			s.Facilities[id] = registry.FacilityInfo{ID: id}
		}
	}
	return s, nil
}

func (d *fakeData) PartDigests(_ context.Context, id string) ([]string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.digests[id], nil
}

func (d *fakeData) Generation(_ context.Context, ids []string) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	g := "reg"
	for _, id := range ids {
		g += "|" + id + "=" + d.gen[id]
	}
	return g, nil
}

func (d *fakeData) Fence(_ context.Context, id string) (registry.Fence, error) {
	d.mu.Lock()
	d.fenceN++
	n, hook := d.fenceN, d.onFence
	d.mu.Unlock()
	if hook != nil {
		hook(id, n)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.fences[id], nil
}

func (d *fakeData) Classify(err error) (registry.StoreFault, bool) {
	var de *damagedErr
	if errors.As(err, &de) {
		return registry.StoreFault{Facility: de.fac}, true
	}
	var ve *vanishedErr
	if errors.As(err, &ve) {
		return registry.StoreFault{Retryable: true, Facility: ve.fac}, true
	}
	return registry.StoreFault{}, false
}

func (d *fakeData) set(f func(d *fakeData)) {
	d.mu.Lock()
	defer d.mu.Unlock()
	f(d)
}
