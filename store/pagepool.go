package store

import (
	"math/bits"
	"sync"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Buffer sizes the page pool keeps: powers of two from 64 KiB to 8 MiB,
// the sizes of decompressed data pages (our 64Ki-row groups give 512 KiB
// value pages) and of other writers' usual pages.
const (
	poolMinShift = 16
	poolMaxShift = 23
)

// pagePool is the memory.Allocator of a Store's Parquet readers. Every
// column chunk a read decodes gets its own page reader, whose buffers
// (compressed and decompressed pages) the reader frees when the chunk is
// done; the pool hands them to the next chunk instead of leaving them to
// the garbage collector, which for a facility-year is a gigabyte of page
// buffers a read. Buffers come back cleared. Sizes outside the pooled
// range go to the Go allocator. It is safe for concurrent use.
type pagePool struct {
	classes [poolMaxShift - poolMinShift + 1]sync.Pool // class k: *[]byte of cap 1<<(k+poolMinShift)
	other   memory.GoAllocator
}

// poolClass returns the class whose buffers hold size bytes, or -1.
func poolClass(size int) int {
	if size <= 0 || size > 1<<poolMaxShift {
		return -1
	}
	shift := max(bits.Len(uint(size-1)), poolMinShift)
	return shift - poolMinShift
}

// Allocate returns a zeroed buffer of size bytes.
func (p *pagePool) Allocate(size int) []byte {
	k := poolClass(size)
	if k < 0 {
		return p.other.Allocate(size)
	}
	if b, ok := p.classes[k].Get().(*[]byte); ok {
		buf := (*b)[:size]
		clear(buf)
		return buf
	}
	return make([]byte, size, 1<<(k+poolMinShift))
}

// Reallocate returns b grown to size bytes, its contents kept; within its
// capacity it is b itself (as the Go allocator does).
func (p *pagePool) Reallocate(size int, b []byte) []byte {
	if cap(b) >= size {
		return b[:size]
	}
	nb := p.Allocate(size)
	copy(nb, b)
	p.Free(b)
	return nb
}

// Free takes back a buffer Allocate handed out; others are left to the
// garbage collector.
func (p *pagePool) Free(b []byte) {
	c := cap(b)
	k := poolClass(c)
	if k < 0 || c != 1<<(k+poolMinShift) {
		return
	}
	b = b[:c]
	p.classes[k].Put(&b)
}
