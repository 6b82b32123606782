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
	project: hyperboloid.Lift, meanMerge: true, textReplicas: 4096,
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
	sig := s.Sig
	n := k.m.Dim
	acc := s.Acc[:n]
	for c, targets := range s.Contexts(center, ctxs) {
		in := s.In.At(c)[:n]
		clear(acc)
		var inCoef float32 // acc's share along in: the sum of g*mk
		for d, target := range targets {
			out := s.Out.At(target)[:n]
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
// start (hyperboloid.Batch).
type batchHyperbolic struct {
	batchRows
	*hyperboloid.Batch
}

func newBatchHyperbolic(a *hogwild.Scratch, dim, window, negative int, measure bool) *batchHyperbolic {
	return &batchHyperbolic{batchRows: newBatchRows(a, window, 1+negative), Batch: hyperboloid.NewBatch(a, dim, window, 1+negative, measure)}
}

func (k *batchHyperbolic) window(s *step, center int32, ctxs []int32, alpha float32) (loss float32) {
	if len(ctxs) == 0 {
		return 0
	}
	outs, pos, ins := k.rows(s, center, ctxs)
	return k.Train(s.Sig, HSGTheta, outs, pos, ins, alpha)
}
