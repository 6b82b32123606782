package hogwild

import (
	"slices"
	"testing"
	"unsafe"
)

// pageSpan is the pages, numbered, that an object occupies.
type pageSpan struct{ first, last uintptr }

func spanOf(p unsafe.Pointer, bytes uintptr) pageSpan {
	a := uintptr(p)
	return pageSpan{a / PageBytes, (a + bytes - 1) / PageBytes}
}

func (s pageSpan) overlaps(o pageSpan) bool { return s.first <= o.last && o.first <= s.last }

// TestScratchSharesNoPage allocates many small scratch buffers of one
// size, which the allocator packs side by side, and checks that no two of
// them touch a common page and that each starts a cache line: two workers'
// buffers on one page let each processor's prefetchers pull the other's
// lines across (Scratch); and that the scratch counts them, pages and all.
func TestScratchSharesNoPage(t *testing.T) {
	for _, n := range []int{1, 6, 10, 100, 1024, 5000} {
		var seen []pageSpan
		var floats [][]float32 // kept alive, so that none of them is freed and its memory reused
		var headers [][][]float32
		var a Scratch
		for range 16 {
			f := a.Float32s(n)
			h := a.Rows(n)
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
		if min := int64(16 * (4*n + 24*n + 4*PageBytes)); a.Bytes() < min {
			t.Fatalf("n=%d: the scratch counts %d bytes for 16 buffers of each kind, at least %d are theirs", n, a.Bytes(), min)
		}
	}
}

func TestPadCompact(t *testing.T) {
	dense := []float32{1, 2, 3, 4, 5, 6}
	padded := Pad(dense, 3, 2, 16)
	if len(padded) != 48 || padded[16] != 3 || padded[33] != 6 || padded[2] != 0 {
		t.Fatalf("padded %v", padded)
	}
	if got := Compact(make([]float32, 6), padded, 3, 2, 16); !slices.Equal(got, dense) {
		t.Errorf("compacted %v, want %v", got, dense)
	}
}
