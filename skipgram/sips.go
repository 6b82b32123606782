package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
)

// SIPS, the shifted inner-product similarity: y = (y~, u) with a bias u in
// the last coordinate, s(w, c) = <y~_w, y~_c> + u_w + u_c; WIPS with
// lambda = (1_{K+1}, -1) on (y~, u, 1, u-1).
const SIPS Kind = "sips"

var sipsModel = modelDef{
	kind: SIPS, about: "<y~, y~'> + u + u', the last coordinate a bias u", views: 1, minDim: 2,
	kernels: func(s *kernelSetup) func(*hogwild.Scratch) windowKernel {
		return func(a *hogwild.Scratch) windowKernel {
			k := newLinear(s, a)
			k.form().Bias = true
			return k
		}
	},
	forms: func(*Model) []embedding.Form { return []embedding.Form{{Name: "sips", Bias: true}} },
}
