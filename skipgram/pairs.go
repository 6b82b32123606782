package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/linear"
)

// pairsArchitecture is skip-gram pair by pair, word2vec.c's: every run
// that takes no other architecture. Its one kernel takes words and bags.
var pairsArchitecture = architecture{
	uses: func(*Options) bool { return true },
	plain: func(s *kernelSetup, a *hogwild.Scratch) linearKernel {
		return newPairsLinear(a, s.model.Dim, s.outputs, s.drawnPairs)
	},
}

// pairsLinear is skip-gram pair by pair (Batch false), every context
// scored against the output layers' rows for the centre word
// (Step.PairOutputs): with hierarchical softmax the centre word's path,
// then, with negative sampling, the centre word and its own noise words,
// as word2vec.c scores a pair (negative sampling alone in one pass,
// linear.Single.Pair); with subwords
// the centre word's composed input is scored against the context and the
// noise words, as fastText scores a pair, and each of its rows moves; a
// one-view model composes the context and the noise words too
// (composedPair).
type pairsLinear struct {
	linForm
	linear.Single
	outs [][]float32 // the output rows
	pos  []bool      // whether each is a positive
	comp []float32   // with subwords: the centre word's composed input
	pair []int32     // with subwords: a pair's targets, the context predicted then the noise words
	// drawn: a pair's outputs are its drawn targets alone (the step's one
	// output layer is drawn), scored one after another as word2vec.c
	// scores them (linear.Single.Pair).
	drawn bool
	composed
}

func newPairsLinear(a *hogwild.Scratch, dim, targets int, drawn bool) *pairsLinear {
	return &pairsLinear{Single: linear.NewSingle(a, dim), outs: a.Rows(targets), pos: a.Bools(targets), comp: a.Float32s(dim), drawn: drawn}
}

func (k *pairsLinear) window(s *step, center int32, ctxs []int32, alpha float32) (loss float32) {
	for c, targets := range s.Contexts(center, ctxs) {
		if s.Bags != nil {
			if s.OneMatrix() {
				loss += k.composedPair(s, center, c, targets[1:], alpha)
				continue
			}
			// fastText's skipgram: the centre word's subwords predict
			// the context, composed anew for each pair.
			k.pair = append(append(k.pair[:0], c), targets[1:]...)
			outs, pos := s.PairOutputs(k.pair, k.outs[:0], k.pos[:0])
			in := s.Compose(k.comp[:len(k.Acc)], center)
			loss += score(&k.Single, &k.Form, s, in, outs, pos, alpha)
			if k.DW != nil {
				kernel.MulAdd(k.DW, in, k.Acc) // WIPS's lambda: the composed input is the one scored
			}
			s.StepRows(&k.Form, center, k.Acc)
			continue
		}
		in := s.In.At(c)
		if k.drawn {
			loss = k.Pair(&k.Form, s.Sig, in, &s.Out, targets, alpha, loss)
			continue
		}
		outs, pos := s.PairOutputs(targets, k.outs[:0], k.pos[:0])
		loss += score(&k.Single, &k.Form, s, in, outs, pos, alpha)
		k.StepInput(in, k.Acc)
	}
	return loss
}

// score is k.Score under the step's loss: the logistic loss of each output
// row, or the layers' own (window.Step.Loss).
func score(k *linear.Single, f *linear.Form, s *step, in []float32, outs [][]float32, pos []bool, alpha float32) float32 {
	if s.Loss != nil {
		return k.ScoreJoint(f, s.Loss, in, outs, pos, alpha)
	}
	return k.Score(f, s.Sig, in, outs, pos, alpha)
}
