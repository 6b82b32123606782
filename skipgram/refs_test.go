package skipgram

import "math"

// The models' scores in float64, written out: the references the kernels'
// gradients are checked against, independent of the forms in the sidecar.

func dot64(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func shiftedDot64(a, b []float32) float64 {
	n := len(a) - 1
	return dot64(a[:n], b[:n]) + float64(a[n]) + float64(b[n])
}

func diffDot64(a, b []float32, q int) float64 {
	p := len(a) - q
	return dot64(a[:p], b[:p]) - dot64(a[p:], b[p:])
}

func weightedDot64(a, b, lambda []float32) float64 {
	var s float64
	for i := range a {
		s += float64(lambda[i]) * float64(a[i]) * float64(b[i])
	}
	return s
}

func minkowski64(a, b []float32) float64 {
	n := len(a) - 1
	return dot64(a[:n], b[:n]) - float64(a[n])*float64(b[n])
}

func cosine64(a, b []float32) float64 {
	return dot64(a, b) / math.Sqrt(dot64(a, a)*dot64(b, b))
}

// wipsOf is a WIPS worker's kernel: its private lambda, its gradient and
// the run's shared raw weights.
func wipsOf(w *worker) *weightedKernel { return w.kernel.(*weightedKernel) }

// privateLambda is a worker's private copy of lambda, nil but for WIPS.
func privateLambda(w *worker) []float32 {
	if k, ok := w.kernel.(*weightedKernel); ok {
		return k.lambda
	}
	return nil
}
