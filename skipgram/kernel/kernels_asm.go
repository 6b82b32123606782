//go:build amd64 && !purego

package kernel

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// hasAVX2FMA selects the assembly kernels; it is read-only after init, like
// the feature flags of klauspost/compress.
var hasAVX2FMA = cpu.X86.HasAVX2 && cpu.X86.HasFMA

//go:noescape
func dotAVX2(a, b *float32, n int) float32

//go:noescape
func axpyAVX2(y, x *float32, n int, scale float32)

//go:noescape
func pairUpdateAVX2(acc, out, in *float32, n int, scale float32)

// Name names the kernels this build runs on this CPU: "avx2+fma" (the
// assembly) or "generic" (portable Go).
func Name() string {
	if hasAVX2FMA {
		return "avx2+fma"
	}
	return "generic"
}

// The wrappers check the lengths once, so the assembly can trust n.

// Dot returns the sum of a[i]*b[i]; b is at least as long as a.
func Dot(a, b []float32) float32 {
	if !hasAVX2FMA || len(a) < 8 {
		return dotGeneric(a, b)
	}
	_ = b[len(a)-1]
	return dotAVX2(&a[0], &b[0], len(a))
}

// Axpy adds g*x to y; x is at least as long as y.
func Axpy(y, x []float32, g float32) {
	if !hasAVX2FMA || len(y) < 8 {
		axpyGeneric(y, x, g)
		return
	}
	_ = x[len(y)-1]
	axpyAVX2(&y[0], &x[0], len(y), g)
}

// PairUpdate is the fused negative-sampling step of one (input, output)
// pair: acc += g*out and out += g*in, reading each out[i] once.
func PairUpdate(acc, out, in []float32, g float32) {
	if !hasAVX2FMA || len(acc) < 8 {
		pairUpdateGeneric(acc, out, in, g)
		return
	}
	n := len(acc)
	_, _ = out[n-1], in[n-1]
	pairUpdateAVX2(&acc[0], &out[0], &in[0], n, g)
}

//go:noescape
func scaleIntoAVX2(dst, w, x *float32, n int)

//go:noescape
func weightedStepAVX2(in, dw, w, acc *float32, n int)

// ScaleInto sets dst = w*x elementwise (WIPS's lambda-scaled input).
func ScaleInto(dst, w, x []float32) {
	if !hasAVX2FMA || len(dst) < 8 {
		scaleIntoGeneric(dst, w, x)
		return
	}
	n := len(dst)
	_, _ = w[n-1], x[n-1]
	scaleIntoAVX2(&dst[0], &w[0], &x[0], n)
}

// WeightedStep ends a WIPS context: dw += in*acc (lambda's gradient), then
// in += w*acc (the input's step).
func WeightedStep(in, dw, w, acc []float32) {
	if !hasAVX2FMA || len(in) < 8 {
		weightedStepGeneric(in, dw, w, acc)
		return
	}
	n := len(in)
	_, _, _ = dw[n-1], w[n-1], acc[n-1]
	weightedStepAVX2(&in[0], &dw[0], &w[0], &acc[0], n)
}

//go:noescape
func axpbyNormAVX2(x, y *float32, n int, a, b float32) float32

// AxpbyNorm sets x = a*x + b*y and returns the sum of squares of the new x:
// HSG's exponential-map step and the norm it lifts the point with, in one
// pass.
func AxpbyNorm(x, y []float32, a, b float32) float32 {
	if !hasAVX2FMA || len(x) < 8 {
		return axpbyNormGeneric(x, y, a, b)
	}
	_ = y[len(x)-1]
	return axpbyNormAVX2(&x[0], &y[0], len(x), a, b)
}

//go:noescape
func prefetchWAMD64(p *float32, lines int)

// PrefetchW asks for row's cache lines ahead of a write. A row that another
// core wrote last then arrives ready to write, rather than shared and in
// need of a second round trip when written. It runs with the AVX2 kernels
// only: every CPU that has those has PREFETCHW or, on Intel before
// Broadwell, executes it as a no-op.
func PrefetchW(row []float32) {
	if len(row) > 0 && hasAVX2FMA {
		prefetchWAMD64(&row[0], (len(row)+LineFloats-1)/LineFloats)
	}
}

