package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// SG is word2vec's skip-gram: a word vector and an output (context) vector
// per word, s(w, c) = <y_w, y'_c>. The word vectors are what it writes, and
// they are scored by cosine and by inner product.
const SG Kind = "sg"

var sgModel = model{
	kind: SG, about: "<y, y'_out> with a second (output) matrix", views: 2, minDim: 1, batch: true,
	start: func(r *run) func(*worker) windowKernel { return dotKernels(r, r.model.In, r.model.Out) },
	forms: func(*Model) []embedding.Form { return embedding.Plain() },
}

// dotKernels returns the constructor of the inner-product kernels over the
// input rows in and the output rows out: SG's two matrices, or IPS's one
// twice. With -batch the negatives are shared across a window.
func dotKernels(r *run, in, out []float32) func(*worker) windowKernel {
	m := r.model
	return func(w *worker) windowKernel {
		k := dotKernel{in: in, out: out, stride: m.Stride, dim: m.Dim}
		if r.opt.Batch {
			return newBatchDotKernel(k, r.opt.Window, r.opt.Negative)
		}
		return &k
	}
}

// dotKernel is SG (in and out are the two matrices) and IPS (both are the
// one matrix): s = <in, out>.
type dotKernel struct {
	in, out     []float32
	stride, dim int
}

func (k *dotKernel) window(w *worker, center int32, ctxs []int32, alpha float32) (loss float32) {
	sig := w.r.sig
	acc := w.acc
	w.startTargets(center)
	for i, c := range ctxs {
		w.prefetchNext(ctxs, i, center, k.in, k.out, k.stride, k.dim)
		in := k.in[int(c)*k.stride:][:k.dim]
		clear(acc)
		for d, target := range w.negs {
			out := k.out[int(target)*k.stride:][:k.dim]
			g, l := sig.Gradient(kernel.Dot(in, out), d == 0, alpha)
			loss += l
			kernel.PairUpdate(acc, out, in, g)
		}
		kernel.Axpy(in, acc, 1)
		w.advanceTargets()
	}
	return loss
}
