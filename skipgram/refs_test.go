package skipgram

import "github.com/wipsvec/wipsvec/skipgram/embedding"

// The models' scores in float64, the references the kernels' gradients are
// checked against: the forms of package embedding, which its own tests
// check against the scores written out, independent of the kernels here.

func formFunc(f embedding.Form) func(a, b []float32) float64 { return f.Similarity().Func }

var (
	dot64        = formFunc(embedding.Form{Name: "ip"})
	cosine64     = formFunc(embedding.Form{Name: "cos", Cosine: true})
	shiftedDot64 = formFunc(embedding.Form{Name: "sips", Bias: true})
	minkowski64  = formFunc(embedding.Form{Name: "minkowski", Neg: 1})
)

func diffDot64(a, b []float32, q int) float64 {
	return formFunc(embedding.Form{Name: "ipds", Neg: q})(a, b)
}

func weightedDot64(a, b, lambda []float32) float64 {
	return formFunc(embedding.Form{Name: "wip", Weights: lambda})(a, b)
}

// wipsOf is a WIPS worker's kernel: its private lambda, its gradient and
// the run's shared lambda.
func wipsOf(w *worker) *weightedKernel { return w.kernel.(*weightedKernel) }

// privateLambda is a worker's private copy of lambda, nil but for WIPS.
func privateLambda(w *worker) []float32 {
	if k, ok := w.kernel.(*weightedKernel); ok {
		return k.lambda
	}
	return nil
}
