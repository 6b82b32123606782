package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

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
	grads  []float32   // m x len(targets), by context
	gradsT []float32   // len(targets) x m, the same by target
	scores []float32   // one context's scores, one per target
	accs   []float32   // m x dim: each context row's gradient
	lins   []float32   // m x dim: each context row as scored (weighted models)
	outs   [][]float32 // the targets' rows
	pos    []bool      // whether each target is a positive
	ins    [][]float32 // the contexts' rows
	linRow [][]float32 // the rows of lins
}

func newBatchBuffers(a *hogwild.Scratch, dim, window, nt int) batchBuffers {
	m := 2 * window
	b := batchBuffers{
		pos:    a.Bools(nt),
		grads:  a.Float32s(m * nt),
		gradsT: a.Float32s(m * nt),
		scores: a.Float32s(nt),
		accs:   a.Float32s(m * dim),
		lins:   a.Float32s(m * dim),
		outs:   a.Rows(nt),
		ins:    a.Rows(m),
		linRow: a.Rows(m),
	}
	for i := range b.linRow {
		b.linRow[i] = b.lins[i*dim:][:dim:dim]
	}
	return b
}

// rows returns the window's output rows with whether each is a positive
// (step.windowOutputs) and its context rows, as the worker trains them.
func (b *batchBuffers) rows(s *step, center int32, ctxs []int32) (outs [][]float32, pos []bool, ins [][]float32) {
	outs, pos = s.windowOutputs(center, b.outs[:0], b.pos[:0])
	ins = b.ins[:len(ctxs)]
	for i, c := range ctxs {
		ins[i] = s.in.At(c)
	}
	return outs, pos, ins
}

// batchLinear is the batch kernel of the linear models (linearForm).
type batchLinear struct {
	linearForm
	batchBuffers
	dim  int
	uins [][]float32 // with u: each context row times u
}

// weigh sets the kernel's weights w, the weights u its rows move with, and
// where the weights' gradient goes (WIPS's lambda, signs and dlambda).
func (k *batchLinear) weigh(a *hogwild.Scratch, w, u, dw []float32) {
	k.w, k.u, k.dw = w, u, dw
	m := len(k.ins)
	buf := a.Float32s(m * k.dim)
	k.uins = a.Rows(m)
	for i := range k.uins {
		k.uins[i] = buf[i*k.dim:][:k.dim:k.dim]
	}
}

func newBatchLinear(a *hogwild.Scratch, dim, window, targets int) *batchLinear {
	return &batchLinear{batchBuffers: newBatchBuffers(a, dim, window, targets), dim: dim}
}

// window scores the m contexts against the targets and moves both. Each
// context's scores are one DotMany over the target rows, its gradient one
// AxpyMany of them; each target row then takes one AxpyMany of the
// contexts: a row is loaded and stored once per window, not once per pair.
func (k *batchLinear) window(s *step, center int32, ctxs []int32, alpha float32) (loss float32) {
	if len(ctxs) == 0 {
		return 0
	}
	sig := s.sig
	dim, p := k.dim, k.dim
	if k.bias {
		p-- // the bias coordinate is scored apart
	}
	outs, pos, ins := k.rows(s, center, ctxs)
	m, nt := len(ctxs), len(outs)
	// The contexts as scored, lin = w * in: their own rows when unweighted.
	lins := ins
	if k.w != nil {
		lins = k.linRow[:m]
		for i, in := range ins {
			kernel.ScaleInto(lins[i], k.w, in)
		}
	}
	grads, gradsT := k.grads[:m*nt], k.gradsT[:m*nt]
	scores := k.scores[:nt]
	accs := k.accs[:m*dim]
	clear(accs)
	// Scores and gradients, and each context's gradient from the old
	// targets.
	for i, in := range lins {
		kernel.DotMany(scores, in[:p], outs)
		g := grads[i*nt:][:nt]
		var gsum float32
		for j, x := range scores {
			if k.bias {
				x += in[p] + outs[j][p]
			}
			gj, l := sig.Gradient(x, pos[j], alpha)
			loss += l
			g[j] = gj
			gradsT[j*m+i] = gj
			gsum += gj
		}
		acc := accs[i*dim:][:dim]
		kernel.AxpyMany(acc[:p], outs, g)
		if k.bias {
			acc[p] = gsum
		}
	}
	// Targets move by the gradient-weighted sum of the old contexts, as
	// scored or weighted by u.
	moved, u := lins, k.w
	if k.u != nil {
		moved, u = k.uins[:m], k.u
		for i, in := range ins {
			kernel.ScaleInto(moved[i], u, in)
		}
	}
	for j, out := range outs {
		g := gradsT[j*m:][:m]
		kernel.AxpyMany(out[:p], moved, g)
		if k.bias {
			for _, gi := range g {
				out[p] += gi
			}
		}
	}
	// Contexts move by u * acc; the weights' gradient is in * acc.
	for i, in := range ins {
		acc := accs[i*dim:][:dim]
		switch {
		case k.dw != nil:
			kernel.WeightedStep(in, k.dw, u, acc)
		case u != nil:
			kernel.MulAdd(in, u, acc)
		default:
			kernel.Axpy(in, acc, 1)
		}
	}
	return loss
}
