//go:build !amd64 || purego

package skipgram

// Kernels names the inner-loop kernels this build runs: "generic" (portable
// Go) on every platform without assembly and in purego builds.
func Kernels() string { return "generic" }

func dot(a, b []float32) float32                     { return dotGeneric(a, b) }
func axpy(y, x []float32, g float32)                 { axpyGeneric(y, x, g) }
func pairUpdate(acc, out, in []float32, g float32)   { pairUpdateGeneric(acc, out, in, g) }
func scaleInto(dst, w, x []float32)                  { scaleIntoGeneric(dst, w, x) }
func weightedStep(in, dw, w, acc []float32)          { weightedStepGeneric(in, dw, w, acc) }
func axpbyNorm(x, y []float32, a, b float32) float32 { return axpbyNormGeneric(x, y, a, b) }

// prefetch is a no-op without assembly.
func prefetch(row []float32) {}
