// Package window is what a kernel sees of the run while it trains one
// window: a Step, with the rows it may read and write, the sigmoid table,
// its scratch, and the targets it draws for each context, one context (or
// window) ahead so that their rows are fetched while the current one
// trains. It knows no run, worker or model: a similarity model's kernel
// (package skipgram) is a function of a Step, and a worker fills one and
// hands it to every window.
package window

import (
	"iter"

	"github.com/wipsvec/wipsvec/skipgram/graphdata"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/linear"
	"github.com/wipsvec/wipsvec/vocab"
)

// Step is what a kernel sees of the worker that runs it: the rows, the
// sigmoid table, the scratch, and the targets of each context, drawn one
// context (or window) ahead so that their rows are fetched while the
// current one trains. A worker holds one and hands it to every window.
type Step struct {
	In, Out hogwild.Rows // the matrices as this worker trains them (its replicas' views)
	Sig     *kernel.SigmoidTable
	Acc     []float32 // gradient accumulated for the input row
	Bags    *Bags     // with a row representation (subwords): every word's input rows; nil: a word is its row

	// What the targets are drawn with.
	RNG      kernel.RNG
	Noise    *vocab.Noise
	Negative int                  // noise words per target draw (skipgram.Options.Negative)
	Adj      *graphdata.Adjacency // a graph's links, never drawn as negatives (nil: none)
	Look     Lookahead
	Edge     EdgeDraws // graphs

	// Outputs are the run's output layers, in the order a window scores
	// them; Loss scores an input against all of them at once where their
	// loss is not the logistic loss of each row alone (nil: it is).
	Outputs []Output
	Loss    linear.Loss
}

// An Output is a worker's view of one output layer: the rows an input is
// scored against, and whether each is a positive. Kernels ask the step's
// layers (WindowOutputs, PairOutputs) and never which layers they are.
type Output interface {
	// Targets appends to outs the rows that the input predicting word is
	// scored against, and to pos whether each is a positive. drawn is a
	// pair's targets as Contexts drew them (the predicted word, then the
	// noise words); nil for a window's input (batch windows, CBOW), whose
	// noise words WindowTargets draws.
	Targets(s *Step, word int32, drawn []int32, outs [][]float32, pos []bool) ([][]float32, []bool)
}

// Lookahead is a worker's targets, drawn one context (or one window)
// ahead so that their rows are fetched while the current one trains.
type Lookahead struct {
	Targets  []int32  // the current targets: centre word, then noise words
	Next     []int32  // the next context's targets, or a batch window's next noise words
	More     bool     // text: another window of the sentence follows this one
	NextRows [2]int32 // text: the next window's centre word and the context it brings in (-1: none)
	NoiseOK  bool     // batch windows: next holds the noise words drawn for this window
	Share    int      // batch windows: how many windows a draw of noise words serves (the plan's ShareNoise)
	Reuse    int      // batch windows: how many more windows the noise words in next serve
}

// EdgeDraws is what a worker on a graph's edges draws its targets with.
type EdgeDraws struct {
	Ahead     []int32 // the next edge's targets, drawn ahead for prefetching
	Drawn     bool    // Look.Targets already holds the targets of the coming window
	Avoid     []int32 // the context's neighbours, never drawn as its negatives (nil for text)
	AvoidNode int32   // the context whose neighbours avoid lists
}

// Targets returns the centre word followed by the context's noise words. A
// draw that hits the centre word is skipped rather than redrawn, as in
// word2vec.c.
func (s *Step) Targets(center int32) []int32 {
	s.Look.Targets = s.DrawTargets(s.Look.Targets[:0], center)
	return s.Look.Targets
}

// WindowTargets returns a batch window's targets: the centre word, then
// the noise words drawn one window ahead (a draw of the centre word
// skipped). It then draws the next window's noise words and prefetches
// their rows, with the next centre word's and that of the context the next
// window brings in (the worker names both in Look.NextRows), which arrive
// while this window computes: without it the window waits for its rows one
// after another. The rows are
// fetched for writing: the frequent words' were often written last by
// another thread. The draws are as many and as distributed as without the
// look-ahead, taken from the random stream in another order. The last
// window of a sentence draws none ahead, so no draw outlives its sentence
// (and a snapshot, taken between blocks, needs only the random state).
//
// A draw serves Look.Share windows in a row, counted from the
// sentence's first: the windows after the first find its rows already in
// this core's cache, written by it last, and draw nothing.
func (s *Step) WindowTargets(center int32) []int32 {
	if !s.Look.NoiseOK {
		s.Look.Next = s.DrawNoise(s.Look.Next[:0])
		s.Look.Reuse = s.Look.Share - 1
	}
	t := append(s.Look.Targets[:0], center)
	for _, n := range s.Look.Next {
		if n != center {
			t = append(t, n)
		}
	}
	s.Look.Targets = t
	s.Look.NoiseOK = s.Look.More
	if s.Look.More {
		if s.Look.Reuse > 0 {
			s.Look.Reuse--
		} else {
			s.Look.Next = s.DrawNoise(s.Look.Next[:0])
			s.Look.Reuse = s.Look.Share - 1
			for _, n := range s.Look.Next {
				kernel.PrefetchW(s.Out.At(n))
			}
		}
		kernel.PrefetchW(s.Out.At(s.Look.NextRows[0]))
		if c := s.Look.NextRows[1]; c >= 0 {
			kernel.PrefetchW(s.In.At(c))
		}
	}
	return t
}

