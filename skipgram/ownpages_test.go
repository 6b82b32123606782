package skipgram

import (
	"testing"
	"unsafe"
)

// pageSpan is the pages, numbered, that an object occupies.
type pageSpan struct{ first, last uintptr }

func spanOf(p unsafe.Pointer, bytes uintptr) pageSpan {
	a := uintptr(p)
	return pageSpan{a / pageBytes, (a + bytes - 1) / pageBytes}
}

func (s pageSpan) overlaps(o pageSpan) bool { return s.first <= o.last && o.first <= s.last }

// TestOwnPagesShareNoPage allocates many small scratch buffers of one size,
// which the allocator packs side by side, and checks that no two of them
// touch a common page and that each starts a cache line: two workers'
// buffers on one page let each processor's prefetchers pull the other's
// lines across (ownPages).
func TestOwnPagesShareNoPage(t *testing.T) {
	for _, n := range []int{1, 6, 10, 100, 1024, 5000} {
		var seen []pageSpan
		var floats [][]float32 // kept alive, so that none of them is freed and its memory reused
		var headers [][][]float32
		for range 16 {
			f := ownPages[float32](n)
			h := ownHeaders(n)
			floats, headers = append(floats, f), append(headers, h)
			if len(f) != n || cap(f) != n || len(h) != n || cap(h) != n {
				t.Fatalf("n=%d: got len/cap %d/%d and %d/%d", n, len(f), cap(f), len(h), cap(h))
			}
			if a := uintptr(unsafe.Pointer(&f[0])); a%64 != 0 {
				t.Fatalf("n=%d: buffer at %#x does not start a cache line", n, a)
			}
			for _, s := range []pageSpan{
				spanOf(unsafe.Pointer(&f[0]), uintptr(n)*4),
				spanOf(unsafe.Pointer(&h[0]), uintptr(n)*unsafe.Sizeof(h[0])),
			} {
				for _, o := range seen {
					if s.overlaps(o) {
						t.Fatalf("n=%d: pages %d-%d and %d-%d overlap", n, s.first, s.last, o.first, o.last)
					}
				}
				seen = append(seen, s)
			}
		}
		if len(floats) != len(headers) {
			t.Fatal("lost a buffer")
		}
	}
}

// TestWorkersShareNoPage checks that no two workers' own fields, written
// for every window, sit on one page.
func TestWorkersShareNoPage(t *testing.T) {
	var spans []pageSpan
	var workers []*worker // on the heap, as the run's are
	for range 8 {
		w := new(worker)
		workers = append(workers, w)
		from, to := unsafe.Offsetof(w.r), unsafe.Offsetof(w.pub)+unsafe.Sizeof(w.pub)
		s := spanOf(unsafe.Pointer(&w.r), to-from)
		for _, o := range spans {
			if s.overlaps(o) {
				t.Fatalf("two workers' fields share a page (pages %d-%d and %d-%d)", s.first, s.last, o.first, o.last)
			}
		}
		spans = append(spans, s)
	}
	if len(workers) != len(spans) {
		t.Fatal("lost a worker")
	}
}
