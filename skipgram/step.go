package skipgram

import (
	"iter"

	"github.com/wipsvec/wipsvec/skipgram/graphdata"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/linear"
	"github.com/wipsvec/wipsvec/vocab"
)

// windowKernel trains one centre word against the context words of its
// window. It is the one place a similarity model differs from another: the
// loop over the corpus, subsampling, the window and the draws are shared.
// It sees only the step: the rows it may read and write, the sigmoid
// table, its scratch, and the targets the step draws for it. It is called
// once per centre word, so the interface call is paid per window, not per
// pair.
type windowKernel interface {
	window(s *step, center int32, ctxs []int32, alpha float32) (loss float32)
}

// A kernelSetup is what a model's kernels are made from (modelDef.kernels):
// the run's parameters and settings, and how many output rows one window
// scores. The run makes it once; each worker's kernel then takes its
// buffers from the worker's scratch.
type kernelSetup struct {
	model    *Model
	opt      *Options
	outputs  int  // the most output rows a window scores (step.windowOutputs)
	subwords bool // a word's input is the mean of its subword rows
}

// step is what a kernel sees of the worker that runs it: the rows, the
// sigmoid table, the scratch, and the targets of each context, drawn one
// context (or window) ahead so that their rows are fetched while the
// current one trains. A worker holds one and hands it to every window.
type step struct {
	in, out hogwild.Rows // the matrices as this worker trains them (hot.go)
	tree    hogwild.Rows // with hierarchical softmax: the inner nodes' rows
	sig     *kernel.SigmoidTable
	acc     []float32    // gradient accumulated for the input row
	tmp     []float32    // IPDS, WIPS: the transformed input row
	sub     *subwordRows // with subwords: every word's input rows

	// What the targets are drawn with.
	rng      kernel.RNG
	noise    *vocab.Noise
	negative int                  // noise words per target draw (Options.Negative)
	huff     *huffman             // with hierarchical softmax: every word's path
	adj      *graphdata.Adjacency // a graph's links, never drawn as negatives (nil: none)
	look     lookahead
	edge     edgeDraws // graphs
}

// lookahead is a worker's targets, drawn one context (or one window)
// ahead so that their rows are fetched while the current one trains.
type lookahead struct {
	targets  []int32  // the current targets: centre word, then noise words
	next     []int32  // the next context's targets, or a batch window's next noise words
	more     bool     // text: another window of the sentence follows this one
	nextRows [2]int32 // text: the next window's centre word and the context it brings in (-1: none)
	noiseOK  bool     // batch windows: next holds the noise words drawn for this window
	share    int      // batch windows: how many windows a draw of noise words serves (Options.SharedNoise)
	reuse    int      // batch windows: how many more windows the noise words in next serve
}

// edgeDraws is what a worker on a graph's edges draws its targets with.
type edgeDraws struct {
	ahead     []int32 // the next edge's targets, drawn ahead for prefetching
	drawn     bool    // look.targets already holds the targets of the coming window
	avoid     []int32 // the context's neighbours, never drawn as its negatives (nil for text)
	avoidNode int32   // the context whose neighbours avoid lists
}

// targets returns the centre word followed by the context's noise words. A
// draw that hits the centre word is skipped rather than redrawn, as in
// word2vec.c.
func (s *step) targets(center int32) []int32 {
	s.look.targets = s.drawTargets(s.look.targets[:0], center)
	return s.look.targets
}

// windowTargets returns a batch window's targets: the centre word, then
// the noise words drawn one window ahead (a draw of the centre word
// skipped). It then draws the next window's noise words and prefetches
// their rows, with the next centre word's and that of the context the next
// window brings in (trainSentence names both in nextRows), which arrive
// while this window computes: without it the window waits for its rows one
// after another. The rows are
// fetched for writing: the frequent words' were often written last by
// another thread. The draws are as many and as distributed as without the
// look-ahead, taken from the random stream in another order. The last
// window of a sentence draws none ahead, so no draw outlives its sentence
// (and a snapshot, taken between blocks, needs only the random state).
//
// A draw serves Options.SharedNoise windows in a row, counted from the
// sentence's first: the windows after the first find its rows already in
// this core's cache, written by it last, and draw nothing.
func (s *step) windowTargets(center int32) []int32 {
	if !s.look.noiseOK {
		s.look.next = s.drawNoise(s.look.next[:0])
		s.look.reuse = s.look.share - 1
	}
	t := append(s.look.targets[:0], center)
	for _, n := range s.look.next {
		if n != center {
			t = append(t, n)
		}
	}
	s.look.targets = t
	s.look.noiseOK = s.look.more
	if s.look.more {
		if s.look.reuse > 0 {
			s.look.reuse--
		} else {
			s.look.next = s.drawNoise(s.look.next[:0])
			s.look.reuse = s.look.share - 1
			for _, n := range s.look.next {
				kernel.PrefetchW(s.out.At(n))
			}
		}
		kernel.PrefetchW(s.out.At(s.look.nextRows[0]))
		if c := s.look.nextRows[1]; c >= 0 {
			kernel.PrefetchW(s.in.At(c))
		}
	}
	return t
}

