package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/linear"
)

// CBOW (Options.CBOW) is word2vec's continuous bag of words: the mean h of
// a window's context rows is scored against the centre word (and its noise
// words, or its path in the Huffman tree) under the model's own
// similarity, s(h, c), and every context row moves by the whole gradient
// of h, not its share, as word2vec.c and gensim (cbow_mean=1) move them.
// For a model linear in each row the mean is a row of the model: SIPS's
// bias is the mean of the biases, WIPS's lambda weighs h as any row.

// cbowArchitecture is CBOW (Options.CBOW): the mean of a window's context
// rows, or of every row of their bags, scored against the centre word.
var cbowArchitecture = architecture{
	uses: func(o *Options) bool { return o.CBOW },
	plain: func(s *kernelSetup, a *hogwild.Scratch) linearKernel {
		return newCBOW(a, s.model.Dim, s.opt.Window, s.outputs)
	},
	bagged: func(s *kernelSetup, a *hogwild.Scratch, oneView bool) linearKernel {
		if oneView {
			return newBagCBOW(a, s.model.Dim, s.opt.Window, s.outputs)
		}
		return newCBOW(a, s.model.Dim, s.opt.Window, s.outputs)
	},
}

// cbowKernel trains a window as one example.
type cbowKernel struct {
	linForm
	linear.Single
	outs [][]float32 // the output rows
	pos  []bool      // whether each is a positive
	mean []float32   // the window's mean context row
	ins  [][]float32 // the context rows, when they are word rows
	ones []float32   // a weight of 1 for each, to step them with AxpyRows where the form is unweighted but not plain (SIPS)
}

func newCBOW(a *hogwild.Scratch, dim, window, targets int) *cbowKernel {
	k := &cbowKernel{Single: linear.NewSingle(a, dim), outs: a.Rows(targets), pos: a.Bools(targets), mean: a.Float32s(dim),
		ins: a.Rows(2 * window), ones: a.Float32s(2 * window)}
	for i := range k.ones {
		k.ones[i] = 1
	}
	return k
}

func (k *cbowKernel) window(s *step, center int32, ctxs []int32, alpha float32) float32 {
	if len(ctxs) == 0 {
		return 0
	}
	h := k.mean[:len(k.Acc)]
	// Word rows are averaged and later stepped in one call each, not one
	// per context: a window is small, and a call costs as much as a short
	// row.
	ins := k.ins[:0]
	if s.Bags == nil {
		for _, c := range ctxs {
			ins = append(ins, s.In.At(c))
		}
		kernel.MeanRows(h, ins)
	} else {
		subwordMean(s, h, ctxs)
	}
	outs, pos := s.WindowOutputs(center, k.outs[:0], k.pos[:0])
	var loss float32
	switch {
	case s.Bags != nil:
		loss = score(&k.Single, &k.Form, s, h, outs, pos, alpha)
		for _, c := range ctxs {
			s.StepRows(&k.Form, c, k.Acc)
		}
	case s.Loss != nil:
		loss = k.ScoreJoint(&k.Form, s.Loss, h, outs, pos, alpha)
		k.StepRows(ins, k.Acc, k.ones)
	default:
		loss = k.ScoreStep(&k.Form, s.Sig, h, outs, pos, alpha, ins, k.ones)
	}
	if k.DW != nil {
		kernel.MulAdd(k.DW, h, k.Acc) // the weights' gradient, h * acc
	}
	return loss
}

// subwordMean sets h to fastText's CBOW input, the mean of every row of
// every context, and returns it.
func subwordMean(s *step, h []float32, ctxs []int32) []float32 {
	clear(h)
	n := 0
	for _, c := range ctxs {
		for _, r := range s.Bags.Of(c) {
			kernel.Axpy(h, s.In.At(r), 1)
			n++
		}
	}
	kernel.Scale(h, 1/float32(n))
	return h
}