// holdN panics, as an index out of range, unless every row holds n
// floats: the assembly reads n of each without checking.
func holdN(rows [][]float32, n int) {
	for _, r := range rows {
		_ = r[n-1]
	}
}

//go:noescape
func dotManyAVX2(dst, x *float32, ys *[]float32, m, n int)

//go:noescape
func axpyManyAVX2(y *float32, xs *[]float32, gs *float32, m, n int)

// DotMany sets dst[j] to the inner product of x with ys[j], for every j;
// each ys[j] is at least as long as x. It reads x once for two rows, and
// each product equals Dot(x, ys[j]) bit for bit.
func DotMany(dst, x []float32, ys [][]float32) {
	n := len(x)
	if !hasAVX2FMA || n < 8 || len(ys) == 0 {
		dotManyGeneric(dst, x, ys)
		return
	}
	_ = dst[len(ys)-1]
	holdN(ys, n)
	dotManyAVX2(&dst[0], &x[0], &ys[0], len(ys), n)
}

// AxpyMany adds g[0]*xs[0] + ... + g[m-1]*xs[m-1] to y, with m = len(xs);
// each xs[j] is at least as long as y, and g at least as long as xs. y is
// read and written once, not m times; the xs are read as they were when
// the call began, even one that is y itself. Each element rounds as
// m Axpy calls in a row would round it.
func AxpyMany(y []float32, xs [][]float32, g []float32) {
	n := len(y)
	if !hasAVX2FMA || n < 8 || len(xs) == 0 {
		axpyManyGeneric(y, xs, g)
		return
	}
	_ = g[len(xs)-1]
	holdN(xs, n)
	axpyManyAVX2(&y[0], &xs[0], &g[0], len(xs), n)
}

//go:noescape
func meanRowsAVX2(y *float32, xs *[]float32, m, n int, a float32)

// MeanRows sets y to the mean of rows, each at least as long as y: bit for
// bit what clearing y, AxpyMany with weights of 1 and Scale by
// 1/len(rows) would leave, in one pass that never reads y. rows must not
// include y.
func MeanRows(y []float32, rows [][]float32) {
	n := len(y)
	if !hasAVX2FMA || n < 8 || len(rows) == 0 {
		meanRowsGeneric(y, rows)
		return
	}
	holdN(rows, n)
	meanRowsAVX2(&y[0], &rows[0], len(rows), n, 1/float32(len(rows)))
}

//go:noescape
func mulAddAVX2(y, w, x *float32, n int)

// MulAdd adds w*x to y elementwise (IPDS's signed step).
func MulAdd(y, w, x []float32) {
	if !hasAVX2FMA || len(y) < 8 {
		mulAddGeneric(y, w, x)
		return
	}
	n := len(y)
	_, _ = w[n-1], x[n-1]
	mulAddAVX2(&y[0], &w[0], &x[0], n)
}

//go:noescape
func axpyRowsAVX2(rows *[]float32, x, gs *float32, m, n int)

// AxpyRows adds gs[j]*x to rows[j], one row after another: a row listed
// twice gets both, and each element rounds as Axpy(rows[j], x, gs[j])
// rounds it. Each row is at least as long as x, gs as long as rows.
func AxpyRows(rows [][]float32, x, gs []float32) {
	n := len(x)
	if !hasAVX2FMA || n < 8 || len(rows) == 0 {
		axpyRowsGeneric(rows, x, gs)
		return
	}
	_ = gs[len(rows)-1]
	holdN(rows, n)
	axpyRowsAVX2(&rows[0], &x[0], &gs[0], len(rows), n)
}

//go:noescape
func scaleAVX2(x *float32, n int, a float32)

// Scale multiplies every element of x by a.
func Scale(x []float32, a float32) {
	if !hasAVX2FMA || len(x) < 8 {
		scaleGeneric(x, a)
		return
	}
	scaleAVX2(&x[0], len(x), a)
}

