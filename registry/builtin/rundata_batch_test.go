package builtin

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/camber-tui/camber-tui/analytics/fdd"
	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/store"
)

// countingReader serves one series per equipment and records each read's
// equipment.
type countingReader struct {
	reader // only Read is called
	mu     sync.Mutex
	reads  [][]string
}

func (r *countingReader) Read(_ context.Context, _ string, q store.Query) ([]model.Series, error) {
	r.mu.Lock()
	r.reads = append(r.reads, slices.Clone(q.Equips))
	r.mu.Unlock()
	var out []model.Series
	for _, e := range q.Equips {
		out = append(out, model.Series{Equip: e, Role: model.OAT, TS: []int64{q.Start + 1}, V: []float64{1}})
	}
	return out, nil
}

func batchSource(n int) (*storeSource, *countingReader) {
	r := &countingReader{}
	src := &storeSource{r: r, facility: "hq", pending: map[string]*pendingRead{}, served: map[string]bool{}}
	for i := range n {
		src.equips = append(src.equips, fdd.Equipment{Equip: fmt.Sprintf("E%02d", i), Class: "AHU"})
	}
	return src, r
}

// TestStoreSource_Batches: equipment in the run's order are read eight at a
// time, each handed out once with its own series; others, and other
// windows, are read alone; nothing stays held once every read is served.
func TestStoreSource_Batches(t *testing.T) {
	src, r := batchSource(20)
	src.batchOrder(src.equipIDs())
	for _, id := range src.equipIDs() {
		ss, err := src.Series(t.Context(), id, 10, 20)
		if err != nil || len(ss) != 1 || ss[0].Equip != id || ss[0].TS[0] != 11 {
			t.Fatalf("%s: %v %v", id, ss, err)
		}
	}
	if len(r.reads) != 3 || len(r.reads[0]) != 8 || len(r.reads[2]) != 4 {
		t.Fatalf("reads %v, want batches of 8", r.reads)
	}
	if _, err := src.Series(t.Context(), "E03", 0, 0); err != nil || len(r.reads) != 4 || len(r.reads[3]) != 1 {
		t.Errorf("a read over another window: reads %v, %v", r.reads, err)
	}
	if len(src.pending) != 0 {
		t.Errorf("%d reads still held", len(src.pending))
	}
}

// TestStoreSource_Concurrent: readers asking in parallel each get their
// equipment's series exactly once, whatever batch reads it.
func TestStoreSource_Concurrent(t *testing.T) {
	src, r := batchSource(50)
	ids := src.equipIDs()
	src.batchOrder(ids)
	var wg sync.WaitGroup
	errs := make(chan error, len(ids))
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(ids); i += 4 {
				ss, err := src.Series(t.Context(), ids[i], 0, 100)
				if err == nil && (len(ss) != 1 || ss[0].Equip != ids[i]) {
					err = fmt.Errorf("%s got %v", ids[i], ss)
				}
				if err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	read := map[string]int{}
	for _, batch := range r.reads {
		if len(batch) > readBatch {
			t.Errorf("a batch of %d", len(batch))
		}
		for _, e := range batch {
			read[e]++
		}
	}
	for _, id := range ids {
		if read[id] != 1 {
			t.Errorf("%s read %d times", id, read[id])
		}
	}
	if len(src.pending) != 0 {
		t.Errorf("%d reads still held", len(src.pending))
	}
}
