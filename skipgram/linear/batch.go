package linear

import (
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// Batch windows (skipgram's Options.Batch): one set of negatives serves
// every context of a centre word, as in Intel's pWord2Vec ("HogBatch").
// The window's m context rows and its 1+N target rows then form two small
// matrices: scores are their m x (1+N) product, and both updates are
// products with the gradient matrix. Every target row is fetched and
// written once per window instead of once per pair, and the noise draws
// fall by a factor of m. Fewer writes of the rows every thread writes (the
// frequent words') is what lets two threads scale (docs/scaling.md).
//
// All gradients are taken at the window's starting point and applied
// together, so a context appearing twice in one window moves twice.

// Batch is the scratch of a batch window of a linear model.
type Batch struct {
	dim    int
	grads  []float32   // m x len(targets), by context
	gradsT []float32   // len(targets) x m, the same by target
	scores []float32   // one context's scores, one per target
	accs   []float32   // m x dim: each context row's gradient
	linRow [][]float32 // m rows of dim: each context row as scored (weighted models)
	uins   [][]float32 // with Form.U: each context row times U (Weighted)
}

// NewBatch returns the scratch for windows of up to 2*window contexts and
// targets targets, of rows of dim coordinates, from a.
func NewBatch(a *hogwild.Scratch, dim, window, targets int) *Batch {
	m := 2 * window
	return &Batch{
		dim:    dim,
		grads:  a.Float32s(m * targets),
		gradsT: a.Float32s(m * targets),
		scores: a.Float32s(targets),
		accs:   a.Float32s(m * dim),
		linRow: rows(a, m, dim),
	}
}

// Weighted adds the scratch of a form whose rows move with U.
func (k *Batch) Weighted(a *hogwild.Scratch) { k.uins = rows(a, len(k.linRow), k.dim) }

// rows returns m rows of dim floats, from a.
func rows(a *hogwild.Scratch, m, dim int) [][]float32 {
	buf := a.Float32s(m * dim)
	r := a.Rows(m)
	for i := range r {
		r[i] = buf[i*dim:][:dim:dim]
	}
	return r
}

// Train scores the m context rows ins against the target rows outs (pos
// saying which are positives) and moves both, as f says. Each context's
// scores are one DotMany over the target rows, its gradient one AxpyMany
// of them; each target row then takes one AxpyMany of the contexts: a row
// is loaded and stored once per window, not once per pair. It returns the
// loss.
func (k *Batch) Train(f *Form, sig *kernel.SigmoidTable, outs [][]float32, pos []bool, ins [][]float32, alpha float32) (loss float32) {
	dim, p := k.dim, k.dim
	if f.Bias {
		p-- // the bias coordinate is scored apart
	}
	m, nt := len(ins), len(outs)
	// The contexts as scored, lin = w * in: their own rows when unweighted.
	lins := ins
	if f.W != nil {
		lins = k.linRow[:m]
		for i, in := range ins {
			kernel.ScaleInto(lins[i], f.W, in)
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
			if f.Bias {
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
		if f.Bias {
			acc[p] = gsum
		}
	}
	// Targets move by the gradient-weighted sum of the old contexts, as
	// scored or weighted by u.
	moved, u := lins, f.W
	if f.U != nil {
		moved, u = k.uins[:m], f.U
		for i, in := range ins {
			kernel.ScaleInto(moved[i], u, in)
		}
	}
	for j, out := range outs {
		g := gradsT[j*m:][:m]
		kernel.AxpyMany(out[:p], moved, g)
		if f.Bias {
			for _, gi := range g {
				out[p] += gi
			}
		}
	}
	// Contexts move by u * acc; the weights' gradient is in * acc.
	for i, in := range ins {
		acc := accs[i*dim:][:dim]
		switch {
		case f.DW != nil:
			kernel.WeightedStep(in, f.DW, u, acc)
		case u != nil:
			kernel.MulAdd(in, u, acc)
		default:
			kernel.Axpy(in, acc, 1)
		}
	}
	return loss
}
