package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// SG is word2vec's skip-gram: a word vector and an output (context) vector
// per word, s(w, c) = <y_w, y'_c>. The word vectors are what it writes, and
// they are scored by cosine and by inner product.
const SG Kind = "sg"

var sgModel = modelDef{
	kind: SG, about: "<y, y'_out> with a second (output) matrix", views: 2, minDim: 1,
	shareNoise: 2,
	kernels:    dotKernels,
	forms:      func(*Model) []embedding.Form { return embedding.Plain() },
}

// dotKernels returns the constructor of the inner-product kernels, over a
// step's input and output rows: SG's two matrices, or IPS's one twice.
func dotKernels(s *kernelSetup) func(*hogwild.Scratch) windowKernel {
	return func(a *hogwild.Scratch) windowKernel {
		if k := newLinear(s, a); k != nil {
			return k
		}
		return dotKernel{}
	}
}

// dotKernel is SG (the step's input and output rows are the two
// matrices) and IPS (both are the one matrix): s = <in, out>.
type dotKernel struct{}

func (dotKernel) window(s *step, center int32, ctxs []int32, alpha float32) (loss float32) {
	sig := s.Sig
	acc := s.Acc
	for c, targets := range s.Contexts(center, ctxs) {
		in := s.In.At(c)
		clear(acc)
		for d, target := range targets {
			out := s.Out.At(target)
			g, l := sig.Gradient(kernel.Dot(in, out), d == 0, alpha)
			loss += l
			kernel.PairUpdate(acc, out, in, g)
		}
		kernel.Axpy(in, acc, 1)
	}
	return loss
}
