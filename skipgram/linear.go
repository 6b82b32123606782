package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// linearForm is what a model whose score is linear in each row tells its
// kernels: s = <w * in, out>, plus in_K + out_K with bias, with w a weight
// per coordinate (none for SG and IPS, IPDS's signs, WIPS's lambda, whose
// gradient goes to dw). The rows move by the gradient with u in place of w
// where u is set (WIPS's signs: see weightedKernel). SG, IPS, SIPS, IPDS
// and WIPS are such models; every architecture beyond skip-gram's pairs
// (batch windows, CBOW, hierarchical softmax) trains them from it alone.
type linearForm struct {
	bias bool      // the last coordinate is a bias (SIPS)
	w    []float32 // the weights, nil for none
	u    []float32 // the weights the rows move with, if not w
	dw   []float32 // where the weights' gradient goes (WIPS), or nil
}

// A linear kernel trains a linear model: a model's kernels make one with
// newLinear and says what its form is.
type linear interface {
	windowKernel
	form() *linearForm
	// weigh sets the form's weights w, u and dw, with the buffers they
	// need from a.
	weigh(a *hogwild.Scratch, w, u, dw []float32)
}

func (f *linearForm) form() *linearForm { return f }

func (f *linearForm) weigh(_ *hogwild.Scratch, w, u, dw []float32) { f.w, f.u, f.dw = w, u, dw }

// newLinear returns a worker's kernel for a linear model under the run's
// architecture, its buffers from a: CBOW, batch windows, or skip-gram's
// pairs with hierarchical softmax or subwords; nil for skip-gram's pairs of
// word rows with negative sampling alone, which each model trains with a
// kernel of its own.
func newLinear(s *kernelSetup, a *hogwild.Scratch) linear {
	o, dim := s.opt, s.model.Dim
	switch {
	case o.CBOW:
		return newCBOW(a, dim, s.outputs)
	case o.Batch && s.subwords:
		return newSubwordWindow(a, dim)
	case o.Batch:
		return newBatchLinear(a, dim, o.Window, s.outputs)
	case o.HS || s.subwords:
		return newPairsLinear(a, dim, s.outputs)
	}
	return nil
}

// single is the scratch of a kernel that scores one input vector at a time
// against its output rows (CBOW's mean, a pair of hierarchical softmax).
type single struct {
	lin   []float32   // the input as scored, w * in
	moved []float32   // the input the output rows move by, u * in
	acc   []float32   // the input's gradient
	outs  [][]float32 // the output rows
	pos   []bool      // whether each is a positive
}

func newSingle(a *hogwild.Scratch, dim, targets int) single {
	return single{lin: a.Float32s(dim), moved: a.Float32s(dim), acc: a.Float32s(dim), outs: a.Rows(targets), pos: a.Bools(targets)}
}

// score scores the input in against outs, moves each output row by its
// gradient times the input (as u weighs it), and leaves in s.acc the
// input's gradient, the sum of the output rows (as they were) times their
// gradients. It returns the loss.
func (s *single) score(f *linearForm, sig *kernel.SigmoidTable, in []float32, outs [][]float32, pos []bool, alpha float32) (loss float32) {
	dim := len(in)
	p := dim
	if f.bias {
		p-- // the bias coordinate is scored apart
	}
	lin, moved, acc := in, in, s.acc[:dim]
	if f.w != nil {
		lin = s.lin[:dim]
		kernel.ScaleInto(lin, f.w, in)
		moved = lin
	}
	if f.u != nil {
		moved = s.moved[:dim]
		kernel.ScaleInto(moved, f.u, in)
	}
	clear(acc)
	for j, out := range outs {
		x := kernel.Dot(lin[:p], out[:p])
		if f.bias {
			x += in[p] + out[p]
		}
		g, l := sig.Gradient(x, pos[j], alpha)
		loss += l
		kernel.PairUpdate(acc[:p], out[:p], moved[:p], g)
		if f.bias {
			acc[p] += g
			out[p] += g
		}
	}
	return loss
}

// step moves an input row by the gradient acc, as the form says: by u * acc
// (u defaulting to w), or acc itself for an unweighted model.
func (f *linearForm) step(row, acc []float32) {
	u := f.u
	if u == nil {
		u = f.w
	}
	if u != nil {
		kernel.MulAdd(row, u, acc)
		return
	}
	kernel.Axpy(row, acc, 1)
}
