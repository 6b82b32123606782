package fasttext

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/wipsvec/wipsvec/skipgram/subword"
)

// The file's signature: fastText's FASTTEXT_FILEFORMAT_MAGIC_INT32 and
// FASTTEXT_VERSION. Version 11 files (fastText before 0.9) have the same
// layout and are read too; Write always writes Version.
const (
	Magic   = 793712314
	Version = 12
)

// Loss is fastText's -loss, as its file numbers them.
type Loss int32

// fastText's losses.
const (
	LossHS      Loss = 1 // hierarchical softmax
	LossNS      Loss = 2 // negative sampling
	LossSoftmax Loss = 3
	LossOVA     Loss = 4 // one-vs-all
)

// Kind is fastText's model, as its file numbers them.
type Kind int32

// fastText's models.
const (
	CBOW       Kind = 1
	SkipGram   Kind = 2
	Supervised Kind = 3
)

// Args are the arguments a model was trained with, in the order and with
// the names of fastText's Args::save. Bucket, Minn and Maxn are the
// subword settings (subword.Settings).
type Args struct {
	Dim          int32
	WS           int32 // window size
	Epoch        int32
	MinCount     int32
	Neg          int32
	WordNgrams   int32
	Loss         Loss
	Model        Kind
	Bucket       int32
	Minn         int32
	Maxn         int32
	LRUpdateRate int32
	T            float64 // sampling threshold
}

// DefaultArgs are fastText's defaults for skipgram at dimension dim.
func DefaultArgs(dim int) Args {
	s := subword.Default()
	return Args{Dim: int32(dim), WS: 5, Epoch: 5, MinCount: 5, Neg: 5, WordNgrams: 1,
		Loss: LossNS, Model: SkipGram, Bucket: int32(s.Bucket), Minn: int32(s.Minn), Maxn: int32(s.Maxn),
		LRUpdateRate: 100, T: 1e-4}
}

// Subwords are the n-gram settings of a.
func (a Args) Subwords() subword.Settings {
	return subword.Settings{Minn: int(a.Minn), Maxn: int(a.Maxn), Bucket: int(a.Bucket)}
}

// Entry is a dictionary entry: a word (or a supervised model's label) and
// how often it occurred.
type Entry struct {
	Word  string
	Count int64
	Label bool
}

// Matrix is a row-major matrix of Rows rows of Cols floats, Stride apart
// in Data (0 means Cols), so that a trainer's padded rows are written as
// they are.
type Matrix struct {
	Rows, Cols, Stride int
	Data               []float32
}

func (m *Matrix) stride() int {
	if m.Stride == 0 {
		return m.Cols
	}
	return m.Stride
}

// Row is row i, Cols long, aliasing Data.
func (m *Matrix) Row(i int) []float32 {
	off := i * m.stride()
	return m.Data[off : off+m.Cols : off+m.Cols]
}

// Model is what a .bin file holds. The dictionary lists the words first,
// then the labels (a supervised model's); the input matrix has a row per
// word and then Args.Bucket rows of n-grams; the output matrix a row per
// word (per label for a supervised model).
type Model struct {
	Version int32 // as read; Write writes Version whatever this is
	Args    Args
	Words   []Entry
	Tokens  int64 // tokens of the training text
	Input   Matrix
	Output  Matrix
}

// NWords is how many entries are words, not labels.
func (m *Model) NWords() int {
	n := 0
	for _, e := range m.Words {
		if !e.Label {
			n++
		}
	}
	return n
}

// Errors that Read and Write wrap, to tell with errors.Is why a file was
// refused.
var (
	// ErrNotFastText: the file does not start with fastText's signature.
	ErrNotFastText = errors.New("not a fastText model (.bin)")
	// ErrVersion: a fastText model of a format version this reader does not know.
	ErrVersion = errors.New("fastText format version not supported")
	// ErrQuantized: a quantized (.ftz) model, whose rows are codes, not floats.
	ErrQuantized = errors.New("a quantized fastText model (.ftz) is not supported")
	// ErrTruncated: the file ends before what its header announces.
	ErrTruncated = errors.New("truncated fastText model")
	// ErrCorrupt: sizes or values that no fastText model has.
	ErrCorrupt = errors.New("corrupt fastText model")
	// ErrInvalid: Write was given a model it cannot write as a file that
	// reads back.
	ErrInvalid = errors.New("invalid fastText model")
)

