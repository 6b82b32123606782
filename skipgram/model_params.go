package skipgram

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// Model holds the trained parameters.
type Model struct {
	Kind   Kind
	Dim    int
	Stride int // floats between rows: Dim rounded up to a 64-byte cache line
	Words  int
	In     []float32 // the word vectors; for one-view models the only matrix
	Out    []float32 // SG only: the context (output) vectors
	NegDim int       // IPDS
	Lambda []float32 // WIPS: the learned weights
}

// NewModel allocates and initialises the parameters: input rows uniform in
// ±0.5/Dim as in word2vec.c, SG's output rows zero, HSG's points lifted onto
// the hyperboloid, WIPS's lambda as opt.LambdaInit says.
func NewModel(opt Options, words int) *Model {
	m := &Model{Kind: opt.Model, Dim: opt.Dim, Words: words, NegDim: opt.NegDim}
	m.Stride = (opt.Dim + kernel.LineFloats - 1) / kernel.LineFloats * kernel.LineFloats
	m.In = ownLines[float32](words * m.Stride)
	r := kernel.NewRNG(opt.Seed, math.MaxUint64)
	scale := float32(1) / float32(opt.Dim)
	for w := 0; w < words; w++ {
		row := m.Row(w)
		for i := range row {
			row[i] = (r.Float32() - 0.5) * scale
		}
		if m.Kind == HSG {
			liftToHyperboloid(row)
		}
	}
	if m.Kind == SG {
		m.Out = ownLines[float32](words * m.Stride)
	}
	if m.Kind == WIPS {
		m.Lambda = make([]float32, opt.Dim)
		if opt.FixedLambda != nil {
			copy(m.Lambda, opt.FixedLambda)
		} else {
			init, _ := parseLambdaInit(opt.LambdaInit)
			init(m.Lambda, &r)
			normalizeRMS(m.Lambda) // training keeps lambda at RMS 1: see mergeLambda
		}
	}
	return m
}

// finite reports whether every parameter is a finite number.
func (m *Model) finite() bool {
	for _, p := range [][]float32{m.In, m.Out, m.Lambda} {
		for _, x := range p {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return false
			}
		}
	}
	return true
}

// Row returns word w's vector.
func (m *Model) Row(w int) []float32 {
	return m.In[w*m.Stride : w*m.Stride+m.Dim]
}

// Vectors exposes the word vectors for writing; it shares memory with m.
func (m *Model) Vectors(words []string) *Vectors {
	return &Vectors{Words: words, Dim: m.Dim, Stride: m.Stride, Data: m.In}
}

// parseLambdaInit turns -lambda-init into a function that fills lambda.
func parseLambdaInit(s string) (func([]float32, *kernel.RNG), error) {
	switch s {
	case "", "ones":
		return func(l []float32, _ *kernel.RNG) {
			for i := range l {
				l[i] = 1
			}
		}, nil
	case "uniform":
		return func(l []float32, r *kernel.RNG) {
			for i := range l {
				l[i] = r.Float32() / float32(len(l))
			}
		}, nil
	case "random":
		return func(l []float32, r *kernel.RNG) {
			for i := range l {
				l[i] = 2*r.Float32() - 1
			}
		}, nil
	case "spectral":
		// TrainChunks resolves the spectral start into "neg:Q" from the
		// corpus; a model made without one starts as IPS.
		return func(l []float32, _ *kernel.RNG) {
			for i := range l {
				l[i] = 1
			}
		}, nil
	case "signed":
		return func(l []float32, _ *kernel.RNG) {
			for i := range l {
				l[i] = 1
				if i >= len(l)/2 {
					l[i] = -1
				}
			}
		}, nil
	}
	if qs, ok := strings.CutPrefix(s, "neg:"); ok {
		q, err := strconv.Atoi(qs)
		if err != nil || q < 0 {
			return nil, fmt.Errorf("-lambda-init neg:Q wants a count Q >= 0, got %q", s)
		}
		return func(l []float32, _ *kernel.RNG) {
			copy(l, IPDSLambda(len(l), min(q, len(l))))
		}, nil
	}
	c, err := strconv.ParseFloat(s, 32)
	if err != nil || math.IsNaN(c) || math.IsInf(c, 0) {
		return nil, fmt.Errorf("-lambda-init must be spectral, neg:Q, ones, uniform, random, signed or a number, got %q", s)
	}
	return func(l []float32, _ *kernel.RNG) {
		for i := range l {
			l[i] = float32(c)
		}
	}, nil
}

// IPDSLambda is the WIPS weight vector that makes WIPS an IPDS with q
// negative coordinates: (1,...,1,-1,...,-1).
func IPDSLambda(dim, q int) []float32 {
	l := make([]float32, dim)
	for i := range l {
		l[i] = 1
		if i >= dim-q {
			l[i] = -1
		}
	}
	return l
}
