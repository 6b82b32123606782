package skipgram

import "github.com/wipsvec/wipsvec/skipgram/kernel"

// Batch windows (Options.Batch): one set of negatives serves every context
// of a centre word, as in Intel's pWord2Vec ("HogBatch"). The window's m
// context rows and its 1+N target rows then form two small matrices:
// scores are their m x (1+N) product, and both updates are products with
// the gradient matrix. Every target row is fetched and written once per
// window instead of once per pair, and the noise draws fall by a factor of
// m. Fewer writes of the rows every thread writes (the frequent words') is
// what lets two threads scale (docs/scaling.md).
//
// All gradients are taken at the window's starting point and applied
// together, so a context appearing twice in one window moves twice.

// batchBuffers are a worker's scratch for one window of a batch kernel.
type batchBuffers struct {
	grads []float32 // m x len(targets), row-major
	accs  []float32 // m x dim: each context row's gradient
	lins  []float32 // m x dim: each context row as scored (weighted models)
}

func newBatchBuffers(dim, window, negative int) batchBuffers {
	m := 2 * window
	return batchBuffers{
		grads: ownLines[float32](m * (1 + negative)),
		accs:  ownLines[float32](m * dim),
		lins:  ownLines[float32](m * dim),
	}
}

// batchLinear is the batch kernel of the models whose score is linear in
// each row: s = <w * in, out> (+ in_K + out_K with bias), with w a weight
// per coordinate (none for SG and IPS, IPDS's signs, WIPS's lambda, whose
// gradient goes to dw).
type batchLinear struct {
	batchBuffers
	dim  int
	bias bool      // the last coordinate is a bias (SIPS)
	w    []float32 // the weights, nil for none
	dw   []float32 // where the weights' gradient goes (WIPS), or nil
}

func newBatchLinear(dim, window, negative int) *batchLinear {
	return &batchLinear{batchBuffers: newBatchBuffers(dim, window, negative), dim: dim}
}

func (k *batchLinear) window(w *worker, center int32, ctxs []int32, alpha float32) (loss float32) {
	if len(ctxs) == 0 {
		return 0
	}
	sig := w.r.sig
	dim, p := k.dim, k.dim
	if k.bias {
		p-- // the bias coordinate is scored apart
	}
	targets := w.windowTargets(center)
	nt := len(targets)
	grads := k.grads[:len(ctxs)*nt]
	accs := k.accs[:len(ctxs)*dim]
	clear(accs)
	// The contexts as scored, lin = w * in: their own rows when unweighted.
	lin := func(i int, c int32) []float32 {
		if k.w == nil {
			return w.in.at(c)
		}
		return k.lins[i*dim:][:dim]
	}
	if k.w != nil {
		for i, c := range ctxs {
			kernel.ScaleInto(k.lins[i*dim:][:dim], k.w, w.in.at(c))
		}
	}
	// Scores and gradients, and each context's gradient from the old
	// targets.
	for i, c := range ctxs {
		in := lin(i, c)
		acc := accs[i*dim:][:dim]
		for j, t := range targets {
			out := w.out.at(t)
			s := kernel.Dot(in[:p], out[:p])
			if k.bias {
				s += in[p] + out[p]
			}
			g, l := sig.Gradient(s, j == 0, alpha)
			loss += l
			grads[i*nt+j] = g
			kernel.Axpy(acc[:p], out[:p], g)
			if k.bias {
				acc[p] += g
			}
		}
	}
	// Targets move by the gradient-weighted sum of the old contexts.
	for j, t := range targets {
		out := w.out.at(t)
		for i, c := range ctxs {
			g := grads[i*nt+j]
			kernel.Axpy(out[:p], lin(i, c)[:p], g)
			if k.bias {
				out[p] += g
			}
		}
	}
	// Contexts move by w * acc; the weights' gradient is in * acc.
	for i, c := range ctxs {
		in, acc := w.in.at(c), accs[i*dim:][:dim]
		switch {
		case k.dw != nil:
			kernel.WeightedStep(in, k.dw, k.w, acc)
		case k.w != nil:
			for d, x := range acc {
				in[d] += k.w[d] * x
			}
		default:
			kernel.Axpy(in, acc, 1)
		}
	}
	return loss
}
