package fasttext

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// testModel is a skip-gram model of the given words with small
// pseudo-random rows, its input padded to a stride of dim+3 as a trainer's
// rows are.
func testModel(words []string, dim, bucket int) *Model {
	a := DefaultArgs(dim)
	a.Bucket = int32(bucket)
	a.MinCount = 1
	m := &Model{Version: Version, Args: a, Tokens: 12345}
	for i, w := range words {
		m.Words = append(m.Words, Entry{Word: w, Count: int64(100 - i)})
	}
	state := uint64(0x9e3779b97f4a7c15)
	next := func() float32 {
		state = state*6364136223846793005 + 1442695040888963407
		return float32(int32(state>>32)) / (1 << 33)
	}
	in := len(words) + bucket
	m.Input = Matrix{Rows: in, Cols: dim, Stride: dim + 3, Data: make([]float32, in*(dim+3))}
	for i := range in {
		for j := range dim {
			m.Input.Data[i*(dim+3)+j] = next()
		}
	}
	m.Output = Matrix{Rows: len(words), Cols: dim}
	for range len(words) * dim {
		m.Output.Data = append(m.Output.Data, next())
	}
	return m
}

// dense is m with its matrices unpadded, as Read returns them.
func dense(m *Model) *Model {
	out := *m
	for _, x := range []*Matrix{&out.Input, &out.Output} {
		d := make([]float32, 0, x.Rows*x.Cols)
		for i := range x.Rows {
			d = append(d, x.Row(i)...)
		}
		*x = Matrix{Rows: x.Rows, Cols: x.Cols, Data: d}
	}
	return &out
}

func encode(t testing.TB, m *Model) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteTo(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestRoundTrip(t *testing.T) {
	m := testModel([]string{"</s>", "the", "naïve", "日本語"}, 5, 7)
	path := filepath.Join(t.TempDir(), "m.bin")
	if err := Write(path, m); err != nil {
		t.Fatal(err)
	}
	got, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := dense(m); !reflect.DeepEqual(got, want) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, want)
	}
	data, _ := os.ReadFile(path)
	if !bytes.Equal(data, encode(t, m)) {
		t.Error("Write and WriteTo differ")
	}
	// The layout: header, 12 int32 and a double of arguments, the
	// dictionary, then the two matrices; nothing else.
	dict := 4 + 4 + 4 + 8 + 8
	for _, e := range m.Words {
		dict += len(e.Word) + 1 + 8 + 1
	}
	if want := 8 + 12*4 + 8 + dict + 1 + 16 + 4*11*5 + 1 + 16 + 4*4*5; len(data) != want {
		t.Errorf("file of %d bytes, want %d", len(data), want)
	}
	if ok, err := IsModel(path); !ok || err != nil {
		t.Errorf("IsModel = %v, %v", ok, err)
	}
}

// A supervised model lists its labels after the words; its output rows
// are the labels'.
func TestRoundTripLabels(t *testing.T) {
	m := testModel([]string{"a", "b", "c"}, 3, 2)
	m.Args.Model, m.Args.Loss = Supervised, LossSoftmax
	m.Words = append(m.Words, Entry{Word: "__label__x", Count: 3, Label: true})
	m.Output = Matrix{Rows: 1, Cols: 3, Data: []float32{1, 2, 3}}
	got, err := read(bytes.NewReader(encode(t, m)), -1)
	if err != nil {
		t.Fatal(err)
	}
	if want := dense(m); !reflect.DeepEqual(got, want) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, want)
	}
}

func TestWriteRefuses(t *testing.T) {
	for name, spoil := range map[string]func(m *Model){
		"NaN":            func(m *Model) { m.Output.Data[4] = float32(math.NaN()) },
		"infinity":       func(m *Model) { m.Input.Data[0] = float32(math.Inf(-1)) },
		"NUL in a word":  func(m *Model) { m.Words[1].Word = "a\x00b" },
		"empty word":     func(m *Model) { m.Words[1].Word = "" },
		"bucket rows":    func(m *Model) { m.Args.Bucket++ },
		"dimension":      func(m *Model) { m.Args.Dim = 4 },
		"short data":     func(m *Model) { m.Output.Data = m.Output.Data[:5] },
		"word after tag": func(m *Model) { m.Words[0].Label = true },
	} {
		m := testModel([]string{"x", "y"}, 3, 4)
		spoil(m)
		path := filepath.Join(t.TempDir(), "m.bin")
		err := Write(path, m)
		if !errors.Is(err, ErrInvalid) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v", name, err)
		}
		if _, serr := os.Stat(path); serr == nil {
			t.Errorf("%s: a file was left", name)
		}
	}
}

// put overwrites b at off with v, little-endian.
func put(b []byte, off int, v uint64, size int) []byte {
	b = bytes.Clone(b)
	for i := range size {
		b[off+i] = byte(v >> (8 * i))
	}
	return b
}

