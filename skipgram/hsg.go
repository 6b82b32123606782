package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/hyperboloid"
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
	project: hyperboloid.Lift, meanMerge: true, replicas: true,
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
			mk := hyperboloid.Minkowski(in, out)
			g, l := sig.Gradient(mk+HSGTheta, d == 0, alpha)
			loss += l
			kernel.Axpy(acc, out, g)
			inCoef += g * mk
			hyperboloid.GeodesicStep(out, in, g*mk, g, float64(g*g*(mk*mk-1)))
		}
		kernel.Axpy(acc, in, inCoef)
		hyperboloid.ExpMap(in, acc)
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
// and the step, and the formula holds no longer (see hyperboloid.ExpMap). One worker
// trusts the formula: building the velocity costs it 5% of its words a
// second.
type batchHyperbolic struct {
	batchRows
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

func newBatchHyperbolic(a *hogwild.Scratch, dim, window, negative int, measure bool) *batchHyperbolic {
	return &batchHyperbolic{
		batchRows: newBatchRows(a, window, 1+negative),
		grads:     a.Float32s(2 * window * (1 + negative)),
		gradsT:    a.Float32s(2 * window * (1 + negative)),
		scores:    a.Float32s(1 + negative),
		accs:      a.Float32s(2 * window * dim),
		dim:       dim,
		measure:   measure,
		gmk:       a.Float32s(2 * window * (1 + negative)),
		u:         a.Float32s(dim),
		vRows:     a.Rows(2*window + 1),
		vCoef:     a.Float32s(2*window + 1),
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
			hyperboloid.GeodesicStep(out, u, b, 1, float64(hyperboloid.Minkowski(u, u)+b*b))
			continue
		}
		vRows[m], vCoef[m] = out, b
		copy(vCoef, gradsT[j*m:][:m])
		kernel.AxpyMany(u, vRows, vCoef)
		hyperboloid.ExpMap(out, u)
	}
	for i, in := range ins {
		hyperboloid.ExpMap(in, accs[i*dim:][:dim])
	}
	return loss
}
