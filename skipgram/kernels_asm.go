//go:build amd64 && !purego

package skipgram

import "golang.org/x/sys/cpu"

// hasAVX2FMA selects the assembly kernels; it is read-only after init, like
// the feature flags of klauspost/compress.
var hasAVX2FMA = cpu.X86.HasAVX2 && cpu.X86.HasFMA

//go:noescape
func dotAVX2(a, b *float32, n int) float32

//go:noescape
func axpyAVX2(y, x *float32, n int, scale float32)

//go:noescape
func pairUpdateAVX2(acc, out, in *float32, n int, scale float32)

//go:noescape
func weightedDotAVX2(a, b, w *float32, n int) float32

//go:noescape
func weightedPairUpdateAVX2(acc, out, in, w, dw *float32, n int, scale float32)

// The wrappers check the lengths once, so the assembly can trust n.

func dot(a, b []float32) float32 {
	if !hasAVX2FMA || len(a) < 8 {
		return dotGeneric(a, b)
	}
	_ = b[len(a)-1]
	return dotAVX2(&a[0], &b[0], len(a))
}

func axpy(y, x []float32, g float32) {
	if !hasAVX2FMA || len(y) < 8 {
		axpyGeneric(y, x, g)
		return
	}
	_ = x[len(y)-1]
	axpyAVX2(&y[0], &x[0], len(y), g)
}

func pairUpdate(acc, out, in []float32, g float32) {
	if !hasAVX2FMA || len(acc) < 8 {
		pairUpdateGeneric(acc, out, in, g)
		return
	}
	n := len(acc)
	_, _ = out[n-1], in[n-1]
	pairUpdateAVX2(&acc[0], &out[0], &in[0], n, g)
}

func weightedDot(a, b, w []float32) float32 {
	if !hasAVX2FMA || len(a) < 8 {
		return weightedDotGeneric(a, b, w)
	}
	n := len(a)
	_, _ = b[n-1], w[n-1]
	return weightedDotAVX2(&a[0], &b[0], &w[0], n)
}

func weightedPairUpdate(acc, out, in, w, dw []float32, g float32) {
	if !hasAVX2FMA || len(acc) < 8 {
		weightedPairUpdateGeneric(acc, out, in, w, dw, g)
		return
	}
	n := len(acc)
	_, _, _, _ = out[n-1], in[n-1], w[n-1], dw[n-1]
	weightedPairUpdateAVX2(&acc[0], &out[0], &in[0], &w[0], &dw[0], n, g)
}
