package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// SIPS, the shifted inner-product similarity: y = (y~, u) with a bias u in
// the last coordinate, s(w, c) = <y~_w, y~_c> + u_w + u_c; WIPS with
// lambda = (1_{K+1}, -1) on (y~, u, 1, u-1).
const SIPS Kind = "sips"

var sipsModel = modelDef{
	kind: SIPS, about: "<y~, y~'> + u + u', the last coordinate a bias u", views: 1, minDim: 2,
	kernels: func(s *kernelSetup) func(*hogwild.Scratch) windowKernel {
		return func(a *hogwild.Scratch) windowKernel {
			if k := newLinear(s, a); k != nil {
				k.form().Bias = true
				return k
			}
			return &shiftedKernel{m: s.model}
		}
	},
	forms: func(*Model) []embedding.Form { return []embedding.Form{{Name: "sips", Bias: true}} },
}

// shiftedKernel is SIPS: the last coordinate is a bias,
// s = <in~, out~> + in_K + out_K.
type shiftedKernel struct{ m *Model }

func (k *shiftedKernel) window(s *step, center int32, ctxs []int32, alpha float32) (loss float32) {
	sig := s.Sig
	p := k.m.Dim - 1
	acc := s.Acc[:p+1]
	for c, targets := range s.Contexts(center, ctxs) {
		in := s.In.At(c)[:p+1]
		clear(acc)
		for d, target := range targets {
			out := s.Out.At(target)[:p+1]
			g, l := sig.Gradient(kernel.Dot(in[:p], out[:p])+in[p]+out[p], d == 0, alpha)
			loss += l
			kernel.PairUpdate(acc[:p], out[:p], in[:p], g)
			acc[p] += g
			out[p] += g
		}
		kernel.Axpy(in, acc, 1)
	}
	return loss
}
