package spectrum

import (
	"errors"
	"math"

	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// symmetricEigenvalues returns the eigenvalues of the symmetric n x n matrix
// a (row-major; both triangles must hold the matrix), in no particular order.
// It overwrites a.
//
// WIPS's spectral start needs only how many of the largest eigenvalues (by
// absolute value) are negative, not the eigenvectors, so this is the
// eigenvalue half of the classic dense method: Householder reduction to a
// tridiagonal matrix, then the implicit QL iteration with Wilkinson shifts.
// The reduction keeps the whole square of the shrinking trailing matrix up to
// date, so that every inner loop is one of the training kernels (dot, axpy)
// along a row: twice the arithmetic of a one-triangle version, but
// contiguous and vectorised. The matrix is float32, like everything the
// kernels touch; sums of a row are float64. Only the signs of the largest
// eigenvalues are read, far above float32's rounding.
func symmetricEigenvalues(a []float32, n int) ([]float64, error) {
	if len(a) != n*n {
		return nil, errors.New("eigenvalues: matrix is not n x n")
	}
	d := make([]float64, n) // diagonal of the tridiagonal matrix
	e := make([]float64, n) // e[i]: its element (i, i-1)
	p := make([]float32, n)
	for i := n - 1; i > 0; i-- {
		l := i - 1
		row := a[i*n : i*n+i] // a[i][0..l]
		var scale float64
		for _, x := range row {
			scale += math.Abs(float64(x))
		}
		if l == 0 || scale == 0 {
			e[i] = float64(row[l])
			continue
		}
		var h float64
		inv := float32(1 / scale)
		for k := range row {
			row[k] *= inv
			h += float64(row[k]) * float64(row[k])
		}
		f := float64(row[l])
		g := -math.Copysign(math.Sqrt(h), f)
		e[i] = scale * g
		h -= f * g
		row[l] = float32(f - g)
		// p = A u / h over the leading (l+1) x (l+1) block, u = row.
		f = 0
		for j := 0; j <= l; j++ {
			p[j] = float32(float64(kernel.Dot(a[j*n:j*n+i], row)) / h)
			f += float64(p[j]) * float64(row[j])
		}
		// A -= u q' + q u', q = p - (u'p / 2h) u.
		hh := float32(f / (h + h))
		for j := 0; j <= l; j++ {
			p[j] -= hh * row[j]
		}
		q := p[:i]
		for j := 0; j <= l; j++ {
			aj := a[j*n : j*n+i]
			kernel.Axpy(aj, q, -row[j])
			kernel.Axpy(aj, row, -q[j])
		}
	}
	for i := range d {
		d[i] = float64(a[i*n+i])
	}
	if err := tridiagonalQL(d, e); err != nil {
		return nil, err
	}
	return d, nil
}

// tridiagonalQL overwrites d with the eigenvalues of the symmetric
// tridiagonal matrix with diagonal d and subdiagonal e[1:] (e[i] joins rows
// i-1 and i), by the implicit QL method.
func tridiagonalQL(d, e []float64) error {
	n := len(d)
	if n == 0 {
		return nil
	}
	copy(e, e[1:])
	e[n-1] = 0
	for l := 0; l < n; l++ {
		for iter := 0; ; iter++ {
			m := l
			for ; m < n-1; m++ {
				dd := math.Abs(d[m]) + math.Abs(d[m+1])
				if math.Abs(e[m]) <= 1e-15*dd {
					break
				}
			}
			if m == l {
				break
			}
			if iter == 100 {
				return errors.New("eigenvalues: QL iteration did not converge")
			}
			g := (d[l+1] - d[l]) / (2 * e[l])
			r := math.Hypot(g, 1)
			g = d[m] - d[l] + e[l]/(g+math.Copysign(r, g))
			s, c, p := 1.0, 1.0, 0.0
			underflow := false
			for i := m - 1; i >= l; i-- {
				f, b := s*e[i], c*e[i]
				r = math.Hypot(f, g)
				e[i+1] = r
				if r == 0 {
					d[i+1] -= p
					e[m] = 0
					underflow = true
					break
				}
				s, c = f/r, g/r
				g = d[i+1] - p
				r = (d[i]-g)*s + 2*c*b
				p = s * r
				d[i+1] = g + p
				g = c*r - b
			}
			if underflow {
				continue
			}
			d[l] -= p
			e[l] = g
			e[m] = 0
		}
	}
	return nil
}
