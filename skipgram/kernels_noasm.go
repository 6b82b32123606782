//go:build !amd64 || purego

package skipgram

func dot(a, b []float32) float32                   { return dotGeneric(a, b) }
func axpy(y, x []float32, g float32)               { axpyGeneric(y, x, g) }
func pairUpdate(acc, out, in []float32, g float32) { pairUpdateGeneric(acc, out, in, g) }
func weightedDot(a, b, w []float32) float32        { return weightedDotGeneric(a, b, w) }
func weightedPairUpdate(acc, out, in, w, dw []float32, g float32) {
	weightedPairUpdateGeneric(acc, out, in, w, dw, g)
}
