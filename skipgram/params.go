package skipgram

import (
	"math"
	"slices"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/subword"
)

// Model holds the trained parameters.
type Model struct {
	Kind   Kind
	Dim    int
	Stride int // floats between rows: Dim rounded up to a 64-byte cache line
	Words  int
	In     []float32 // the word vectors; for one-view models the only matrix
	Out    []float32 // SG only: the context (output) vectors
	// Layers are the rows of the output layers that have rows of their
	// own, by the layer's name (outputLayer; hierarchical softmax's
	// "tree", its Words-1 inner nodes), Stride apart.
	Layers map[string][]float32
	// Extra are the rows a row representation adds in In after the
	// words' (inRows): with Subwords, its Bucket rows of character n-grams.
	Extra    int
	Subwords subword.Settings
	// params are the model's own parameter vectors by name (model.params):
	// what its kernels and its sidecar read, and what snapshots carry.
	params map[string][]float32
}

// param is the model's parameter vector name (nil if it has none).
func (m *Model) param(name string) []float32 { return m.params[name] }

// newParams makes the parameter vectors kind declares, filled from o and r.
func newParams(kind Kind, dim int, o *Options, r *kernel.RNG) map[string][]float32 {
	ps := kind.def().params
	if len(ps) == 0 {
		return nil
	}
	m := make(map[string][]float32, len(ps))
	for _, p := range ps {
		v := make([]float32, dim)
		if p.fill != nil {
			p.fill(v, o, r)
		}
		m[p.name] = v
	}
	return m
}

// cloneParams copies a model's parameter vectors.
func cloneParams(ps map[string][]float32) map[string][]float32 {
	if ps == nil {
		return nil
	}
	c := make(map[string][]float32, len(ps))
	for name, v := range ps {
		c[name] = slices.Clone(v)
	}
	return c
}

// NewModel allocates and initialises the parameters: word rows uniform in
// ±0.5/Dim as in word2vec.c, output rows (SG's) zero, then what the model
// adds (HSG's points lifted onto the hyperboloid, WIPS's lambda as
// opt.LambdaInit says).
func NewModel(opt Options, words int) *Model {
	m := &Model{Kind: opt.Model, Dim: opt.Dim, Words: words}
	if opt.Subwords.Enabled() {
		m.Subwords = opt.Subwords
	}
	m.Extra = opt.extraRows()
	m.Stride = rowStride(m.Dim, m.Subwords)
	m.In = hogwild.Lines[float32](m.inRows() * m.Stride)
	r := kernel.NewRNG(opt.Seed, math.MaxUint64)
	def := opt.Model.def()
	for w := 0; w < words; w++ {
		def.fresh(m.Row(w), &r)
	}
	// The n-grams' rows from a stream of their own, so that the draws of
	// everything else are those of a run without them.
	rb := kernel.NewRNG(opt.Seed, math.MaxUint64-3)
	for w := words; w < m.inRows(); w++ {
		def.fresh(m.Row(w), &rb)
	}
	if def.views == 2 {
		m.Out = hogwild.ZeroLines(words * m.Stride)
	}
	m.Layers = newLayerRows(&opt, words, m.Stride)
	m.params = newParams(opt.Model, opt.Dim, &opt, &r)
	return m
}

// fresh fills row as a new word's: uniform in ±0.5/Dim as in word2vec.c,
// then put into the model's space (project).
func (def *modelDef) fresh(row []float32, r *kernel.RNG) {
	scale := float32(1) / float32(len(row))
	for i := range row {
		row[i] = (r.Float32() - 0.5) * scale
	}
	if def.project != nil {
		def.project(row)
	}
}

// finite reports whether every parameter is a finite number.
func (m *Model) finite() bool {
	for _, v := range m.params {
		if !kernel.Finite(v) {
			return false
		}
	}
	for _, v := range m.Layers {
		if !kernel.Finite(v) {
			return false
		}
	}
	return kernel.Finite(m.In) && kernel.Finite(m.Out)
}

// Row returns word w's vector.
func (m *Model) Row(w int) []float32 {
	return m.In[w*m.Stride : w*m.Stride+m.Dim]
}

// rowStride is the floats between two rows of a model: its size rounded up
// to a 64-byte cache line, so that no row shares a line with another, but
// with subwords, whose millions of bucket rows would grow by the padding
// for no speed (docs/subwords.md).
func rowStride(dim int, sub subword.Settings) int {
	if sub.Enabled() {
		return dim
	}
	return (dim + kernel.LineFloats - 1) / kernel.LineFloats * kernel.LineFloats
}

// inRows is how many rows In holds: the words', then with subwords the
// n-grams' buckets.
func (m *Model) inRows() int { return m.Words + m.Extra }

// Vectors exposes the word vectors for writing; it shares memory with m.
// With subwords each word's vector is composed, as fastText's
// getWordVector composes it, into a matrix of its own.
func (m *Model) Vectors(words []string) *embedding.Vectors {
	if !m.Subwords.Enabled() {
		return &embedding.Vectors{Words: words, Dim: m.Dim, Stride: m.Stride, Data: m.In}
	}
	sm, err := m.SubwordModel(words)
	if err != nil {
		panic(err) // the model's own rows always fit its settings
	}
	v := &embedding.Vectors{Words: words, Dim: m.Dim, Stride: m.Dim, Data: make([]float32, len(words)*m.Dim)}
	for i, w := range words {
		sm.Vector(v.Data[i*m.Dim:][:m.Dim], w)
	}
	return v
}

// SubwordModel is the input side of a model with subwords, words and
// n-grams, as package subword composes a word's vector from it; it shares
// memory with m.
func (m *Model) SubwordModel(words []string) (*subword.Model, error) {
	return subword.NewModel(m.Subwords, words, m.Dim, m.Stride, m.In)
}
