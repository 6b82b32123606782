package skipgram

import (
	"fmt"

	"github.com/wipsvec/wipsvec/skipgram/fasttext"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/window"
	"github.com/wipsvec/wipsvec/vocab"
)

// Subword rows (Options.Subwords) are fastText's: a word's input vector is
// the mean of its own row and its character n-grams' rows (package
// subword hashes them into Bucket rows after the words'), and every one of
// them moves by the whole gradient of the mean, as fastText moves them
// (Model::update, which divides the gradient only for supervised models).
// The rows are those fastText would use for the same word, so that the
// model written as a fastText .bin composes the same vectors there.

// subwordRepresentation is fastText's subwords as a row representation.
type subwordRepresentation struct{}

func (subwordRepresentation) uses(o *Options) bool     { return o.Subwords.Enabled() }
func (subwordRepresentation) extraRows(o *Options) int { return o.Subwords.Bucket }

func (subwordRepresentation) check(o *Options) error {
	if noMean := o.Model.def().noMean; noMean != "" {
		return fmt.Errorf("-maxn %d has no meaning for %s: a word's vector would be the mean of its n-grams' rows, and %s", o.Subwords.Maxn, o.Model, noMean)
	}
	return o.Subwords.Validate()
}

func (subwordRepresentation) bags(o *Options, words []string) *window.Bags {
	return window.NewBags(len(words), func(dst []int32, w int32) []int32 {
		return o.Subwords.AppendWordRows(dst, w, words[w], len(words))
	})
}

// tableBytes: each word's rows, its own and its n-grams', about one per
// character for each n-gram length, 4 bytes each.
func (subwordRepresentation) tableBytes(o *Options, words int) int64 {
	return int64(words) * 4 * int64(2+10*(o.Subwords.Maxn-o.Subwords.Minn+1))
}

// A one-view model with subwords (IPS, SIPS, IPDS, WIPS: one matrix of
// word rows then bucket rows) composes every word of a pair: the centre
// word, its context and its noise words are each the mean of their rows,
// scored under the model's form, and every row of each moves by the whole
// gradient of its mean. Its written vectors, the composed ones, are then
// what it trained; composing the centre word alone, as SG does, scored far
// lower (docs/subwords.md has the measurement).

// composed is pairsLinear's scratch for composedPair, made at its first
// pair: a one-view run's alone needs it.
type composed struct {
	words []int32     // the pair's targets: the context, then the noise words
	rows  [][]float32 // each target's composed vector, scored and moved, then as it was
}

// composedPair trains the pair (center, c) with its noise words, every one
// composed, and returns its loss.
func (k *pairsLinear) composedPair(s *step, center, c int32, noise []int32, alpha float32) float32 {
	dim := len(k.Acc)
	k.words = append(append(k.words[:0], c), noise...)
	for len(k.rows) < 2*len(k.words) {
		k.rows = append(k.rows, make([]float32, dim))
	}
	outs, pos := k.outs[:0], k.pos[:0]
	for j, w := range k.words {
		o := s.Compose(k.rows[2*j], w)
		copy(k.rows[2*j+1], o)
		outs, pos = append(outs, o), append(pos, j == 0)
	}
	in := s.Compose(k.comp[:dim], center)
	loss := k.Score(&k.Form, s.Sig, in, outs, pos, alpha)
	if k.DW != nil {
		kernel.MulAdd(k.DW, in, k.Acc) // WIPS's lambda: at the composed vectors scored
	}
	for j, w := range k.words {
		d := outs[j]
		kernel.Axpy(d, k.rows[2*j+1], -1) // the target's step, as Score took it
		s.AddRows(w, d)
	}
	s.StepRows(&k.Form, center, k.Acc)
	return loss
}

