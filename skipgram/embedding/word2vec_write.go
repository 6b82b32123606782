package embedding

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/wipsvec/wipsvec/corpus/atomicfile"
)

// Writing word2vec files: rows formatted by several workers in blocks and
// written in order (word2vec.go has the format and its checks).

// WriteVectors writes v to path in word2vec format, binary or text, with rows
// in the order of v.Words.
//
// Both formats start with the header "<words> <dim>\n". A binary row is the
// word, a space, Dim little-endian float32 and "\n", the layout of current
// word2vec.c and readable by gensim. A text row is the word and its values
// separated by single spaces; each value is the shortest decimal that parses
// back to the same float32, so a text file round-trips exactly too.
//
// The file is written through package atomicfile: a reader (or a crash, or
// a kill) never sees a half-written file, a symbolic link's target is
// written, and an existing path that is not a regular file is refused.
// Words containing whitespace or NUL and NaN or infinite values are rejected
// rather than written, because ReadVectors could not read them back, and so
// are words that are not valid UTF-8, because gensim (in its default mode)
// could not.
func WriteVectors(path string, v *Vectors, binary bool) error {
	if err := v.check(); err != nil {
		return fmt.Errorf("write vectors %s: %w", path, err)
	}
	err := atomicfile.WriteFile(path, func(w io.Writer) error {
		return writeVectorRows(w, v, binary)
	})
	if err != nil {
		return fmt.Errorf("write vectors %s: %w", path, err)
	}
	return nil
}

// WriteVectorsTo writes v to w in word2vec format, as WriteVectors writes a
// file: for a vectors file sent to standard output.
func WriteVectorsTo(w io.Writer, v *Vectors, binary bool) error {
	if err := v.check(); err != nil {
		return fmt.Errorf("write vectors: %w", err)
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	if err := writeVectorRows(bw, v, binary); err != nil {
		return fmt.Errorf("write vectors: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write vectors: %w", err)
	}
	return nil
}

// rowBlockValues is about how many values writeVectorRows formats at a
// time: a block of rows large enough that handing it to a worker costs
// nothing beside its formatting, small enough that the workers of a modest
// table all get some.
const rowBlockValues = 1 << 16

func writeVectorRows(w io.Writer, v *Vectors, bin bool) error {
	header := strconv.AppendInt(nil, int64(len(v.Words)), 10)
	header = append(header, ' ')
	header = strconv.AppendInt(header, int64(v.Dim), 10)
	header = append(header, '\n')
	if _, err := w.Write(header); err != nil {
		return err
	}
	per := max(1, rowBlockValues/v.Dim)
	blocks := (len(v.Words) + per - 1) / per
	format := func(dst []byte, b int) ([]byte, error) {
		lo := b * per
		return appendRows(dst, v, lo, min(lo+per, len(v.Words)), bin)
	}
	// A text value's shortest decimal is slow to format, so a text file of
	// a large vocabulary takes seconds on one core; binary rows are
	// copies, bound by the disk (docs/performance.md).
	if workers := min(runtime.GOMAXPROCS(0), blocks); !bin && workers > 1 {
		return writeInOrder(w, blocks, workers, format)
	}
	var buf []byte
	for b := range blocks {
		var err error
		if buf, err = format(buf[:0], b); err != nil {
			return err
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return nil
}

// appendRows appends rows [lo, hi) of v to dst in word2vec's binary or text
// format.
func appendRows(dst []byte, v *Vectors, lo, hi int, bin bool) ([]byte, error) {
	for i := lo; i < hi; i++ {
		word, row := v.Words[i], v.Row(i)
		for j, x := range row {
			if f := float64(x); math.IsNaN(f) || math.IsInf(f, 0) {
				return dst, fmt.Errorf("row %d (%s): value %d is %v", i+1, clip(word), j+1, x)
			}
		}
		dst = append(dst, word...)
		if bin {
			dst = append(dst, ' ')
			for _, x := range row {
				dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(x))
			}
		} else {
			for _, x := range row {
				dst = append(dst, ' ')
				dst = strconv.AppendFloat(dst, float64(x), 'g', -1, 32)
			}
		}
		dst = append(dst, '\n')
	}
	return dst, nil
}

// writeInOrder formats blocks 0 to n-1 on workers goroutines and writes
// them to w in order, so the bytes are those one goroutine would write. At
// most twice as many blocks as workers are in flight, which bounds the
// memory. The first error, of a block in order or of w, is returned, after
// every worker has stopped.
func writeInOrder(w io.Writer, n, workers int, format func(dst []byte, b int) ([]byte, error)) error {
	type result struct {
		buf []byte
		err error
	}
	type job struct {
		b   int
		out chan result
	}
	var (
		inflight = 2 * workers
		jobs     = make(chan job, inflight)
		free     = make(chan []byte, inflight) // formatted blocks' buffers, written
		stopped  atomic.Bool                   // an error ended the write
		wg       sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			for j := range jobs {
				if stopped.Load() {
					j.out <- result{}
					continue
				}
				var dst []byte
				select {
				case dst = <-free:
				default:
				}
				dst, err := format(dst[:0], j.b)
				j.out <- result{dst, err}
			}
		})
	}
	defer wg.Wait()
	defer close(jobs) // first: the workers leave once the queue is empty
	var pending []chan result
	for next := 0; next < n || len(pending) > 0; {
		for ; next < n && len(pending) < inflight; next++ {
			out := make(chan result, 1)
			jobs <- job{next, out}
			pending = append(pending, out)
		}
		r := <-pending[0]
		pending = pending[1:]
		if r.err == nil {
			_, r.err = w.Write(r.buf)
		}
		if r.err != nil {
			stopped.Store(true)
			return r.err
		}
		select {
		case free <- r.buf:
		default:
		}
	}
	return nil
}