// windowOutputs appends to outs the output rows a window scores its
// input against, and to pos whether each is a positive: with hierarchical
// softmax the inner nodes on the centre word's path, positive where the
// word lies under their 0 branch; then, with negative sampling, the centre
// word's output row and its noise words' (windowTargets).
func (s *step) windowOutputs(center int32, outs [][]float32, pos []bool) ([][]float32, []bool) {
	if t := s.huff; t != nil {
		nodes, left := t.Path(center)
		for i, n := range nodes {
			outs = append(outs, s.tree.At(t.Row(n)))
			pos = append(pos, left[i])
		}
	}
	if s.negative > 0 {
		for j, t := range s.windowTargets(center) {
			outs = append(outs, s.out.At(t))
			pos = append(pos, j == 0)
		}
	}
	return outs, pos
}

// drawNoise appends Options.Negative draws from the noise distribution.
func (s *step) drawNoise(t []int32) []int32 {
	for range s.negative {
		t = append(t, s.noise.Sample(s.rng.Next()))
	}
	return t
}

// contexts yields each context of a window with its targets, the centre word
// then the noise words, and draws the next context's targets and prefetches
// its rows, for writing, while the kernel trains the current one: the rows
// are random, and waiting for memory is the largest cost left once the
// arithmetic is vectorised. The draws come in the order they would without
// the look-ahead, so results are the same. A graph's edge has its targets
// drawn ahead by trainEdges (drawn).
func (s *step) contexts(center int32, ctxs []int32) iter.Seq2[int32, []int32] {
	return func(yield func(int32, []int32) bool) {
		if s.edge.drawn {
			s.edge.drawn = false
		} else {
			s.look.targets = s.drawTargets(s.look.targets[:0], center)
		}
		for i, c := range ctxs {
			if i+1 < len(ctxs) {
				s.look.next = s.drawTargets(s.look.next[:0], center)
				kernel.PrefetchW(s.in.At(ctxs[i+1]))
				for _, t := range s.look.next {
					kernel.PrefetchW(s.out.At(t))
				}
			}
			if !yield(c, s.look.targets) {
				return
			}
			s.look.targets, s.look.next = s.look.next, s.look.targets
		}
	}
}

// drawTargets appends the centre word and the noise words to t.
func (s *step) drawTargets(t []int32, center int32) []int32 {
	if s.edge.avoid != nil {
		return s.drawTargetsAvoiding(t, center)
	}
	t = append(t, center)
	for range s.negative {
		if n := s.noise.Sample(s.rng.Next()); n != center {
			t = append(t, n)
		}
	}
	return t
}

// drawTargetsAvoiding is drawTargets for a graph context: a draw that is
// the centre or linked to the context s.edge.avoidNode is skipped.
func (s *step) drawTargetsAvoiding(t []int32, center int32) []int32 {
	t = append(t, center)
	adj, u, own := s.adj, s.edge.avoidNode, s.edge.avoid
	for range s.negative {
		if n := s.noise.Sample(s.rng.Next()); n != center && !adj.Linked(u, own, n) {
			t = append(t, n)
		}
	}
	return t
}

// compose sets dst to word c's input vector, the mean of its subword rows
// as the worker trains them, and returns it.
func (s *step) compose(dst []float32, c int32) []float32 {
	rows := s.sub.Of(c)
	copy(dst, s.in.At(rows[0]))
	for _, r := range rows[1:] {
		kernel.Axpy(dst, s.in.At(r), 1)
	}
	inv := 1 / float32(len(rows))
	for i := range dst {
		dst[i] *= inv
	}
	return dst
}

// stepRows moves every input row of word c by the gradient acc, as the
// form says.
func (s *step) stepRows(f *linear.Form, c int32, acc []float32) {
	for _, r := range s.sub.Of(c) {
		f.Step(s.in.At(r), acc)
	}
}
