package skipgram

import (
	"math"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// Hyperbolic skip-gram (Leimeister and Wilson 2018) keeps every vector on the
// hyperboloid <y,y>_M = -1, y_K > 0, where <x,y>_M = sum_{k<K} x_k y_k - x_K y_K
// is the Minkowski product with the last coordinate time-like. A pair scores
// sigma(<x,y>_M + theta). Training is Riemannian SGD: the Euclidean gradient
// is turned into a tangent vector (for this score the Minkowski gradient of
// <x,y>_M in x is y itself, projected to the tangent space at x by
// y + <x,y>_M x), and the point moves along the geodesic by the exponential
// map, with the step length clipped and the point renormalised onto the
// hyperboloid to stop float32 drift.

// HSG is hyperbolic skip-gram: points on the hyperboloid scored by
// sigma(<y, y'>_M + theta), the last coordinate time-like.
const HSG Kind = "hsg"

var hsgModel = modelDef{
	kind: HSG, about: "sigma(<y, y'>_M + 3) on the hyperboloid, the last coordinate time-like", views: 1, minDim: 2,
	project: liftToHyperboloid, meanMerge: true, replicas: true,
	noMean: "the mean of points on the hyperboloid lies inside it, not on it",
	kernels: func(s *kernelSetup) func(*hogwild.Scratch) windowKernel {
		if o := s.opt; o.Batch {
			return func(a *hogwild.Scratch) windowKernel {
				return newBatchHyperbolic(a, s.model.Dim, o.Window, o.Negative, o.Threads > 1)
			}
		}
		return everyWorker(&hyperbolicKernel{m: s.model})
	},
	sidecar: func(meta *embedding.Meta, _ *Model, _ *Options, _ *Stats) { meta.Theta = HSGTheta },
	// The Minkowski product ranks pairs as the score does: sigma and the
	// offset are increasing. On the hyperboloid it is -cosh(distance).
	forms: func(*Model) []embedding.Form { return []embedding.Form{{Name: "minkowski", Neg: 1}} },
}

// HSGTheta is the score offset of hyperbolic skip-gram: sigma(<y,y'>_M + theta).
const HSGTheta = 3.0

// hsgMaxStep bounds the geodesic length of one update.
const hsgMaxStep = 1.0

// hsgMaxSpatial bounds a point's spatial norm, so its distance from the
// origin stays below acosh(sqrt(1+1e6)) ~ 7.6. Scores saturate long before:
// sigma(<x,y>_M + 3) < 1e-4 once two points are 3.2 apart. Without the bound,
// points pushed outwards grow until the Minkowski products overflow float32
// (seen at K=10 on the shared corpus).
const hsgMaxSpatial = 1e3

// minkowski is <a,b>_M in float32.
func minkowski(a, b []float32) float32 {
	n := len(a) - 1
	return kernel.Dot(a[:n], b[:n]) - a[n]*b[n]
}

// hsgStepGrowth bounds how much one step may multiply a point's time
// coordinate, and so its spatial norm: a geodesic step of length at most
// hsgMaxStep = 1 from a point with time coordinate t ends at one below
// t*(cosh 1 + sinh 1) = e*t. The step's length is computed from Minkowski
// products that assume both points on the hyperboloid; on two threads a
// point read while the other worker writes it is not (one worker's time
// coordinate beside the other's spatial part), the computed length can
// come out near zero for a step that is in truth huge, and unbounded,
// such steps fed each other until float32 overflowed. The bound holds
// every step to what a true one can do.
const hsgStepGrowth = 3.0

// liftToHyperboloid sets the time coordinate so that <y,y>_M = -1, after
// pulling the spatial part back within hsgMaxSpatial.
func liftToHyperboloid(y []float32) {
	n := len(y) - 1
	s := sumSquares(y[:n])
	if s > hsgMaxSpatial*hsgMaxSpatial {
		s = pullBack(y[:n], s, hsgMaxSpatial*hsgMaxSpatial)
	}
	y[n] = float32(math.Sqrt(1 + s))
}

// sumSquares is the squared norm of x in float64, which no float32 row
// overflows.
func sumSquares(x []float32) float64 {
	var s float64
	for _, v := range x {
		s += float64(v) * float64(v)
	}
	return s
}

// pullBack scales the spatial part x, whose sum of squares s exceeds max2,
// to the sum max2, and returns the new sum. An s that overflowed float32 to
// +Inf is summed again in float64; a row that holds Inf or NaN itself is
// left to the divergence check after training.
func pullBack(x []float32, s, max2 float64) float64 {
	if math.IsInf(s, 1) {
		s = sumSquares(x)
	}
	if !(s > max2) || math.IsInf(s, 1) { // NaN, or Inf in the row itself
		return s
	}
	f := math.Sqrt(max2 / s)
	for i := range x {
		x[i] = float32(float64(x[i]) * f)
	}
	return max2
}

// coshSinhc returns cosh(r) and sinh(r)/r from r² by their Taylor series,
// for 0 <= r <= hsgMaxStep = 1: the first omitted terms are below 1e-10,
// and two calls into package math cost more than the rest of a pair update.
func coshSinhc(r2 float64) (cosh, sinhc float64) {
	cosh = 1 + r2*(1.0/2+r2*(1.0/24+r2*(1.0/720+r2*(1.0/40320+r2*(1.0/3628800+r2*(1.0/479001600))))))
	sinhc = 1 + r2*(1.0/6+r2*(1.0/120+r2*(1.0/5040+r2*(1.0/362880+r2*(1.0/39916800+r2*(1.0/6227020800))))))
	return cosh, sinhc
}

// geodesicStep moves the point x along the geodesic with initial velocity
// v = a*x + b*y, a tangent vector at x with <v,v>_M = vv:
// x' = cosh(|v|) x + sinh(|v|)/|v| v, the step length clipped to
// hsgMaxStep. Only the spatial coordinates are computed, in one pass that
// also sums their squares; the time coordinate is then set from them, which
// puts x' back on the hyperboloid however float32 rounded. Taking v as a
// combination of x and one other vector lets HSG step an output point
// towards or away from the input without building v.
func geodesicStep(x, y []float32, a, b float32, vv float64) {
	r2 := max(vv, 0) // rounding may leave v slightly time-like
	scale := 1.0
	if r2 > hsgMaxStep*hsgMaxStep {
		scale = hsgMaxStep / math.Sqrt(r2)
		r2 = hsgMaxStep * hsgMaxStep
	}
	c, sc := coshSinhc(r2)
	sc *= scale
	n := len(x) - 1
	t := max(float64(x[n]), 1) * hsgStepGrowth
	s := float64(kernel.AxpbyNorm(x[:n], y[:n], float32(c+sc*float64(a)), float32(sc*float64(b))))
	if max2 := min(t*t, hsgMaxSpatial*hsgMaxSpatial); !(s <= max2) {
		s = pullBack(x[:n], s, max2)
	}
	x[n] = float32(math.Sqrt(1 + s))
}

// expMap moves x along the geodesic with initial velocity v, a tangent
// vector at x.
//
// The step's length is <v,v>_M, but it is taken no shorter than
// |v|²/(2 t²), t the time coordinate of x, which any tangent vector's
// length exceeds (tangency gives v_t = v_s.x_s/t, so v_t² <= |v_s|²(t²-1)/t²,
// and then <v,v>_M >= |v_s|²/t² >= |v|²/(2t²)). The floor matters only for
// a v that is not tangent: on two threads x can move, or be read half
// written, while its gradient is summed, and the sum can come out
// time-like, its Minkowski length near zero and its Euclidean length huge;
// unclipped, such a step threw the point far out, and the other worker's
// products with it overflowed float32.
func expMap(x, v []float32) {
	n := len(v) - 1
	s := float64(kernel.Dot(v[:n], v[:n]))
	t2 := float64(v[n]) * float64(v[n])
	xt := max(float64(x[n]), 1)
	geodesicStep(x, v, 0, 1, max(s-t2, (s+t2)/(2*xt*xt)))
}

// hyperbolicKernel is HSG. For each context the gradients of the input point
// are summed in the tangent space at it and applied in one exponential-map
// step at the end, as word2vec.c does with neu1e; output points move at once.
//
// Both gradients are combinations of the two points: the ascent direction
// at in is g*(out + mk*in), at out g*(in + mk*out), with mk = <in,out>_M. So
// the input's sum is kept as acc (the out terms) plus one coefficient of in,
// and an output's step needs no vector of its own: on the hyperboloid
// (<x,x>_M = -1) its squared length is g²(mk² - 1).
type hyperbolicKernel struct{ m *Model }

func (k *hyperbolicKernel) window(s *step, center int32, ctxs []int32, alpha float32) (loss float32) {
	sig := s.sig
	n := k.m.Dim
	acc := s.acc[:n]
	for c, targets := range s.contexts(center, ctxs) {
		in := s.in.At(c)[:n]
		clear(acc)
		var inCoef float32 // acc's share along in: the sum of g*mk
		for d, target := range targets {
			out := s.out.At(target)[:n]
			mk := minkowski(in, out)
			g, l := sig.Gradient(mk+HSGTheta, d == 0, alpha)
			loss += l
			kernel.Axpy(acc, out, g)
			inCoef += g * mk
			geodesicStep(out, in, g*mk, g, float64(g*g*(mk*mk-1)))
		}
		kernel.Axpy(acc, in, inCoef)
		expMap(in, acc)
	}
	return loss
}

// batchHyperbolic is HSG's batch kernel (Options.Batch): the window's
// contexts share one set of targets, and every point moves once, by the
// exponential map of its summed tangent gradient taken at the window's
// start. As in hyperbolicKernel each sum is a vector plus a multiple of the
// point itself: context i moves along sum_j g_ij out_j + (sum_j g_ij mk_ij)
// in_i, target j along u_j + b_j out_j with u_j = sum_i g_ij in_i and
// b_j = sum_i g_ij mk_ij. Since <u_j, out_j>_M = b_j and <out_j, out_j>_M =
// -1, that velocity is tangent and its squared length is <u_j,u_j>_M + b_j².
// With several workers the kernel builds the velocity instead (out_j is one
// more row of u_j's AxpyMany) and measures it, because out_j or the
// contexts can then move, or be read half written, between the products
// and the step, and the formula holds no longer (see expMap). One worker
// trusts the formula: building the velocity costs it 5% of its words a
// second.
type batchHyperbolic struct {
	batchBuffers
	dim     int
	measure bool        // build and measure each target's velocity
	gmk     []float32   // m x len(targets): g_ij * mk_ij
	u       []float32   // one target's u_j, or with measure its velocity u_j + b_j out_j
	vRows   [][]float32 // with measure: the contexts' rows, then the target's
	vCoef   []float32   // with measure: their coefficients in the velocity, g_ij, then b_j
}

func newBatchHyperbolic(a *hogwild.Scratch, dim, window, negative int, measure bool) *batchHyperbolic {
	return &batchHyperbolic{
		batchBuffers: newBatchBuffers(a, dim, window, 1+negative),
		dim:          dim,
		measure:      measure,
		gmk:          a.Float32s(2 * window * (1 + negative)),
		u:            a.Float32s(dim),
		vRows:        a.Rows(2*window + 1),
		vCoef:        a.Float32s(2*window + 1),
	}
}

func (k *batchHyperbolic) window(s *step, center int32, ctxs []int32, alpha float32) (loss float32) {
	if len(ctxs) == 0 {
		return 0
	}
	sig := s.sig
	dim, n := k.dim, k.dim-1 // n: the time coordinate
	outs, pos, ins := k.rows(s, center, ctxs)
	m, nt := len(ctxs), len(outs)
	grads, gradsT, gmk := k.grads[:m*nt], k.gradsT[:m*nt], k.gmk[:m*nt]
	scores := k.scores[:nt]
	accs := k.accs[:m*dim]
	clear(accs)
	for i, in := range ins {
		// The Minkowski products: the spatial parts' inner products, less
		// the time coordinates' product.
		kernel.DotMany(scores, in[:n], outs)
		g := grads[i*nt:][:nt]
		var inCoef float32
		for j, x := range scores {
			mk := x - in[n]*outs[j][n]
			gj, l := sig.Gradient(mk+HSGTheta, pos[j], alpha)
			loss += l
			g[j], gradsT[j*m+i], gmk[i*nt+j] = gj, gj, gj*mk
			inCoef += gj * mk
		}
		acc := accs[i*dim:][:dim]
		kernel.AxpyMany(acc, outs, g)
		kernel.Axpy(acc, in, inCoef)
	}
	u, vRows, vCoef := k.u[:dim], k.vRows[:m+1], k.vCoef[:m+1]
	if k.measure {
		copy(vRows, ins)
	}
	for j, out := range outs {
		var b float32
		for i := range ins {
			b += gmk[i*nt+j]
		}
		clear(u)
		if !k.measure {
			kernel.AxpyMany(u, ins, gradsT[j*m:][:m])
			geodesicStep(out, u, b, 1, float64(minkowski(u, u)+b*b))
			continue
		}
		vRows[m], vCoef[m] = out, b
		copy(vCoef, gradsT[j*m:][:m])
		kernel.AxpyMany(u, vRows, vCoef)
		expMap(out, u)
	}
	for i, in := range ins {
		expMap(in, accs[i*dim:][:dim])
	}
	return loss
}
