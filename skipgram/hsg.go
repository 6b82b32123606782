package skipgram

import (
	"math"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
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

var hsgModel = model{
	kind: HSG, about: "sigma(<y, y'>_M + 3) on the hyperboloid, the last coordinate time-like", views: 1, minDim: 2,
	project: liftToHyperboloid,
	start: func(r *run) func(*worker) windowKernel {
		if r.opt.Batch {
			return func(*worker) windowKernel { return newBatchHyperbolic(r.model.Dim, r.opt.Window, r.opt.Negative) }
		}
		return everyWorker(&hyperbolicKernel{m: r.model})
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

// liftToHyperboloid sets the time coordinate so that <y,y>_M = -1, after
// pulling the spatial part back within hsgMaxSpatial.
func liftToHyperboloid(y []float32) {
	var s float64
	for _, v := range y[:len(y)-1] {
		s += float64(v) * float64(v)
	}
	setTime(y, s)
}

// setTime is liftToHyperboloid for a point whose spatial sum of squares s
// is already known.
func setTime(y []float32, s float64) {
	n := len(y) - 1
	if s > hsgMaxSpatial*hsgMaxSpatial {
		f := hsgMaxSpatial / math.Sqrt(s)
		for i := range y[:n] {
			y[i] = float32(float64(y[i]) * f)
		}
		s = hsgMaxSpatial * hsgMaxSpatial
	}
	y[n] = float32(math.Sqrt(1 + s))
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
func geodesicStep(x, y []float32, a, b, vv float32) {
	r2 := max(float64(vv), 0) // rounding may leave v slightly time-like
	scale := 1.0
	if r2 > hsgMaxStep*hsgMaxStep {
		scale = hsgMaxStep / math.Sqrt(r2)
		r2 = hsgMaxStep * hsgMaxStep
	}
	c, sc := coshSinhc(r2)
	sc *= scale
	n := len(x) - 1
	setTime(x, float64(kernel.AxpbyNorm(x[:n], y[:n], float32(c+sc*float64(a)), float32(sc*float64(b)))))
}

// expMap moves x along the geodesic with initial velocity v, a tangent
// vector at x.
func expMap(x, v []float32) {
	geodesicStep(x, v, 0, 1, minkowski(v, v))
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

func (k *hyperbolicKernel) window(w *worker, center int32, ctxs []int32, alpha float32) (loss float32) {
	sig := w.r.sig
	n := k.m.Dim
	acc := w.acc[:n]
	w.startTargets(center)
	for i, c := range ctxs {
		w.prefetchNext(ctxs, i, center)
		in := w.in.at(c)[:n]
		clear(acc)
		var inCoef float32 // acc's share along in: the sum of g*mk
		for d, target := range w.negs {
			out := w.out.at(target)[:n]
			mk := minkowski(in, out)
			g, l := sig.Gradient(mk+HSGTheta, d == 0, alpha)
			loss += l
			kernel.Axpy(acc, out, g)
			inCoef += g * mk
			geodesicStep(out, in, g*mk, g, g*g*(mk*mk-1))
		}
		kernel.Axpy(acc, in, inCoef)
		expMap(in, acc)
		w.advanceTargets()
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
type batchHyperbolic struct {
	batchBuffers
	dim int
	gmk []float32 // m x len(targets): g_ij * mk_ij
	u   []float32 // one target's u_j
}

func newBatchHyperbolic(dim, window, negative int) *batchHyperbolic {
	return &batchHyperbolic{
		batchBuffers: newBatchBuffers(dim, window, negative),
		dim:          dim,
		gmk:          ownLines[float32](2 * window * (1 + negative)),
		u:            ownLines[float32](dim),
	}
}

func (k *batchHyperbolic) window(w *worker, center int32, ctxs []int32, alpha float32) (loss float32) {
	if len(ctxs) == 0 {
		return 0
	}
	sig := w.r.sig
	dim, n := k.dim, k.dim-1 // n: the time coordinate
	targets := w.windowTargets(center)
	m, nt := len(ctxs), len(targets)
	outs, ins := k.rows(w, targets, ctxs)
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
		for j, s := range scores {
			mk := s - in[n]*outs[j][n]
			gj, l := sig.Gradient(mk+HSGTheta, j == 0, alpha)
			loss += l
			g[j], gradsT[j*m+i], gmk[i*nt+j] = gj, gj, gj*mk
			inCoef += gj * mk
		}
		acc := accs[i*dim:][:dim]
		kernel.AxpyMany(acc, outs, g)
		kernel.Axpy(acc, in, inCoef)
	}
	u := k.u[:dim]
	for j, out := range outs {
		clear(u)
		kernel.AxpyMany(u, ins, gradsT[j*m:][:m])
		var b float32
		for i := range ins {
			b += gmk[i*nt+j]
		}
		geodesicStep(out, u, b, 1, minkowski(u, u)+b*b)
	}
	for i, in := range ins {
		expMap(in, accs[i*dim:][:dim])
	}
	return loss
}
