//go:build !amd64 || purego

package kernel

// Name names the kernels this build runs: "generic" (portable Go) on every
// platform without assembly and in purego builds.
func Name() string { return "generic" }

// Dot returns the sum of a[i]*b[i]; b is at least as long as a.
func Dot(a, b []float32) float32 { return dotGeneric(a, b) }

// Axpy adds g*x to y; x is at least as long as y.
func Axpy(y, x []float32, g float32) { axpyGeneric(y, x, g) }

// PairUpdate is the fused negative-sampling step of one (input, output)
// pair: acc += g*out and out += g*in, reading each out[i] once.
func PairUpdate(acc, out, in []float32, g float32) { pairUpdateGeneric(acc, out, in, g) }

// ScaleInto sets dst = w*x elementwise (WIPS's lambda-scaled input).
func ScaleInto(dst, w, x []float32) { scaleIntoGeneric(dst, w, x) }

// WeightedStep ends a WIPS context: dw += in*acc (lambda's gradient), then
// in += w*acc (the input's step).
func WeightedStep(in, dw, w, acc []float32) { weightedStepGeneric(in, dw, w, acc) }

// AxpbyNorm sets x = a*x + b*y and returns the sum of squares of the new x.
func AxpbyNorm(x, y []float32, a, b float32) float32 { return axpbyNormGeneric(x, y, a, b) }

// PrefetchW is a no-op without assembly.
func PrefetchW(row []float32) {}

// DotMany sets dst[j] to the inner product of x with ys[j], for every j;
// each ys[j] is at least as long as x.
func DotMany(dst, x []float32, ys [][]float32) { dotManyGeneric(dst, x, ys) }

// AxpyMany adds g[0]*xs[0] + ... + g[m-1]*xs[m-1] to y, with m = len(xs);
// each xs[j] is at least as long as y, and g at least as long as xs. The
// xs are read as they were when the call began, even one that is y itself.
func AxpyMany(y []float32, xs [][]float32, g []float32) { axpyManyGeneric(y, xs, g) }

// MeanRows sets y to the mean of rows, each at least as long as y; rows
// must not include y.
func MeanRows(y []float32, rows [][]float32) { meanRowsGeneric(y, rows) }

// MulAdd adds w*x to y elementwise (IPDS's signed step).
func MulAdd(y, w, x []float32) { mulAddGeneric(y, w, x) }

// AxpyRows adds gs[j]*x to rows[j], one row after another: a row listed
// twice gets both.
func AxpyRows(rows [][]float32, x, gs []float32) { axpyRowsGeneric(rows, x, gs) }

// Scale multiplies every element of x by a.
func Scale(x []float32, a float32) { scaleGeneric(x, a) }

// ScorePairs scores in against each of outs in turn and steps both, as
// Dot, t.Gradient and PairUpdate in a row: the score in . out, the
// gradient g of a positive where pos says so, acc += g*out, out += g*in.
// It returns the summed loss.
func ScorePairs(t *SigmoidTable, acc, in []float32, outs [][]float32, pos []bool, alpha float32) float32 {
	return scorePairsGeneric(t, acc, in, outs, pos, alpha)
}

// ScorePairsStep is ScorePairs, then AxpyRows(steps, acc, ones): CBOW's
// step of its context rows by the mean's gradient. A row of steps may be
// one of outs.
func ScorePairsStep(t *SigmoidTable, acc, in []float32, outs [][]float32, pos []bool, alpha float32, steps [][]float32) float32 {
	loss := scorePairsGeneric(t, acc, in, outs, pos, alpha)
	stepRowsGeneric(steps, acc[:len(in)])
	return loss
}
