package corpus

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
)

// Part is one process's share of a text read by several (Rank of Of, from
// 0): every token of the text is read by exactly one part, whole.
type Part struct{ Rank, Of int }

// ErrEmptyPart is OpenPart's error when the text is too small to give a
// part any of it: fewer parts would do.
var ErrEmptyPart = errors.New("the text is too small for so many processes")

// DealBlock is how many bytes of decompressed text OpenPart deals to one
// part at a time when it cannot cut the files themselves.
const DealBlock = 1 << 20

// dealBlock is DealBlock, smaller in tests.
var dealBlock int64 = DealBlock

// OpenPart returns a reader of part p of the text at paths, cut at token
// boundaries: with at least as many files as parts, whole files, dealt by
// size to the part with the fewest bytes so far; one plain file, its
// bytes from p.Rank/p.Of of its size to (p.Rank+1)/p.Of, so that each part
// reads only its own; otherwise (compressed or too few files) the
// decompressed text in blocks of DealBlock bytes dealt in turn, each part
// decompressing the whole. A cut at byte x moves on to the first byte
// after a separator, so that a token belongs to the part it starts in.
// Standard input cannot be shared.
func OpenPart(paths []string, p Part) (*Files, error) {
	if p.Of <= 1 {
		return OpenFiles(paths)
	}
	if p.Rank < 0 || p.Rank >= p.Of {
		return nil, fmt.Errorf("corpus: part %d of %d", p.Rank, p.Of)
	}
	if slices.Contains(paths, "-") {
		return nil, fmt.Errorf("corpus: standard input cannot be shared among %d processes; name a file", p.Of)
	}
	sizes := make([]int64, len(paths))
	for i, path := range paths {
		fi, err := os.Stat(path)
		if err != nil {
			return nil, openError("corpus "+path, err)
		}
		sizes[i] = fi.Size()
	}
	if len(paths) >= p.Of {
		return OpenFiles(dealFiles(paths, sizes, p))
	}
	if len(paths) == 1 && isPlain(paths[0]) {
		// Every part's cuts, so that each part refuses a text too small
		// for one of them alike.
		cuts := make([]int64, p.Of+1)
		for i := range cuts {
			c, err := cutAt(paths[0], sizes[0], sizes[0]*int64(i)/int64(p.Of))
			if err != nil {
				return nil, err
			}
			cuts[i] = c
		}
		for i := range p.Of {
			if cuts[i] == cuts[i+1] {
				return nil, fmt.Errorf("corpus %s: %w: part %d of %d would be empty", paths[0], ErrEmptyPart, i+1, p.Of)
			}
		}
		f := &Files{paths: paths, section: &[2]int64{cuts[p.Rank], cuts[p.Rank+1]}}
		if err := f.open(); err != nil {
			return nil, err
		}
		return f, nil
	}
	f, err := OpenFiles(paths)
	if err != nil {
		return nil, err
	}
	f.deal = &dealer{rank: p.Rank, of: p.Of, next: dealBlock, prevSep: true}
	return f, nil
}

// dealFiles gives each file, the largest first, to the part with the
// fewest bytes so far (the lowest rank on a tie), and returns part p's in
// their order in paths.
func dealFiles(paths []string, sizes []int64, p Part) []string {
	order := make([]int, len(paths))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case sizes[a] > sizes[b]:
			return -1
		case sizes[a] < sizes[b]:
			return 1
		}
		return 0
	})
	load := make([]int64, p.Of)
	mine := make([]bool, len(paths))
	for k, i := range order {
		to := 0
		if k >= p.Of { // the first Of files go one to each part
			for r := range load {
				if load[r] < load[to] {
					to = r
				}
			}
		} else {
			to = k
		}
		load[to] += sizes[i]
		mine[i] = to == p.Rank
	}
	var out []string
	for i, path := range paths {
		if mine[i] {
			out = append(out, path)
		}
	}
	return out
}

// isPlain reports whether the file at path is neither gzip nor zstd.
func isPlain(path string) bool {
	kind, err := Compression(path)
	return err == nil && kind == ""
}

// cutAt is where a part that starts at byte x of the file at path, size
// bytes long, starts: x moved on to the first byte after a separator.
func cutAt(path string, size, x int64) (int64, error) {
	if x <= 0 || x >= size {
		return min(max(x, 0), size), nil
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, openError("corpus "+path, err)
	}
	defer f.Close()
	if _, err := f.Seek(x-1, io.SeekStart); err != nil {
		return 0, openError("corpus "+path, err)
	}
	r := bufio.NewReader(f)
	for p := x; p < size; p++ {
		c, err := r.ReadByte()
		if err != nil {
			return 0, openError("corpus "+path, err)
		}
		if isSep(c) { // byte p-1
			return p, nil
		}
	}
	return size, nil
}

// section is the bytes [lo, hi) of the plain file at path.
type section struct {
	io.Reader
	f *os.File
}

func openSection(path string, lo, hi int64) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, openError("corpus "+path, err)
	}
	return &section{Reader: io.NewSectionReader(f, lo, hi-lo), f: f}, nil
}

func (s *section) Close() error { return s.f.Close() }

// dealer keeps a part's blocks of a text read whole: block k, which starts
// at the first byte after a separator at or past k*DealBlock, is part
// k mod Of's.
type dealer struct {
	rank, of int
	pos      int64 // of the next byte in the whole text
	block    int64 // the block pos is in
	next     int64 // where the next block may start
	prevSep  bool  // the byte before pos is a separator
}

// keep moves the bytes of b that are the part's to its front and returns
// how many there are.
func (d *dealer) keep(b []byte) int {
	n, i := 0, 0
	for i < len(b) {
		if d.pos < d.next { // the rest of this block, or of b
			m := int(min(int64(len(b)-i), d.next-d.pos))
			if int(d.block%int64(d.of)) == d.rank {
				n += copy(b[n:], b[i:i+m])
			}
			i += m
			d.pos += int64(m)
			d.prevSep = isSep(b[i-1])
			continue
		}
		if d.prevSep { // a block starts here
			d.block = d.pos / dealBlock
			d.next = (d.block + 1) * dealBlock
			continue
		}
		c := b[i] // within a token that crosses the block's end
		if int(d.block%int64(d.of)) == d.rank {
			b[n] = c
			n++
		}
		i++
		d.pos++
		d.prevSep = isSep(c)
	}
	return n
}
