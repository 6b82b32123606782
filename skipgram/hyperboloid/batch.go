package hyperboloid

import (
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// Batch is the scratch of hyperbolic skip-gram's batch window: the window's
// contexts share one set of targets, and every point moves once, by the
// exponential map of its summed tangent gradient taken at the window's
// start. As in skip-gram's pairs each sum is a vector plus a multiple of the
// point itself: context i moves along sum_j g_ij out_j + (sum_j g_ij mk_ij)
// in_i, target j along u_j + b_j out_j with u_j = sum_i g_ij in_i and
// b_j = sum_i g_ij mk_ij. Since <u_j, out_j>_M = b_j and <out_j, out_j>_M =
// -1, that velocity is tangent and its squared length is <u_j,u_j>_M + b_j².
// With several workers the kernel builds the velocity instead (out_j is one
// more row of u_j's AxpyMany) and measures it, because out_j or the
// contexts can then move, or be read half written, between the products
// and the step, and the formula holds no longer (see ExpMap). One worker
// trusts the formula, which spares it building the velocity
// (docs/performance.md).
type Batch struct {
	grads   []float32 // m x len(targets), by context
	gradsT  []float32 // len(targets) x m, the same by target
	scores  []float32 // one context's scores, one per target
	accs    []float32 // m x dim: each context row's gradient
	dim     int
	measure bool        // build and measure each target's velocity
	gmk     []float32   // m x len(targets): g_ij * mk_ij
	u       []float32   // one target's u_j, or with measure its velocity u_j + b_j out_j
	vRows   [][]float32 // with measure: the contexts' rows, then the target's
	vCoef   []float32   // with measure: their coefficients in the velocity, g_ij, then b_j
}

// NewBatch returns the scratch for windows of up to 2*window contexts and
// targets targets, of points of dim coordinates, from a; measure builds and
// measures each target's velocity (several workers).
func NewBatch(a *hogwild.Scratch, dim, window, targets int, measure bool) *Batch {
	return &Batch{
		grads:   a.Float32s(2 * window * targets),
		gradsT:  a.Float32s(2 * window * targets),
		scores:  a.Float32s(targets),
		accs:    a.Float32s(2 * window * dim),
		dim:     dim,
		measure: measure,
		gmk:     a.Float32s(2 * window * targets),
		u:       a.Float32s(dim),
		vRows:   a.Rows(2*window + 1),
		vCoef:   a.Float32s(2*window + 1),
	}
}

// Train scores the m context points ins against the target points outs
// (pos saying which are positives) by sigma(<in, out>_M + theta) and moves
// every point once; it returns the loss.
func (k *Batch) Train(sig *kernel.SigmoidTable, theta float32, outs [][]float32, pos []bool, ins [][]float32, alpha float32) (loss float32) {
	dim, n := k.dim, k.dim-1 // n: the time coordinate
	m, nt := len(ins), len(outs)
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
			gj, l := sig.Gradient(mk+theta, pos[j], alpha)
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
			GeodesicStep(out, u, b, 1, float64(Minkowski(u, u)+b*b))
			continue
		}
		vRows[m], vCoef[m] = out, b
		copy(vCoef, gradsT[j*m:][:m])
		kernel.AxpyMany(u, vRows, vCoef)
		ExpMap(out, u)
	}
	for i, in := range ins {
		ExpMap(in, accs[i*dim:][:dim])
	}
	return loss
}
