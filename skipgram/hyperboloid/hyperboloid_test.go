package hyperboloid

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

func randVec(r *rand.Rand, n int, scale float32) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = (r.Float32()*2 - 1) * scale
	}
	return v
}

// minkowski64 is <a,b>_M in float64.
func minkowski64(a, b []float32) float64 {
	n := len(a) - 1
	var s float64
	for i := range n {
		s += float64(a[i]) * float64(b[i])
	}
	return s - float64(a[n])*float64(b[n])
}

func TestCoshSinhcSeries(t *testing.T) {
	for r := 0.0; r <= maxStep; r += 1.0 / 64 {
		c, sc := coshSinhc(r * r)
		wantSc := 1.0
		if r > 0 {
			wantSc = math.Sinh(r) / r
		}
		if math.Abs(c-math.Cosh(r)) > 1e-10 || math.Abs(sc-wantSc) > 1e-10 {
			t.Errorf("r=%g: cosh %v sinh/r %v, want %v %v", r, c, sc, math.Cosh(r), wantSc)
		}
	}
}

// TestGeodesicStepMatchesExpMap checks HSG's output step, which never builds
// its tangent vector, against the exponential map computed in float64 with
// package math, for short steps and for steps long enough to be clipped.
func TestGeodesicStepMatchesExpMap(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for _, dim := range []int{3, 10, 33} {
		for trial := 0; trial < 50; trial++ {
			x, y := randVec(r, dim, 1.5), randVec(r, dim, 1.5)
			Lift(x)
			Lift(y)
			mk := minkowski64(x, y)
			g := (r.Float64()*2 - 1) * math.Pow(10, -3+3*r.Float64()) // 1e-3 .. 1
			// v = g*(y + mk*x), tangent at x; the exact step in float64.
			n := dim - 1
			v := make([]float64, dim)
			for i := range v {
				v[i] = g * (float64(y[i]) + mk*float64(x[i]))
			}
			var vv float64
			for i := 0; i < n; i++ {
				vv += v[i] * v[i]
			}
			vv -= v[n] * v[n]
			norm := math.Sqrt(max(vv, 0))
			step := min(norm, maxStep)
			want := make([]float64, dim)
			var s float64
			for i := 0; i < n; i++ {
				want[i] = math.Cosh(step)*float64(x[i]) + math.Sinh(step)*v[i]/norm
				s += want[i] * want[i]
			}
			want[n] = math.Sqrt(1 + s)

			got := append([]float32(nil), x...)
			g32, mk32 := float32(g), float32(mk)
			GeodesicStep(got, y, g32*mk32, g32, float64(g32*g32*(mk32*mk32-1)))
			for i := range got {
				if d := math.Abs(float64(got[i]) - want[i]); d > 1e-3*(1+math.Abs(want[i])) {
					t.Fatalf("dim %d, g %.3g, |v| %.3g: coordinate %d is %v, want %v", dim, g, norm, i, got[i], want[i])
				}
			}
		}
	}
}

// TestExpMapBoundsAStepThatIsNotTangent: a velocity that is not tangent at
// the point, as two workers' interleaved writes can sum (the point moved
// while its gradient was summed), must not throw the point further than a
// true step of the clipped length can: its time coordinate grows by at
// most e = cosh 1 + sinh 1. A time-like v of huge Euclidean length has a
// Minkowski length below zero, and stepping by it unclipped multiplied the
// point by thousands.
func TestExpMapBoundsAStepThatIsNotTangent(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for _, dim := range []int{3, 10, 33} {
		for trial := 0; trial < 50; trial++ {
			x := randVec(r, dim, 1.5)
			Lift(x)
			// v: mostly along x itself (time-like), plus a little noise.
			big := float32(math.Pow(10, 1+4*r.Float64()))
			v := randVec(r, dim, 0.1)
			kernel.Axpy(v, x, big)
			t0 := x[dim-1]
			ExpMap(x, v)
			if x[dim-1] > math.E*t0*(1+1e-4) || math.IsNaN(float64(x[dim-1])) {
				t.Fatalf("dim %d, |v| ~ %g times the point's: time coordinate %v after the step, from %v; at most e times it", dim, big, x[dim-1], t0)
			}
			if tc, want := float64(x[dim-1]), math.Sqrt(1+sumSquares(x[:dim-1])); math.Abs(tc-want) > 1e-5*want {
				t.Fatalf("dim %d: off the hyperboloid after the step: time coordinate %v, want %v", dim, tc, want)
			}
		}
	}
}

// TestGeodesicStepHoldsGrowth: whatever the velocity's claimed length, one
// step leaves a point's spatial norm at most stepGrowth times its time
// coordinate before the step, the backstop for torn rows whose products mislead the clip.
func TestGeodesicStepHoldsGrowth(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for trial := 0; trial < 50; trial++ {
		x, y := randVec(r, 12, 1.5), randVec(r, 12, 1e4)
		Lift(x)
		t0 := x[11]
		GeodesicStep(x, y, 1e3, 1, 0) // claimed length 0: no clip
		bound := math.Sqrt(1+math.Pow(stepGrowth*float64(max(t0, 1)), 2)) * (1 + 1e-5)
		if float64(x[11]) > bound {
			t.Fatalf("time coordinate %v after the step, from %v; at most %v (spatial norm %v times it)", x[11], t0, bound, stepGrowth)
		}
	}
}

// TestPullBackSumsAnOverflowAgain: a float32 sum of squares that
// overflowed is summed again in float64 and the point pulled back, not
// zeroed into NaN.
func TestPullBackSumsAnOverflowAgain(t *testing.T) {
	x := []float32{3e19, -3e19, 4e19}
	got := pullBack(x, math.Inf(1), MaxSpatial*MaxSpatial)
	var s float64
	for _, v := range x {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			t.Fatalf("spatial part %v after pullBack", x)
		}
		s += float64(v) * float64(v)
	}
	if math.Abs(math.Sqrt(s)-MaxSpatial) > 1e-3*MaxSpatial || got != MaxSpatial*MaxSpatial {
		t.Fatalf("got %v, sum %v: want spatial norm %v", x, got, MaxSpatial)
	}
}