// subwordWindow is skip-gram with subwords in batch windows: the centre
// word's input, composed once, is scored against every context of its
// window (fastText's orientation: the centre word's subwords predict the
// contexts), each context's rows as the output layers give them
// (Step.PairOutputs: the context's output row, or its path in the tree),
// and against one draw of noise words shared by them, which counts once
// per context; its rows move once per window by the summed gradient.
// fastText composes the input and moves every one of its rows once per
// pair: at -window W, W+1 times as often on average.
type subwordWindow struct {
	linForm
	h, acc []float32
	outs   [][]float32 // a context's output rows
	pos    []bool      // whether each is a positive
	one    []int32     // a context, as the layers take a pair's targets
}

func newSubwordWindow(a *hogwild.Scratch, dim, targets int) *subwordWindow {
	return &subwordWindow{h: a.Float32s(dim), acc: a.Float32s(dim), outs: a.Rows(targets), pos: a.Bools(targets), one: a.Int32s(1)}
}

func (k *subwordWindow) window(s *step, center int32, ctxs []int32, alpha float32) (loss float32) {
	if len(ctxs) == 0 {
		return 0
	}
	sig := s.Sig
	h := s.Compose(k.h, center)
	acc := k.acc[:len(h)]
	clear(acc)
	for _, c := range ctxs {
		k.one[0] = c
		outs, pos := s.PairOutputs(k.one, k.outs[:0], k.pos[:0])
		for j, out := range outs {
			g, l := sig.Gradient(kernel.Dot(h, out), pos[j], alpha)
			loss += l
			kernel.PairUpdate(acc, out, h, g)
		}
	}
	if s.Negative > 0 {
		m := float32(len(ctxs))
		for _, n := range s.WindowTargets(center)[1:] {
			out := s.Out.At(n)
			g, l := sig.Gradient(kernel.Dot(h, out), false, alpha)
			loss += m * l
			kernel.PairUpdate(acc, out, h, m*g)
		}
	}
	s.StepRows(&k.Form, center, acc)
	if s.Look.More { // the next centre word's rows, for writing
		for _, r := range s.Bags.Of(s.Look.NextRows[0]) {
			kernel.PrefetchW(s.In.At(r))
		}
	}
	return loss
}

// FastText is m, trained with opt on the text src describes, whose
// vocabulary is v, as fastText's model file holds it (package fasttext):
// its arguments, the words with their counts, the input rows (words, then
// the n-grams' buckets) and the output rows (a one-view model's word rows
// again), sharing m's memory. fastText and gensim then compose from it the
// vectors m composes; they score them by cosine, not by m's similarity.
// Without subwords the input rows are the words' alone (maxn and bucket 0,
// as fastText's -maxn 0 writes them); with hierarchical softmax the loss
// is recorded as hs, and the output rows are still the words'.
func (m *Model) FastText(v *vocab.Vocab, opt Options, src Source) *fasttext.Model {
	a := fasttext.DefaultArgs(m.Dim)
	a.WS, a.Epoch, a.Neg, a.T = int32(opt.Window), int32(opt.Iter), int32(opt.Negative), opt.Sample
	a.MinCount = int32(min(src.MinCount, 1<<31-1))
	a.Bucket, a.Minn, a.Maxn = int32(m.Subwords.Bucket), int32(m.Subwords.Minn), int32(m.Subwords.Maxn)
	if opt.CBOW {
		a.Model = fasttext.CBOW
	}
	if opt.HS {
		a.Loss = fasttext.LossHS
	}
	words := make([]fasttext.Entry, v.Len())
	for i, w := range v.Words {
		words[i] = fasttext.Entry{Word: w, Count: v.Counts[i]}
	}
	out := m.Out
	if out == nil {
		out = m.In // a one-view model's targets are its word rows, the first of In
	}
	return &fasttext.Model{Args: a, Words: words, Tokens: src.Corpus.Tokens,
		Input:  fasttext.Matrix{Rows: m.inRows(), Cols: m.Dim, Stride: m.Stride, Data: m.In},
		Output: fasttext.Matrix{Rows: m.Words, Cols: m.Dim, Stride: m.Stride, Data: out}}
}
