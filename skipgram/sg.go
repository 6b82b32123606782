package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
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
	return func(a *hogwild.Scratch) windowKernel { return newLinear(s, a) }
}
