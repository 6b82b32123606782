package spectrum

import (
	"math"
	"slices"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// TestSymmetricEigenvalues checks the solver on matrices with known spectra:
// Q diag(lambda) Q' for a Householder reflection Q, so the answer is exact
// up to rounding whatever the size.
func TestSymmetricEigenvalues(t *testing.T) {
	for _, n := range []int{1, 2, 3, 7, 64, 257} {
		r := kernel.NewRNG(uint64(n), 3)
		want := make([]float64, n)
		for i := range want {
			want[i] = 10 * (float64(r.Float32()) - 0.5)
		}
		if n > 3 {
			want[1] = want[0] // a repeated eigenvalue
		}
		v := make([]float64, n)
		var vv float64
		for i := range v {
			v[i] = float64(r.Float32()) - 0.5
			vv += v[i] * v[i]
		}
		// a = (I - 2vv'/v'v) diag(want) (I - 2vv'/v'v)
		a := make([]float32, n*n)
		q := func(i, j int) float64 {
			x := -2 * v[i] * v[j] / vv
			if i == j {
				x++
			}
			return x
		}
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				var s float64
				for k := 0; k < n; k++ {
					s += q(i, k) * want[k] * q(k, j)
				}
				a[i*n+j] = float32(s)
			}
		}
		got, err := symmetricEigenvalues(a, n)
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(got)
		slices.Sort(want)
		for i := range want {
			if math.Abs(got[i]-want[i]) > 1e-4*float64(n) {
				t.Fatalf("n=%d: eigenvalue %d = %v, want %v", n, i, got[i], want[i])
			}
		}
	}
}

// TestSymmetricEigenvaluesTwoByTwo is the closed form.
func TestSymmetricEigenvaluesTwoByTwo(t *testing.T) {
	got, err := symmetricEigenvalues([]float32{2, 1, 1, 2}, 2)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	if math.Abs(got[0]-1) > 1e-12 || math.Abs(got[1]-3) > 1e-12 {
		t.Fatalf("eigenvalues of [[2 1] [1 2]] = %v, want [1 3]", got)
	}
	if _, err := symmetricEigenvalues([]float32{1, 2, 3}, 2); err == nil {
		t.Fatal("a 3-element matrix was taken as 2 x 2")
	}
}

func BenchmarkSymmetricEigenvalues(b *testing.B) {
	const n = 1000
	r := kernel.NewRNG(1, 1)
	a := make([]float32, n*n)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			x := r.Float32()
			a[i*n+j], a[j*n+i] = x, x
		}
	}
	m := make([]float32, n*n)
	for b.Loop() {
		copy(m, a)
		if _, err := symmetricEigenvalues(m, n); err != nil {
			b.Fatal(err)
		}
	}
}

// TestNegativeEigenvaluesDisplace: a negative eigenvalue among the k largest
// counts only where it is displaceMargin times the k-th: one just above the
// positive it displaces is left to a positive weight.
func TestNegativeEigenvaluesDisplace(t *testing.T) {
	for _, tc := range []struct {
		diag []float32
		k    int
		want int
	}{
		{[]float32{100, -60, 50, 40, -12, 10, 3}, 5, 1},      // -12 is the k-th itself
		{[]float32{100, -60, 50, 40, -13, 10, 3}, 6, 1},      // -13: 1.3 times the k-th, 10
		{[]float32{100, -60, 50, 40, -15, 10, 3}, 6, 2},      // -15: 1.5 times
		{[]float32{-100, -60, -50, -40, -30, -20, -3}, 3, 1}, // the k-th never counts: a weight stays positive
		{[]float32{-100, -90, -3}, 2, 0},                     // the bar is the k-th, negative or not
	} {
		n := len(tc.diag)
		m := make([]float32, n*n)
		for i, x := range tc.diag {
			m[i*n+i] = x
		}
		q, top, err := negativeEigenvalues(m, n, tc.k)
		if err != nil {
			t.Fatal(err)
		}
		if q != tc.want {
			t.Errorf("diag %v, k %d: %d negative weights (top %v), want %d", tc.diag, tc.k, q, top, tc.want)
		}
	}
}
