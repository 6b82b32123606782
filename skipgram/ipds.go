package skipgram

import (
	"flag"
	"fmt"

	"github.com/wipsvec/wipsvec/skipgram/flagvalue"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/lambda"
)

// IPDS, the inner-product difference similarity: the last q = NegDim
// coordinates count negatively, s(w, c) = <y+_w, y+_c> - <y-_w, y-_c>; WIPS
// with lambda = (1_{K-q}, -1_q).
const IPDS Kind = "ipds"

var ipdsModel = modelDef{
	kind: IPDS, about: "<y+, y+'> - <y-, y-'>, the last q coordinates negative", views: 1, minDim: 2, negDim: true,
	own: []Hyper{{Flag: "neg-dim", Fixed: true, define: func(fs *flag.FlagSet, s *Settings) {
		flagvalue.IntVar(fs, &s.NegDim, "neg-dim", 1, MaxDim, "ipds: the last `q` coordinates count negatively, 0 < q < size")
	}}},
	check: func(o *Options) error {
		if o.NegDim <= 0 || o.NegDim >= o.Dim {
			return fmt.Errorf("-neg-dim must be in (0, %d) for ipds, got %d", o.Dim, o.NegDim)
		}
		return nil
	},
	// The signs of the coordinates, (1, ..., 1, -1, ..., -1) with q = NegDim
	// negative, which a continued run keeps.
	params: []param{{name: "signs", fill: func(v []float32, o *Options, _ *kernel.RNG) { copy(v, IPDSLambda(o.Dim, o.NegDim)) }}},
	kernels: func(s *kernelSetup) func(*hogwild.Scratch) windowKernel {
		m := s.model
		signs := m.param("signs")
		return func(a *hogwild.Scratch) windowKernel {
			k := newLinear(s, a)
			k.form().W = signs
			return k
		}
	},
	sidecar: func(meta *embedding.Meta, m *Model, _ *Options, _ *Stats) { meta.NegDim = negDim(m) },
	forms: func(m *Model) []embedding.Form {
		q := negDim(m)
		return []embedding.Form{{Name: fmt.Sprintf("ipds(q=%d)", q), Neg: q}}
	},
}

// negDim is q, the number of m's negative coordinates.
func negDim(m *Model) int {
	q := 0
	for _, s := range m.param("signs") {
		if s < 0 {
			q++
		}
	}
	return q
}

// DefaultNegDim is IPDS's default q: one negative coordinate, which the
// paper's grid chose on every word benchmark at K = 10 and 100 (q/K 0.01;
// larger q scored lower on every benchmark, docs/table3.md) and on the
// WordNet noun closure at K = 5 and 10 (docs/graphs.md).
const DefaultNegDim = 1

// NegDimFor is IPDS's number of negative coordinates for the ratio r = q/K
// at size k (lambda.NegDim).
func NegDimFor(r float64, k int) int { return lambda.NegDim(r, k) }
