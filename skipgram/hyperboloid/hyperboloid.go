// Package hyperboloid is the geometry hyperbolic skip-gram (HSG) trains in:
// points on the hyperboloid <y,y>_M = -1, y_K > 0, where <x,y>_M =
// sum_{k<K} x_k y_k - x_K y_K is the Minkowski product with the last
// coordinate time-like, moved along geodesics by the exponential map, each
// step clipped in length and in the growth it allows, and every point kept
// on the hyperboloid and within MaxSpatial however float32 rounds or two
// workers interleave their writes; and the arithmetic of HSG's batch
// window on points the trainer has fetched (Batch).
package hyperboloid

import (
	"math"

	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// maxStep bounds the geodesic length of one update.
const maxStep = 1.0

// MaxSpatial bounds a point's spatial norm, so its distance from the
// origin stays below acosh(sqrt(1+1e6)) ~ 7.6. Scores saturate long before:
// sigma(<x,y>_M + 3) < 1e-4 once two points are 3.2 apart. Without the bound,
// points pushed outwards grow until the Minkowski products overflow float32
// (seen at K=10 on the shared corpus).
const MaxSpatial = 1e3

// Minkowski is <a,b>_M in float32.
func Minkowski(a, b []float32) float32 {
	n := len(a) - 1
	return kernel.Dot(a[:n], b[:n]) - a[n]*b[n]
}

// stepGrowth bounds how much one step may multiply a point's time
// coordinate, and so its spatial norm: a geodesic step of length at most
// maxStep = 1 from a point with time coordinate t ends at one below
// t*(cosh 1 + sinh 1) = e*t. The step's length is computed from Minkowski
// products that assume both points on the hyperboloid; on two threads a
// point read while the other worker writes it is not (one worker's time
// coordinate beside the other's spatial part), the computed length can
// come out near zero for a step that is in truth huge, and unbounded,
// such steps fed each other until float32 overflowed. The bound holds
// every step to what a true one can do.
const stepGrowth = 3.0

// Lift sets the time coordinate so that <y,y>_M = -1, after
// pulling the spatial part back within MaxSpatial.
func Lift(y []float32) {
	n := len(y) - 1
	s := sumSquares(y[:n])
	if s > MaxSpatial*MaxSpatial {
		s = pullBack(y[:n], s, MaxSpatial*MaxSpatial)
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
// for 0 <= r <= maxStep = 1: the first omitted terms are below 1e-10,
// and two calls into package math cost more than the rest of a pair update.
func coshSinhc(r2 float64) (cosh, sinhc float64) {
	cosh = 1 + r2*(1.0/2+r2*(1.0/24+r2*(1.0/720+r2*(1.0/40320+r2*(1.0/3628800+r2*(1.0/479001600))))))
	sinhc = 1 + r2*(1.0/6+r2*(1.0/120+r2*(1.0/5040+r2*(1.0/362880+r2*(1.0/39916800+r2*(1.0/6227020800))))))
	return cosh, sinhc
}

// GeodesicStep moves the point x along the geodesic with initial velocity
// v = a*x + b*y, a tangent vector at x with <v,v>_M = vv:
// x' = cosh(|v|) x + sinh(|v|)/|v| v, the step length clipped to
// maxStep. Only the spatial coordinates are computed, in one pass that
// also sums their squares; the time coordinate is then set from them, which
// puts x' back on the hyperboloid however float32 rounded. Taking v as a
// combination of x and one other vector lets hyperbolic skip-gram step an output point
// towards or away from the input without building v.
func GeodesicStep(x, y []float32, a, b float32, vv float64) {
	r2 := max(vv, 0) // rounding may leave v slightly time-like
	scale := 1.0
	if r2 > maxStep*maxStep {
		scale = maxStep / math.Sqrt(r2)
		r2 = maxStep * maxStep
	}
	c, sc := coshSinhc(r2)
	sc *= scale
	n := len(x) - 1
	t := max(float64(x[n]), 1) * stepGrowth
	s := float64(kernel.AxpbyNorm(x[:n], y[:n], float32(c+sc*float64(a)), float32(sc*float64(b))))
	if max2 := min(t*t, MaxSpatial*MaxSpatial); !(s <= max2) {
		s = pullBack(x[:n], s, max2)
	}
	x[n] = float32(math.Sqrt(1 + s))
}

// ExpMap moves x along the geodesic with initial velocity v, a tangent
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
func ExpMap(x, v []float32) {
	n := len(v) - 1
	s := float64(kernel.Dot(v[:n], v[:n]))
	t2 := float64(v[n]) * float64(v[n])
	xt := max(float64(x[n]), 1)
	GeodesicStep(x, v, 0, 1, max(s-t2, (s+t2)/(2*xt*xt)))
}
