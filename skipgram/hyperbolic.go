package skipgram

import "math"

// Hyperbolic skip-gram (Leimeister and Wilson 2018) keeps every vector on the
// hyperboloid <y,y>_M = -1, y_K > 0, where <x,y>_M = sum_{k<K} x_k y_k - x_K y_K
// is the Minkowski product with the last coordinate time-like. A pair scores
// sigma(<x,y>_M + theta). Training is Riemannian SGD: the Euclidean gradient
// is turned into a tangent vector (for this score the Minkowski gradient of
// <x,y>_M in x is y itself, projected to the tangent space at x by
// y + <x,y>_M x), and the point moves along the geodesic by the exponential
// map, with the step length clipped and the point renormalised onto the
// hyperboloid to stop float32 drift.

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
	return dot(a[:n], b[:n]) - a[n]*b[n]
}

// liftToHyperboloid sets the time coordinate so that <y,y>_M = -1, after
// pulling the spatial part back within hsgMaxSpatial.
func liftToHyperboloid(y []float32) {
	n := len(y) - 1
	var s float64
	for _, v := range y[:n] {
		s += float64(v) * float64(v)
	}
	if s > hsgMaxSpatial*hsgMaxSpatial {
		f := hsgMaxSpatial / math.Sqrt(s)
		for i := range y[:n] {
			y[i] = float32(float64(y[i]) * f)
		}
		s = hsgMaxSpatial * hsgMaxSpatial
	}
	y[n] = float32(math.Sqrt(1 + s))
}

// expMap moves x along the geodesic with initial velocity v (a tangent vector
// at x): x' = cosh(|v|) x + sinh(|v|) v/|v|, |v| = sqrt(<v,v>_M), clipped to
// hsgMaxStep; then x' is lifted back onto the hyperboloid.
func expMap(x, v []float32) {
	nv := float64(minkowski(v, v))
	if !(nv > 0) { // zero step, or rounding left v slightly time-like
		if nv == 0 {
			return
		}
		nv = 0
	}
	norm := math.Sqrt(nv)
	scale := 1.0
	if norm > hsgMaxStep {
		scale = hsgMaxStep / norm
		norm = hsgMaxStep
	}
	var c, s float32
	if norm < 1e-12 {
		c, s = 1, float32(scale)
	} else {
		c, s = float32(math.Cosh(norm)), float32(math.Sinh(norm)/norm*scale)
	}
	v = v[:len(x)]
	for i := range x {
		x[i] = c*x[i] + s*v[i]
	}
	liftToHyperboloid(x)
}

// hyperbolicKernel is HSG. For each context the gradients of the input point
// are summed in the tangent space at it and applied in one exponential-map
// step at the end, as word2vec.c does with neu1e; output points move at once.
type hyperbolicKernel struct{ m *Model }

func (k *hyperbolicKernel) window(w *worker, center int32, ctxs []int32, alpha float32) (loss float32) {
	sig := w.r.sig
	n := k.m.Dim
	acc, step := w.acc[:n], w.tmp[:n]
	w.startTargets(center)
	for i, c := range ctxs {
		w.prefetchNext(ctxs, i, center, k.m.In, k.m.In, k.m.Stride, k.m.Dim)
		in := k.m.Row(int(c))[:n]
		clear(acc)
		for d, target := range w.negs {
			out := k.m.Row(int(target))[:n]
			mk := minkowski(in, out)
			g, l := sig.gradient(mk+HSGTheta, d == 0, alpha)
			loss += l
			// Ascent directions: at in, g*(out + mk*in); at out, g*(in + mk*out).
			for i := range acc {
				acc[i] += g * (out[i] + mk*in[i])
				step[i] = g * (in[i] + mk*out[i])
			}
			expMap(out, step)
		}
		expMap(in, acc)
		w.advanceTargets()
	}
	return loss
}