func TestReadRefuses(t *testing.T) {
	m := testModel([]string{"x", "yy"}, 3, 4)
	good := encode(t, m)
	dictEnd := 8 + 56 + 28 + (1 + 1 + 9) + (2 + 1 + 9)
	inputAt := dictEnd + 1
	outputAt := inputAt + 16 + 4*6*3
	for _, c := range []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrNotFastText},
		{"word2vec", []byte("2 3\nx 1 2 3\n"), ErrNotFastText},
		{"version 13", put(good, 4, 13, 4), ErrVersion},
		{"version 10", put(good, 4, 10, 4), ErrVersion},
		{"quantized input", put(good, dictEnd, 1, 1), ErrQuantized},
		{"quantized output", put(good, outputAt, 1, 1), ErrQuantized},
		{"pruned", put(good, 8+56+20, 3, 8), ErrQuantized},
		{"entry type", put(good, 8+56+28+10, 2, 1), ErrCorrupt},
		{"huge matrix", put(put(good, inputAt, 1<<31-1, 8), inputAt+8, 1<<24, 8), ErrCorrupt},
		{"huge dictionary", put(put(good, 8+56, 1<<31-1, 4), 8+56+4, 1<<31-1, 4), ErrTruncated},
		{"dictionary sizes", put(good, 8+56+4, 3, 4), ErrCorrupt},
		{"dimension", put(good, 8, 0, 4), ErrCorrupt},
		{"loss", put(good, 8+24, 9, 4), ErrCorrupt},
		{"NaN", put(good, inputAt+16, math.Float64bits(math.NaN())>>32|0x7fc00000, 4), ErrCorrupt},
		{"trailing data", append(bytes.Clone(good), 0), ErrCorrupt},
	} {
		path := filepath.Join(t.TempDir(), "m.bin")
		os.WriteFile(path, c.data, 0o644)
		_, err := Read(path)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), path) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line naming the file and wrapping %v", c.name, err, c.want)
		}
	}
	// Every cut of a good file is truncated (or, before the magic number
	// is whole, not a model).
	for n := range len(good) {
		_, err := read(bytes.NewReader(good[:n]), int64(n))
		if !errors.Is(err, ErrTruncated) && !(n < 4 && errors.Is(err, ErrNotFastText)) {
			t.Fatalf("cut at %d of %d: %v", n, len(good), err)
		}
		if _, err2 := read(bytes.NewReader(good[:n]), -1); !errors.Is(err2, ErrTruncated) && !(n < 4 && errors.Is(err2, ErrNotFastText)) {
			t.Fatalf("stream cut at %d of %d: %v", n, len(good), err2)
		}
	}
}

// A header that announces a matrix of gigabytes allocates nothing of the
// kind before the file's length refutes it.
func TestReadChecksSizesFirst(t *testing.T) {
	good := encode(t, testModel([]string{"x"}, 3, 4))
	bad := put(put(good, 8, 1<<20, 4), 8+32, 1<<20, 4) // dim and bucket
	inputAt := 8 + 56 + 28 + 11 + 1
	bad = put(put(bad, inputAt, 1<<20+1, 8), inputAt+8, 1<<20, 8)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := read(bytes.NewReader(bad), int64(len(bad)))
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTruncated) {
		t.Errorf("a matrix of 2^40 floats in a small file: %v", err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 8<<20 {
		t.Errorf("allocated %d bytes before refusing", n)
	}
}

func TestSubwordsComposeFromTheInputRows(t *testing.T) {
	m := testModel([]string{"</s>", "where", "here"}, 4, 50)
	sm, err := m.Subwords()
	if err != nil {
		t.Fatal(err)
	}
	got := make([]float32, 4)
	if n := sm.Vector(got, "here"); n != 1+len(m.Args.Subwords().Ngrams("here")) {
		t.Errorf("here: %d rows", n)
	}
	// "</s>" has only its own row.
	if n := sm.Vector(got, "</s>"); n != 1 || !reflect.DeepEqual(got, m.Input.Row(0)) {
		t.Errorf("</s>: %v over %d rows, want its row %v", got, n, m.Input.Row(0))
	}
}

// Refused names why each flag of fastText's other tools is refused, and
// nothing for the flags skipgram and cbow take.
func TestRefused(t *testing.T) {
	for name, want := range map[string]string{"wordNgrams": "supervised", "label": "supervised", "qnorm": "quantize",
		"autotune-duration": "autotune", "saveOutput": "OUTPUT.bin", "pretrainedVectors": "-init"} {
		if got := Refused(name); !strings.Contains(got, want) {
			t.Errorf("Refused(%q) = %q, want it to say %q", name, got, want)
		}
	}
	for _, name := range []string{"dim", "minn", "loss", "epoch", "thread"} {
		if got := Refused(name); got != "" {
			t.Errorf("Refused(%q) = %q, want none", name, got)
		}
	}
}
