package hogwild

import "unsafe"

// PageBytes is the size of the pages that a processor's prefetchers stay
// within: they fetch the lines after (or beside) those a loop touches, but
// never across a 4 KiB page.
const PageBytes = 4 << 10

// lineBytes is the size of a cache line.
const lineBytes = 64

// Lines returns n zeroed elements on cache lines of their own: the
// parameter matrices use it, so that every row of a 16-float stride starts
// a line.
func Lines[T int32 | float32](n int) []T {
	const line = lineBytes / 4 // elements per line, both types being 4 bytes
	buf := make([]T, (n+line-1)/line*line+2*line)
	off := 0
	for uintptr(unsafe.Pointer(&buf[off]))%lineBytes != 0 {
		off++
	}
	return buf[off : off+n : off+n]
}

// Scratch allocates a worker's buffers, each with a page of nothing on
// either side, and counts the bytes they take, pages included. A worker
// writes its buffers for every window; on cache lines of their own they
// still shared pages with the other workers' (the allocator packs objects
// of one size together), and each processor's prefetchers, running on from
// the lines a loop walked through, pulled the other worker's lines across
// while that worker wrote them (docs/scaling.md).
type Scratch struct {
	bytes int64
}

// Float32s returns n zeroed floats on pages of their own.
func (s *Scratch) Float32s(n int) []float32 { return paged[float32](s, n) }

// Int32s returns n zeroed ints on pages of their own.
func (s *Scratch) Int32s(n int) []int32 { return paged[int32](s, n) }

// Rows returns n row slices on pages of their own.
func (s *Scratch) Rows(n int) [][]float32 {
	const header = int(unsafe.Sizeof([]float32(nil)))
	const pad = PageBytes/header + 1
	s.bytes += int64((n + 2*pad) * header)
	return make([][]float32, n+2*pad)[pad : pad+n : pad+n]
}

// Bools returns n false values on pages of their own.
func (s *Scratch) Bools(n int) []bool {
	s.bytes += int64(n + 2*PageBytes)
	return make([]bool, n+2*PageBytes)[PageBytes : PageBytes+n : PageBytes+n]
}

// Bytes is what the buffers allocated so far take, their pages included.
func (s *Scratch) Bytes() int64 { return s.bytes }

func paged[T int32 | float32](s *Scratch, n int) []T {
	const pad = PageBytes / 4 // elements in a page, both types being 4 bytes
	s.bytes += int64(4*(n+2*pad) + 2*lineBytes)
	return Lines[T](n + 2*pad)[pad : pad+n : pad+n]
}
