package subword

import (
	"errors"
	"fmt"
	"math"
)

// Model is the input side of a subword model, what composes a word's
// vector: a row per vocabulary word (Words[i] is row i), then Bucket rows
// of n-grams, each Dim floats, Stride apart (0 means Dim).
type Model struct {
	Settings Settings
	Words    []string
	Dim      int
	Stride   int
	Rows     []float32

	index map[string]int32
}

// ErrModel is returned, wrapped with the reason, by NewModel.
var ErrModel = errors.New("bad subword model")

// NewModel checks that rows hold the words' and buckets' rows and indexes
// the words. If a word occurs twice the first row wins, as in fastText's
// dictionary lookup of a file that has both.
func NewModel(s Settings, words []string, dim, stride int, rows []float32) (*Model, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if stride == 0 {
		stride = dim
	}
	buckets := 0
	if s.Enabled() {
		buckets = s.Bucket
	}
	n := len(words) + buckets
	switch {
	case dim < 1:
		return nil, fmt.Errorf("%w: dimension %d", ErrModel, dim)
	case stride < dim:
		return nil, fmt.Errorf("%w: stride %d below dimension %d", ErrModel, stride, dim)
	case n > math.MaxInt32:
		return nil, fmt.Errorf("%w: %d words and %d buckets are more rows than an int32 counts", ErrModel, len(words), buckets)
	case n > 0 && len(rows) < (n-1)*stride+dim:
		return nil, fmt.Errorf("%w: %d words and %d buckets of dimension %d need %d floats, have %d",
			ErrModel, len(words), buckets, dim, (n-1)*stride+dim, len(rows))
	}
	idx := make(map[string]int32, len(words))
	for i, w := range words {
		if _, dup := idx[w]; !dup {
			idx[w] = int32(i)
		}
	}
	return &Model{Settings: s, Words: words, Dim: dim, Stride: stride, Rows: rows, index: idx}, nil
}

// ID is word's row, or -1 if it is not in the vocabulary.
func (m *Model) ID(word string) int32 {
	if id, ok := m.index[word]; ok {
		return id
	}
	return -1
}

// row is row r of the model, Dim long.
func (m *Model) row(r int32) []float32 {
	off := int(r) * m.Stride
	return m.Rows[off : off+m.Dim : off+m.Dim]
}

// Vector writes word's vector into dst (Dim long) as fastText's
// getWordVector computes it: the mean of the word's own row, if it is in
// the vocabulary, and its n-grams' rows, summed in float32 in that order
// and scaled by float32(1/count). It returns how many rows it averaged;
// none (an unseen word without n-grams) leaves dst zero.
func (m *Model) Vector(dst []float32, word string) int {
	dst = dst[:m.Dim]
	clear(dst)
	var buf [128]int32
	rows := m.Settings.AppendWordRows(buf[:0], m.ID(word), word, len(m.Words))
	for _, r := range rows {
		for k, x := range m.row(r) {
			dst[k] += x
		}
	}
	if len(rows) > 0 {
		a := float32(1.0 / float64(len(rows)))
		for k := range dst {
			dst[k] *= a
		}
	}
	return len(rows)
}
