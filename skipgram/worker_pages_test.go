package skipgram

import (
	"testing"
	"unsafe"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
)

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

// pageSpan is the pages, numbered, that an object occupies.
type pageSpan struct{ first, last uintptr }

func spanOf(p unsafe.Pointer, bytes uintptr) pageSpan {
	a := uintptr(p)
	return pageSpan{a / hogwild.PageBytes, (a + bytes - 1) / hogwild.PageBytes}
}

func (s pageSpan) overlaps(o pageSpan) bool { return s.first <= o.last && o.first <= s.last }