// maxDim bounds the dimension a file may declare, as the vectors reader
// does: far above any real model, it keeps garbage from sizing anything.
const maxDim = 1 << 24

// check reports why m is not a model that fastText and Read read back, or
// nil; err wraps it.
func (m *Model) check(err error) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{err}, args...)...)
	}
	a := m.Args
	switch {
	case a.Dim < 1 || a.Dim > maxDim:
		return bad("dimension %d: want 1 to %d", a.Dim, maxDim)
	case a.Loss < LossHS || a.Loss > LossOVA:
		return bad("loss %d: want 1 to 4", a.Loss)
	case a.Model < CBOW || a.Model > Supervised:
		return bad("model %d: want 1 to 3", a.Model)
	case a.Bucket < 0 || a.Minn < 0 || a.Maxn < 0:
		return bad("bucket %d, minn %d, maxn %d: none may be negative", a.Bucket, a.Minn, a.Maxn)
	case m.Tokens < 0:
		return bad("%d tokens", m.Tokens)
	case len(m.Words) > math.MaxInt32:
		return bad("%d dictionary entries, more than an int32 counts", len(m.Words))
	}
	nwords := 0
	for nwords < len(m.Words) && !m.Words[nwords].Label {
		nwords++
	}
	for i, e := range m.Words {
		switch {
		case i >= nwords && !e.Label:
			return bad("word %d (%.40q) after a label: the dictionary lists words first", i+1, e.Word)
		case e.Word == "":
			return bad("entry %d is empty", i+1)
		case strings.IndexByte(e.Word, 0) >= 0:
			return bad("entry %d (%.40q) contains NUL", i+1, e.Word)
		case e.Count < 0:
			return bad("entry %d (%.40q) counts %d", i+1, e.Word, e.Count)
		}
	}
	if n := int64(nwords) + int64(a.Bucket); n > math.MaxInt32 {
		return bad("%d words and %d buckets are more rows than an int32 counts", nwords, a.Bucket)
	}
	out := nwords
	if a.Model == Supervised {
		out = len(m.Words) - nwords
	}
	if err := m.Input.check(nwords+int(a.Bucket), int(a.Dim)); err != nil {
		return bad("input matrix: %v (want %d words + %d buckets by dimension %d)", err, nwords, a.Bucket, a.Dim)
	}
	if err := m.Output.check(out, int(a.Dim)); err != nil {
		return bad("output matrix: %v (want %d rows by dimension %d)", err, out, a.Dim)
	}
	return nil
}

// check reports why x is not a rows by cols matrix.
func (x *Matrix) check(rows, cols int) error {
	switch {
	case x.Rows != rows || x.Cols != cols:
		return fmt.Errorf("%d by %d", x.Rows, x.Cols)
	case x.Stride != 0 && x.Stride < x.Cols:
		return fmt.Errorf("stride %d below %d columns", x.Stride, x.Cols)
	case rows > 0 && len(x.Data) < (rows-1)*x.stride()+cols:
		return fmt.Errorf("%d floats for %d rows", len(x.Data), rows)
	}
	return nil
}

// Subwords is the model's input side as package subword composes words
// from it: the words' rows and the n-gram buckets' rows, and fastText's
// vector for any word, seen in training or not.
func (m *Model) Subwords() (*subword.Model, error) {
	nw := m.NWords()
	words := make([]string, nw)
	for i := range words {
		words[i] = m.Words[i].Word
	}
	sm, err := subword.NewModel(m.Args.Subwords(), words, m.Input.Cols, m.Input.stride(), m.Input.Data)
	if err != nil {
		return nil, fmt.Errorf("fastText model: %w", err)
	}
	return sm, nil
}