// WindowOutputs appends to outs the output rows a window's input is
// scored against, and to pos whether each is a positive: every layer's, in
// the order of Outputs (hierarchical softmax's path of the centre word,
// then negative sampling's centre word and noise words).
func (s *Step) WindowOutputs(center int32, outs [][]float32, pos []bool) ([][]float32, []bool) {
	for _, o := range s.Outputs {
		outs, pos = o.Targets(s, center, nil, outs, pos)
	}
	return outs, pos
}

// PairOutputs is WindowOutputs for one pair, whose targets drawn are the
// predicted word and its noise words (Contexts).
func (s *Step) PairOutputs(drawn []int32, outs [][]float32, pos []bool) ([][]float32, []bool) {
	for _, o := range s.Outputs {
		outs, pos = o.Targets(s, drawn[0], drawn, outs, pos)
	}
	return outs, pos
}

// DrawNoise appends Negative draws from the noise distribution.
func (s *Step) DrawNoise(t []int32) []int32 {
	for range s.Negative {
		t = append(t, s.Noise.Sample(s.RNG.Next()))
	}
	return t
}

// Contexts yields each context of a window with its targets, the centre word
// then the noise words, and draws the next context's targets and prefetches
// its rows, for writing, while the kernel trains the current one: the rows
// are random, and waiting for memory is the largest cost left once the
// arithmetic is vectorised. The draws come in the order they would without
// the look-ahead, so results are the same. A graph's edge has its targets
// drawn ahead by the worker that trains it (Edge.Drawn).
func (s *Step) Contexts(center int32, ctxs []int32) iter.Seq2[int32, []int32] {
	return func(yield func(int32, []int32) bool) {
		if s.Edge.Drawn {
			s.Edge.Drawn = false
		} else {
			s.Look.Targets = s.DrawTargets(s.Look.Targets[:0], center)
		}
		for i, c := range ctxs {
			if i+1 < len(ctxs) {
				s.Look.Next = s.DrawTargets(s.Look.Next[:0], center)
				kernel.PrefetchW(s.In.At(ctxs[i+1]))
				for _, t := range s.Look.Next {
					kernel.PrefetchW(s.Out.At(t))
				}
			}
			if !yield(c, s.Look.Targets) {
				return
			}
			s.Look.Targets, s.Look.Next = s.Look.Next, s.Look.Targets
		}
	}
}

// DrawTargets appends the centre word and the noise words to t.
func (s *Step) DrawTargets(t []int32, center int32) []int32 {
	if s.Edge.Avoid != nil {
		return s.drawTargetsAvoiding(t, center)
	}
	t = append(t, center)
	for range s.Negative {
		if n := s.Noise.Sample(s.RNG.Next()); n != center {
			t = append(t, n)
		}
	}
	return t
}

// drawTargetsAvoiding is DrawTargets for a graph context: a draw that is
// the centre or linked to the context s.Edge.AvoidNode is skipped.
func (s *Step) drawTargetsAvoiding(t []int32, center int32) []int32 {
	t = append(t, center)
	adj, u, own := s.Adj, s.Edge.AvoidNode, s.Edge.Avoid
	for range s.Negative {
		if n := s.Noise.Sample(s.RNG.Next()); n != center && !adj.Linked(u, own, n) {
			t = append(t, n)
		}
	}
	return t
}

// Compose sets dst to word c's input vector, the mean of its subword rows
// as the worker trains them, and returns it.
func (s *Step) Compose(dst []float32, c int32) []float32 {
	rows := s.Bags.Of(c)
	copy(dst, s.In.At(rows[0]))
	for _, r := range rows[1:] {
		kernel.Axpy(dst, s.In.At(r), 1)
	}
	inv := 1 / float32(len(rows))
	for i := range dst {
		dst[i] *= inv
	}
	return dst
}

// AddRows adds d to every input row of word c: a composed target's step,
// which its form has already weighed.
func (s *Step) AddRows(c int32, d []float32) {
	for _, r := range s.Bags.Of(c) {
		kernel.Axpy(s.In.At(r), d, 1)
	}
}

// OneMatrix reports whether the input and output rows are one matrix (a
// one-view model's).
func (s *Step) OneMatrix() bool { return &s.In.At(0)[0] == &s.Out.At(0)[0] }

// StepRows moves every input row of word c by the gradient acc, as the
// form says.
func (s *Step) StepRows(f *linear.Form, c int32, acc []float32) {
	for _, r := range s.Bags.Of(c) {
		f.Step(s.In.At(r), acc)
	}
}

// Bags lists every word's input rows, a bag of rows: its own first, then
// those its row representation adds (fastText's n-gram buckets), flat:
// word w's at rows[start[w]:start[w+1]]. A run builds it once and its
// kernels ask it for a word's rows at every window.
type Bags struct {
	start []int32
	rows  []int32
}

// NewBags lists the bags of words words, appendRows appending word w's
// rows to dst.
func NewBags(words int, appendRows func(dst []int32, w int32) []int32) *Bags {
	b := &Bags{start: make([]int32, words+1)}
	for w := range words {
		b.rows = appendRows(b.rows, int32(w))
		b.start[w+1] = int32(len(b.rows))
	}
	return b
}

// Of returns word w's input rows.
func (b *Bags) Of(w int32) []int32 { return b.rows[b.start[w]:b.start[w+1]] }
