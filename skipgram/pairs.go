package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	hufftree "github.com/wipsvec/wipsvec/skipgram/huffman"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/linear"
)

// huffman is hierarchical softmax's tree (Options.HS, package huffman):
// every word's path of inner nodes.
type huffman = hufftree.Tree

// newHuffman builds the tree over counts, a vocabulary's, in decreasing
// order.
func newHuffman(counts []int64) *huffman { return hufftree.New(counts) }

// pairsLinear is skip-gram pair by pair (Batch false) beyond a model's
// own kernel: with hierarchical softmax each context is scored against the
// centre word's path, then, with negative sampling, against the centre
// word and its own noise words, as word2vec.c scores a pair; with subwords
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
	composed
}

func newPairsLinear(a *hogwild.Scratch, dim, targets int) *pairsLinear {
	return &pairsLinear{Single: linear.NewSingle(a, dim), outs: a.Rows(targets), pos: a.Bools(targets), comp: a.Float32s(dim)}
}

func (k *pairsLinear) window(s *step, center int32, ctxs []int32, alpha float32) (loss float32) {
	outs, pos := k.outs[:0], k.pos[:0]
	if s.Huff != nil {
		nodes, left := s.Huff.Path(center)
		for i, n := range nodes {
			outs = append(outs, s.Tree.At(s.Huff.Row(n)))
			pos = append(pos, left[i])
		}
	}
	path := len(outs)
	for c, targets := range s.Contexts(center, ctxs) {
		outs, pos = outs[:path], pos[:path]
		if s.Sub != nil {
			if s.OneMatrix() {
				loss += k.composedPair(s, center, c, targets[1:], alpha)
				continue
			}
			// fastText's skipgram: the centre word's subwords predict
			// the context, composed anew for each pair.
			outs, pos = append(outs, s.Out.At(c)), append(pos, true)
			for _, t := range targets[1:] {
				outs, pos = append(outs, s.Out.At(t)), append(pos, false)
			}
			in := s.Compose(k.comp[:len(k.Acc)], center)
			loss += k.Score(&k.Form, s.Sig, in, outs, pos, alpha)
			if k.DW != nil {
				kernel.MulAdd(k.DW, in, k.Acc) // WIPS's lambda: the composed input is the one scored
			}
			s.StepRows(&k.Form, center, k.Acc)
			continue
		}
		if s.Negative > 0 {
			for j, t := range targets {
				outs = append(outs, s.Out.At(t))
				pos = append(pos, j == 0)
			}
		}
		in := s.In.At(c)
		loss += k.Score(&k.Form, s.Sig, in, outs, pos, alpha)
		if k.DW != nil {
			kernel.MulAdd(k.DW, in, k.Acc)
		}
		k.Step(in, k.Acc)
	}
	return loss
}
