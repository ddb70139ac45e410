package store

import (
	"container/list"
	"fmt"
	"os"
	"sync"

	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// footerBudget bounds the memory the footer cache of one Store holds, as
// estimated by footer.cost: tens of thousands of row groups. A parsed
// footer takes about eight times its serialized size.
const footerBudget = 64 << 20

// footer is what one version of a part file's footer says: the parsed
// metadata (handed to the Parquet reader, so the file is not parsed again),
// where CAMBER's columns sit, and each row group's statistics, decoded once.
type footer struct {
	info   os.FileInfo // the listing it was read for
	md     *metadata.FileMetaData
	l      layout
	groups []groupStats
	cost   int64
}

// groupStats is what one row group's statistics say.
type groupStats struct {
	rows               int
	equip, role, class strStats
	tLo, tHi           int64 // ns; valid when tOK
	tOK                bool
}

// strStats is a string column chunk's statistics (see stringStats).
type strStats struct {
	lo, hi string
	nulls  bool // it may hold nulls
	ok     bool // lo and hi are exact
}

// readFooter opens a listed part file, parses its footer and decodes its
// row groups' statistics. Its errors are openPart's, or a DamagedError for
// a footer that does not decode.
func readFooter(pf partFile) (*footer, error) {
	o, err := openPart(pf)
	if err != nil {
		return nil, err
	}
	defer o.Close()
	return decodeFooter(o.r.MetaData(), pf)
}

// decodeFooter decodes the layout and row-group statistics of md. The
// metadata decoder panics on some corrupt footers: that is a DamagedError.
func decodeFooter(md *metadata.FileMetaData, pf partFile) (ft *footer, err error) {
	defer func() {
		if r := recover(); r != nil {
			ft, err = nil, &DamagedError{File: pf.rel, Reason: fmt.Sprintf("cannot decode: %v", r)}
		}
	}()
	l, err := fileLayout(md, pf.rel)
	if err != nil {
		return nil, err
	}
	ft = &footer{info: pf.info, md: md, l: l, groups: make([]groupStats, md.NumRowGroups())}
	ft.cost = 8*int64(md.Size()) + 512
	str := func(rg *metadata.RowGroupMetaData, col int) strStats {
		if col < 0 {
			return strStats{nulls: true}
		}
		lo, hi, nulls, ok := stringStats(rg, col)
		return strStats{lo: lo, hi: hi, nulls: nulls, ok: ok}
	}
	for i := range ft.groups {
		rg := md.RowGroup(i)
		g := &ft.groups[i]
		g.rows = int(rg.NumRows())
		g.equip, g.role, g.class = str(rg, l.equip), str(rg, l.role), str(rg, l.class)
		g.tLo, g.tHi, g.tOK = tsStats(rg, &l)
		ft.cost += 160 + int64(len(g.equip.lo)+len(g.equip.hi)+len(g.role.lo)+len(g.role.hi)+len(g.class.lo)+len(g.class.hi))
	}
	return ft, nil
}

// sameVersion reports whether two listings of a path name the same file
// with the same size and modification time: a rewrite in place or a file
// renamed over it differs in one of them.
func sameVersion(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// footerCache keeps the footers of a Store's part files, keyed by path and
// checked against the file's identity, size and modification time, so a
// replaced or rewritten file is parsed afresh. The least recently used
// footers go first when the cache outgrows its budget. It is safe for
// concurrent use; two readers missing the same file may both parse it.
type footerCache struct {
	mu     sync.Mutex
	budget int64
	cost   int64
	lru    *list.List               // of *footerEntry, most recently used first
	byPath map[string]*list.Element // absolute path -> element of lru
}

// footerEntry is one cached footer and its path.
type footerEntry struct {
	path string
	ft   *footer
}

func newFooterCache(budget int64) *footerCache {
	return &footerCache{budget: budget, lru: list.New(), byPath: map[string]*list.Element{}}
}

// get returns the footer of a listed part file, parsing it when the cache
// holds none for this version of the file.
func (c *footerCache) get(pf partFile) (*footer, error) {
	c.mu.Lock()
	if el, ok := c.byPath[pf.path]; ok {
		ent := el.Value.(*footerEntry)
		if sameVersion(ent.ft.info, pf.info) {
			c.lru.MoveToFront(el)
			c.mu.Unlock()
			return ent.ft, nil
		}
		c.remove(el)
	}
	c.mu.Unlock()
	ft, err := readFooter(pf)
	if err != nil {
		return nil, err
	}
	c.put(pf.path, ft)
	return ft, nil
}

// put caches ft for path, replacing what it held, and evicts the least
// recently used footers beyond the budget (a footer larger than the whole
// budget is not kept).
func (c *footerCache) put(path string, ft *footer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byPath[path]; ok {
		c.remove(el)
	}
	if ft.cost > c.budget {
		return
	}
	c.byPath[path] = c.lru.PushFront(&footerEntry{path: path, ft: ft})
	c.cost += ft.cost
	for c.cost > c.budget {
		c.remove(c.lru.Back())
	}
}

// remove drops one element; the caller holds c.mu.
func (c *footerCache) remove(el *list.Element) {
	ent := c.lru.Remove(el).(*footerEntry)
	delete(c.byPath, ent.path)
	c.cost -= ent.ft.cost
}

// len returns the number of cached footers.
func (c *footerCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}