//go:noescape
func pairsManyAVX2(acc, in *float32, outs *[]float32, gs *float32, m int, steps *[]float32, k, n int)

// scoreChunk is how many targets ScorePairs scores before it steps them.
const scoreChunk = 8

// ScorePairs scores in against each of outs in turn and steps both, as
// Dot, t.Gradient and PairUpdate in a row would, bit for bit: the score
// in . out, the gradient g of a positive where pos says so, acc += g*out,
// out += g*in. It returns the summed loss. acc and every out are at least
// as long as in, pos as outs.
//
// The targets go in chunks whose scores do not depend on each other's
// steps (chunkEnd): every score of a chunk is taken first, two rows at a
// time (dotManyAVX2), then one pass over the rows adds them to acc and
// moves them (pairsManyAVX2). The products then overlap, where one after
// another each waited on its sum, and acc stays in registers across the
// chunk; docs/cbow-hs.md has the measurements.
func ScorePairs(t *SigmoidTable, acc, in []float32, outs [][]float32, pos []bool, alpha float32) (loss float32) {
	return scorePairs(t, acc, in, outs, pos, alpha, nil)
}

// ScorePairsStep is ScorePairs, then AxpyRows(steps, acc, ones), bit for
// bit: CBOW's step of its context rows by the mean's gradient. The last
// chunk moves them in its own pass over the rows, each block of acc as
// soon as it is summed. A row of steps may be one of outs.
func ScorePairsStep(t *SigmoidTable, acc, in []float32, outs [][]float32, pos []bool, alpha float32, steps [][]float32) (loss float32) {
	return scorePairs(t, acc, in, outs, pos, alpha, steps)
}

// scorePairs is ScorePairs, with steps (nil for none) moved by acc in the
// last chunk's pass.
func scorePairs(t *SigmoidTable, acc, in []float32, outs [][]float32, pos []bool, alpha float32, steps [][]float32) (loss float32) {
	n := len(in)
	if !hasAVX2FMA || n < 8 || len(outs) == 0 {
		loss = scorePairsGeneric(t, acc, in, outs, pos, alpha)
		stepRowsGeneric(steps, acc[:n])
		return loss
	}
	for _, r := range steps {
		_ = r[n-1]
	}
	_, _ = acc[n-1], pos[len(outs)-1]
	for _, o := range outs {
		_ = o[n-1]
	}
	var scores, gs [scoreChunk]float32
	for start := 0; start < len(outs); {
		end := chunkEnd(in, outs, start)
		chunk := outs[start:end]
		m := len(chunk)
		dotManyAVX2(&scores[0], &in[0], &chunk[0], m, n)
		p := pos[start:end]
		for j := range m {
			g, l := t.Gradient(scores[j], p[j], alpha)
			gs[j] = g
			loss += l
		}
		var step *[]float32 // the rows to step, in the last chunk's pass
		k := 0
		if end == len(outs) && len(steps) > 0 {
			step, k = &steps[0], len(steps)
		}
		pairsManyAVX2(&acc[0], &in[0], &chunk[0], &gs[0], m, step, k, n)
		start = end
	}
	return loss
}

// chunkEnd returns where the chunk of outs that starts at start ends: at
// most scoreChunk rows, none listed twice, and none after the input's own
// row (a one-view model's context may be a target), so that no score in
// it depends on another's step. A row is
// compared with the chunk's others only when its bit in a 64-bit filter
// of their addresses is taken: noise words repeat in a window rarely.
func chunkEnd(in []float32, outs [][]float32, start int) int {
	self := &in[0]
	var seen uint64
	end := start
	for end < len(outs) && end-start < scoreChunk {
		o := &outs[end][0]
		bit := uint64(1) << (uintptr(unsafe.Pointer(o)) >> 6 & 63)
		if seen&bit != 0 {
			for _, prev := range outs[start:end] {
				if &prev[0] == o {
					return end
				}
			}
		}
		seen |= bit
		end++
		if o == self {
			break
		}
	}
	return end
}
