// Package linear trains the rows of a similarity model whose score is
// linear in each row, s = <w * in, out>, plus in_K + out_K with a bias,
// with w a weight per coordinate (SG and IPS have none, SIPS a bias, IPDS
// its signs, WIPS its lambda). Every architecture beyond skip-gram's pairs
// (batch windows, CBOW, hierarchical softmax, subword rows) trains such a
// model from its Form alone, on rows the trainer has fetched: package
// skipgram draws the targets and fetches the rows, this package scores
// them and moves them.
package linear

import (
	"slices"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// Form is what a linear model tells its kernels: s = <W * in, out>, plus
// in_K + out_K with Bias. The rows move by the gradient with U in place of
// W where U is set (WIPS's signs), and the weights' gradient goes to DW
// where it is set (WIPS's lambda).
type Form struct {
	Bias bool      // the last coordinate is a bias (SIPS)
	W    []float32 // the weights, nil for none
	U    []float32 // the weights the rows move with, if not W
	DW   []float32 // where the weights' gradient goes (WIPS), or nil
}

// Step moves an input row by the gradient acc, as the form says: by
// U * acc (U defaulting to W), or acc itself for an unweighted model.
func (f *Form) Step(row, acc []float32) {
	u := f.U
	if u == nil {
		u = f.W
	}
	if u != nil {
		kernel.MulAdd(row, u, acc)
		return
	}
	kernel.Axpy(row, acc, 1)
}

// StepInput is Step for the input a kernel scored: with DW set, the
// weights' gradient row * acc goes to DW first (kernel.WeightedStep fuses
// both where the rows move by U).
func (f *Form) StepInput(row, acc []float32) {
	switch {
	case f.DW != nil && f.U != nil:
		kernel.WeightedStep(row, f.DW, f.U, acc)
		return
	case f.DW != nil:
		kernel.MulAdd(f.DW, row, acc)
	}
	f.Step(row, acc)
}

// StepRows moves each of rows by acc as Step moves one; an unweighted form
// steps them all in one call, with ones (at least len(rows) of them) as
// their weights.
func (f *Form) StepRows(rows [][]float32, acc, ones []float32) {
	if f.U == nil && f.W == nil {
		kernel.AxpyRows(rows, acc, ones[:len(rows)])
		return
	}
	for _, r := range rows {
		f.Step(r, acc)
	}
}

// plain reports whether the form is the plain inner product (SG, IPS).
func (f *Form) plain() bool { return !f.Bias && f.W == nil && f.U == nil }

// Single is the scratch of a kernel that scores one input vector at a time
// against its output rows (CBOW's mean, a pair of hierarchical softmax).
type Single struct {
	lin   []float32 // the input as scored, w * in
	moved []float32 // the input the output rows move by, u * in
	Acc   []float32 // the input's gradient, after Score
	// ScoreJoint's scores and steps, one per output, grown as needed.
	xs, gs []float32
}

// NewSingle returns the scratch for rows of dim coordinates, from a.
func NewSingle(a *hogwild.Scratch, dim int) Single {
	return Single{lin: a.Float32s(dim), moved: a.Float32s(dim), Acc: a.Float32s(dim)}
}

// Score scores the input in against outs, moves each output row by its
// gradient times the input (as U weighs it), and leaves in s.Acc the
// input's gradient, the sum of the output rows (as they were) times their
// gradients; pos says which outputs are positives. It returns the loss.
func (s *Single) Score(f *Form, sig *kernel.SigmoidTable, in []float32, outs [][]float32, pos []bool, alpha float32) float32 {
	lin, moved := s.inputs(f, in)
	if f.plain() {
		return kernel.ScorePairs(sig, s.Acc[:len(in)], in, outs, pos, alpha)
	}
	return s.each(f, sig, in, lin, moved, outs, pos, alpha)
}

// Pair trains skip-gram's pair: the input in against its drawn targets,
// the rows of targets in rows, the first a positive, scored one after
// another in one pass as word2vec.c scores a pair, for every form; then
// the input takes its step (StepInput). It adds each target's loss to loss
// and returns the sum, and adds a bias form's two biases to the product one
// after the other: a seeded run's pairs sum as they always have, bit for
// bit.
func (s *Single) Pair(f *Form, sig *kernel.SigmoidTable, in []float32, rows *hogwild.Rows, targets []int32, alpha, loss float32) float32 {
	lin, moved := s.inputs(f, in)
	if f.Bias {
		loss = s.biasPair(sig, in, lin, moved, rows, targets, alpha, loss)
	} else {
		n := len(in)
		lin, moved, acc := lin[:n], moved[:n], s.Acc[:n]
		for j, t := range targets {
			out := rows.At(t)[:n]
			g, l := sig.Gradient(kernel.Dot(lin, out), j == 0, alpha)
			loss += l
			kernel.PairUpdate(acc, out, moved, g)
		}
	}
	f.StepInput(in, s.Acc[:len(in)])
	return loss
}

// biasPair is Pair's targets for a form with a bias (SIPS): the last
// coordinate of the input and of each target adds to the score, and each
// moves by the gradient.
func (s *Single) biasPair(sig *kernel.SigmoidTable, in, lin, moved []float32, rows *hogwild.Rows, targets []int32, alpha, loss float32) float32 {
	p := len(in) - 1
	acc := s.Acc[:p+1]
	for j, t := range targets {
		out := rows.At(t)
		x := kernel.Dot(lin[:p], out[:p])
		x = x + in[p] + out[p]
		g, l := sig.Gradient(x, j == 0, alpha)
		loss += l
		kernel.PairUpdate(acc[:p], out[:p], moved[:p], g)
		acc[p] += g
		out[p] += g
	}
	return loss
}

// inputs returns in as scored (W * in) and as the output rows move by it
// (U * in), and clears s.Acc.
func (s *Single) inputs(f *Form, in []float32) (lin, moved []float32) {
	dim := len(in)
	lin, moved = in, in
	if f.W != nil {
		lin = s.lin[:dim]
		kernel.ScaleInto(lin, f.W, in)
		moved = lin
	}
	if f.U != nil {
		moved = s.moved[:dim]
		kernel.ScaleInto(moved, f.U, in)
	}
	clear(s.Acc[:dim])
	return lin, moved
}

// each scores in (lin as scored, moved as the outputs move by) against
// outs one after another, into s.Acc, cleared.
func (s *Single) each(f *Form, sig *kernel.SigmoidTable, in, lin, moved []float32, outs [][]float32, pos []bool, alpha float32) (loss float32) {
	dim := len(in)
	p := dim
	if f.Bias {
		p-- // the bias coordinate is scored apart
	}
	acc := s.Acc[:dim]
	for j, out := range outs {
		x := kernel.Dot(lin[:p], out[:p])
		if f.Bias {
			x += in[p] + out[p]
		}
		g, l := sig.Gradient(x, pos[j], alpha)
		loss += l
		kernel.PairUpdate(acc[:p], out[:p], moved[:p], g)
		if f.Bias {
			acc[p] += g
			out[p] += g
		}
	}
	return loss
}

// ScoreStep is Score, then f.StepRows(steps, s.Acc, ones): CBOW's window,
// its context rows moved by the mean's gradient. A plain form does both
// in the pass that moves the output rows (kernel.ScorePairsStep).
func (s *Single) ScoreStep(f *Form, sig *kernel.SigmoidTable, in []float32, outs [][]float32, pos []bool, alpha float32, steps [][]float32, ones []float32) (loss float32) {
	if f.plain() {
		acc := s.Acc[:len(in)]
		clear(acc)
		return kernel.ScorePairsStep(sig, acc, in, outs, pos, alpha, steps)
	}
	loss = s.Score(f, sig, in, outs, pos, alpha)
	f.StepRows(steps, s.Acc, ones)
	return loss
}

// A Loss scores an input against all its output rows together, where an
// output layer's loss is not the logistic loss of each row alone (a
// softmax over the rows). Score's logistic loss needs none.
type Loss interface {
	// Gradients sets g[j], the step of output j's score (alpha times the
	// loss's negative derivative), from the scores x and whether each
	// output is a positive, and returns the loss.
	Gradients(x []float32, pos []bool, alpha float32, g []float32) float32
}

// ScoreJoint is Score under the loss l: every output is scored first, l
// turns the scores into steps, and then the rows move as Score moves
// them.
func (s *Single) ScoreJoint(f *Form, l Loss, in []float32, outs [][]float32, pos []bool, alpha float32) float32 {
	dim := len(in)
	p := dim
	if f.Bias {
		p--
	}
	lin, moved := s.inputs(f, in)
	acc := s.Acc[:dim]
	s.xs, s.gs = slices.Grow(s.xs[:0], len(outs))[:len(outs)], slices.Grow(s.gs[:0], len(outs))[:len(outs)]
	for j, out := range outs {
		s.xs[j] = kernel.Dot(lin[:p], out[:p])
		if f.Bias {
			s.xs[j] += in[p] + out[p]
		}
	}
	loss := l.Gradients(s.xs, pos, alpha, s.gs)
	for j, out := range outs {
		g := s.gs[j]
		kernel.PairUpdate(acc[:p], out[:p], moved[:p], g)
		if f.Bias {
			acc[p] += g
			out[p] += g
		}
	}
	return loss
}
