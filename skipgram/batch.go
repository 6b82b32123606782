package skipgram

import "github.com/wipsvec/wipsvec/skipgram/kernel"

// batchDotKernel is -batch for the inner-product models (SG, IPS): one set
// of negatives serves every context of a centre word, as in Intel's pWord2Vec
// ("HogBatch"). The window's m input rows and the 1+N output rows then form
// two small matrices: scores are their m x (1+N) product, and both updates
// are products with the gradient matrix. Every output row is fetched once per
// window instead of once per pair, and noise draws fall by a factor m, which
// is where the time of the exact mode goes once the arithmetic is vectorised.
//
// All gradients are taken at the window's starting point and applied
// together, so a context appearing twice in one window moves twice.
type batchDotKernel struct {
	dim   int
	grads []float32 // m x len(targets), row-major
	accs  []float32 // m x dim: each input row's accumulated gradient
}

func newBatchDotKernel(dim, window, negative int) *batchDotKernel {
	m := 2 * window
	return &batchDotKernel{
		dim:   dim,
		grads: ownLines[float32](m * (1 + negative)),
		accs:  ownLines[float32](m * dim),
	}
}

func (k *batchDotKernel) window(w *worker, center int32, ctxs []int32, alpha float32) (loss float32) {
	if len(ctxs) == 0 {
		return 0
	}
	sig := w.r.sig
	dim := k.dim
	targets := w.targets(center)
	nt := len(targets)
	grads := k.grads[:len(ctxs)*nt]
	accs := k.accs[:len(ctxs)*dim]
	clear(accs)
	// Scores and gradients, and each input's gradient from the old outputs.
	for i, c := range ctxs {
		in := w.in.at(c)
		acc := accs[i*dim:][:dim]
		for j, t := range targets {
			out := w.out.at(t)
			g, l := sig.Gradient(kernel.Dot(in, out), j == 0, alpha)
			loss += l
			grads[i*nt+j] = g
			kernel.Axpy(acc, out, g)
		}
	}
	// Output rows move by the gradient-weighted sum of the old inputs.
	for j, t := range targets {
		out := w.out.at(t)
		for i, c := range ctxs {
			kernel.Axpy(out, w.in.at(c), grads[i*nt+j])
		}
	}
	for i, c := range ctxs {
		kernel.Axpy(w.in.at(c), accs[i*dim:][:dim], 1)
	}
	return loss
}
