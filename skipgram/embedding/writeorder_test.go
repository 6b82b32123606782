package embedding

import (
	"bytes"
	"errors"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestWriteTextInBlocks writes text tables of one to several blocks on
// several workers and compares the bytes with one pass of appendRows: the
// workers must change nothing but the speed.
func TestWriteTextInBlocks(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4)) // workers even on one core
	for _, tc := range []struct{ words, dim, stride int }{
		{0, 3, 0},
		{1, 3, 0},
		{7, 2, 5},
		{rowBlockValues / 3, 3, 0},      // exactly one block
		{rowBlockValues/3 + 1, 3, 0},    // one row into the second
		{9*rowBlockValues/4 + 17, 4, 6}, // many blocks, the last one short
		{3, 2 * rowBlockValues, 0},      // rows wider than a block
	} {
		v := testVectors(tc.words, tc.dim, tc.stride)
		want := []byte(strconv.Itoa(tc.words) + " " + strconv.Itoa(tc.dim) + "\n")
		want, err := appendRows(want, v, 0, tc.words, false)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := WriteVectorsTo(&got, v, false); err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%+v: %d bytes written differ from the %d of one pass", tc, got.Len(), len(want))
		}
	}
}

// TestWriteTextInBlocksFails puts a NaN in a late block and a writer that
// fails part way: the error is the one a single pass gives, for the first
// bad row in file order.
func TestWriteTextInBlocksFails(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	const dim = 4
	words := 5*rowBlockValues/dim + 3
	v := testVectors(words, dim, 0)
	v.Data[(words-2)*dim+1] = float32(math.NaN())
	v.Data[(words-1)*dim] = float32(math.Inf(1))
	err := WriteVectorsTo(&bytes.Buffer{}, v, false)
	want := "row " + strconv.Itoa(words-1) + ` ("w` + strconv.Itoa(words-2) + `"): value 2 is NaN`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want one saying %s", err, want)
	}

	v = testVectors(words, dim, 0)
	errFull := errors.New("disk full")
	w := &failingWriter{after: 3, err: errFull}
	if err := WriteVectorsTo(w, v, false); !errors.Is(err, errFull) {
		t.Errorf("error %v, want %v", err, errFull)
	}
}

// failingWriter fails its write number after+1.
type failingWriter struct {
	writes, after int
	err           error
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.writes++; w.writes > w.after {
		return 0, w.err
	}
	return len(p), nil
}

// TestWriteInOrder checks the order of the blocks, that an error stops the
// work within the blocks in flight, and that every worker has left when it
// returns.
func TestWriteInOrder(t *testing.T) {
	block := func(dst []byte, b int) ([]byte, error) {
		return strconv.AppendInt(dst, int64(b), 10), nil
	}
	var out bytes.Buffer
	if err := writeInOrder(&out, 1000, 3, block); err != nil {
		t.Fatal(err)
	}
	var want []byte
	for b := range 1000 {
		want = strconv.AppendInt(want, int64(b), 10)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatal("blocks written out of order")
	}

	var formatted, running atomic.Int64
	errBad := errors.New("bad block")
	err := writeInOrder(&out, 1000, 3, func(dst []byte, b int) ([]byte, error) {
		running.Add(1)
		defer running.Add(-1)
		formatted.Add(1)
		switch {
		case b == 10:
			return dst, errBad
		case b > 10: // still formatting when block 10's error is read
			time.Sleep(20 * time.Millisecond)
		}
		return block(dst, b)
	})
	if !errors.Is(err, errBad) {
		t.Errorf("error %v, want %v", err, errBad)
	}
	if n := formatted.Load(); n > 10+1+2*3 {
		t.Errorf("%d blocks formatted after an error at block 10 with 6 in flight", n)
	}
	if n := running.Load(); n != 0 {
		t.Errorf("%d workers still formatting after the return", n)
	}
}
