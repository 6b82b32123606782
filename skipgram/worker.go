package skipgram

import (
	"iter"
	"math"
	"sync/atomic"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/vocab"
)

// windowKernel trains one centre word against the context words of its
// window, drawing the negatives itself. It is the one place a similarity
// model differs from another: the loop over the corpus, subsampling and the
// window are shared. It is called once per centre word, so the interface call
// is paid per window, not per pair.
type windowKernel interface {
	window(w *worker, center int32, ctxs []int32, alpha float32) (loss float32)
}

// lookahead is a worker's targets, drawn one context (or one window)
// ahead so that their rows are fetched while the current one trains.
type lookahead struct {
	negs     []int32  // the current targets: centre word, then noise words
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
	drawn     bool    // look.negs already holds the targets of the coming window
	avoid     []int32 // the context's neighbours, never drawn as its negatives (nil for text)
	avoidNode int32   // the context whose neighbours avoid lists
}

// worker is one Hogwild thread: its random stream, its scratch buffers and
// the learning rate it last read.
type worker struct {
	_      [hogwild.PageBytes]byte // with the page at the end, keeps the hot fields off other objects' pages (hogwild.Scratch)
	r      *run
	rng    kernel.RNG
	alpha  float32 // the learning rate, refreshed when words are published
	kernel windowKernel

	sentence []int32
	ctxs     []int32
	look     lookahead
	edge     edgeDraws         // graphs
	in, out  hogwild.Rows      // the matrices as this worker trains them (hot.go)
	tree     hogwild.Rows      // with hierarchical softmax: the inner nodes' rows
	cbow     bool              // a window is one example (Options.CBOW), not one per context
	replicas *hogwild.Replicas // its replicas of the rows the workers write most
	id       int               // its place among the run's workers
	turns    *hogwild.Turns    // with the lockstep hook, the workers' turns
	acc      []float32         // gradient accumulated for the input row
	tmp      []float32         // IPDS, WIPS: the transformed input row
	sync     syncer            // the kernel, if it keeps private copies of shared parameters

	words, pairs          int64
	epoch                 int // of the last block claimed; the loss is the last epoch's
	epochLoss, epochPairs float64
	pendingWords          int64 // tokens not yet added to the shared counter
	pendingSync           int64 // tokens since the kernel last synced

	pub     published
	scratch hogwild.Scratch // where its buffers and its kernel's come from
	_       [hogwild.PageBytes]byte
}

// published is what a worker shows the progress reporter, padded so that two
// workers' counters never share a cache line.
type published struct {
	_     [64]byte
	loss  atomic.Uint64 // float64 bits: summed loss
	pairs atomic.Int64
	_     [48]byte
}

// A syncer is a kernel that works on private copies of parameters its run
// shares (WIPS's lambda): sync folds its updates into the shared ones and
// refreshes its copies. The worker calls it every syncWords tokens and when
// it publishes its progress, between sentences or groups of edges, so the
// hot loop never touches a shared cache line.
type syncer interface{ sync() }

func newWorker(r *run, id int, newKernel func(*worker) windowKernel) *worker {
	opt := r.opt
	w := &worker{
		r:     r,
		id:    id,
		alpha: float32(r.alpha(0)),
		rng:   kernel.NewRNG(opt.Seed, uint64(id)),
		epoch: -1,
	}
	w.look.share = opt.SharedNoise()
	w.cbow = opt.CBOW
	a := &w.scratch
	w.sentence = a.Int32s(1024)[:0]
	w.ctxs = a.Int32s(2 * opt.Window)[:0]
	w.look.negs = a.Int32s(1 + opt.Negative)[:0]
	w.look.next = a.Int32s(1 + opt.Negative)[:0]
	w.edge.ahead = a.Int32s(1 + opt.Negative)[:0]
	w.acc = a.Float32s(opt.Dim)
	w.tmp = a.Float32s(opt.Dim)
	w.views()
	w.kernel = newKernel(w)
	w.sync, _ = w.kernel.(syncer)
	return w
}

// run trains the blocks the worker claims until the run's work is done.
// Between two blocks it stops at the run's gate while a snapshot is taken.
func (w *worker) run() {
	defer w.r.gate.Leave(w.r.settle)
	if w.turns != nil {
		w.turns.Wait(w.id)
		defer w.turns.Leave(w.id)
	}
	for w.r.gate.Pass() && !w.r.stop.Load() {
		if n := w.r.hooks.stopAfter; n > 0 && w.r.sched.Claimed() >= n {
			w.r.requestStop()
			continue
		}
		e, b, ok := w.r.sched.Claim()
		if !ok {
			break
		}
		if e != w.epoch {
			w.epoch = e
			w.epochLoss, w.epochPairs = 0, 0
		}
		if g := w.r.graph; g != nil {
			if !w.trainEdges(g, b) {
				break
			}
		} else if !w.trainBlock(&w.r.blocks[b]) {
			break
		}
	}
	w.flush()
	w.replicas.MergeAll()
}

// trainBlock makes one pass over a block; false if the run was stopped.
func (w *worker) trainBlock(b *hogwild.Block) bool {
	keep := w.r.keep
	sen := w.sentence[:0]
	alpha := w.alpha
	for _, piece := range b.Pieces {
		for _, id := range piece {
			if id != vocab.SentenceEnd {
				w.pendingWords++
				if uint32(w.rng.Next()) <= keep[id] {
					sen = append(sen, id)
				}
				continue
			}
			w.trainSentence(sen, alpha)
			if w.turns != nil {
				w.turns.Pass(w.id)
				w.turns.Wait(w.id)
			}
			sen = sen[:0]
			if !w.between() {
				return false
			}
			alpha = w.alpha
		}
	}
	w.trainSentence(sen, alpha)
	w.sentence = sen[:0]
	return true
}

// between syncs the kernel and publishes the worker's progress when each
// is due, between sentences (text) or groups of edges (graphs); false if the
// run was stopped.
func (w *worker) between() bool {
	if w.pendingSync >= syncWords {
		w.syncKernel()
	}
	if w.pendingWords >= chunkWords {
		w.flush()
		return !w.r.stop.Load()
	}
	return true
}

// flush publishes the worker's progress: words to the shared counter that
// drives the learning rate (and reads the rate back), and the kernel's
// private copies to the shared parameters.
func (w *worker) flush() {
	words := w.r.words.Add(w.pendingWords)
	w.words += w.pendingWords
	w.pendingWords = 0
	w.alpha = float32(w.r.alpha(words))
	w.syncKernel()
	w.replicas.Due(chunkWords)
	// The most frequent word's rows are written by every worker, as a
	// context and as a noise word, so a NaN anywhere reaches them within a
	// few windows; checking them here costs two rows per chunk.
	if !finite(w.in.At(0)) || !finite(w.out.At(0)) {
		w.r.diverged.Store(true)
		w.r.stop.Store(true)
	}
}

// syncKernel syncs a kernel that keeps private copies.
func (w *worker) syncKernel() {
	w.pendingSync = 0
	if w.sync != nil {
		w.sync.sync()
	}
}

// trainSentence trains every word of a subsampled sentence as a centre word.
func (w *worker) trainSentence(sen []int32, alpha float32) {
	if len(sen) < 2 {
		return
	}
	window := w.r.opt.Window
	var loss float64
	var pairs int
	for pos, center := range sen {
		// word2vec.c shrinks the window at random to between 1 and window,
		// weighting near contexts more.
		win := window - int(w.rng.Below(uint32(window)))
		lo, hi := max(0, pos-win), min(len(sen), pos+win+1)
		ctxs := w.ctxs[:0]
		for j := lo; j < hi; j++ {
			if j != pos {
				ctxs = append(ctxs, sen[j])
			}
		}
		w.look.more = pos+1 < len(sen)
		if w.look.more {
			w.look.nextRows = [2]int32{sen[pos+1], -1}
			if j := pos + 1 + window; j < len(sen) {
				w.look.nextRows[1] = sen[j]
			}
		}
		loss += float64(w.kernel.window(w, center, ctxs, alpha))
		if w.cbow {
			pairs++
		} else {
			pairs += len(ctxs)
		}
	}
	w.pairs += int64(pairs)
	w.pendingSync += int64(len(sen))
	w.epochLoss += loss
	w.epochPairs += float64(pairs)
	w.pub.loss.Store(math.Float64bits(math.Float64frombits(w.pub.loss.Load()) + loss))
	w.pub.pairs.Add(int64(pairs))
}

// targets returns the centre word followed by the context's noise words. A
// draw that hits the centre word is skipped rather than redrawn, as in
// word2vec.c.
func (w *worker) targets(center int32) []int32 {
	w.look.negs = w.drawTargets(w.look.negs[:0], center)
	return w.look.negs
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
func (w *worker) windowTargets(center int32) []int32 {
	if !w.look.noiseOK {
		w.look.next = w.drawNoise(w.look.next[:0])
		w.look.reuse = w.look.share - 1
	}
	t := append(w.look.negs[:0], center)
	for _, n := range w.look.next {
		if n != center {
			t = append(t, n)
		}
	}
	w.look.negs = t
	w.look.noiseOK = w.look.more
	if w.look.more {
		if w.look.reuse > 0 {
			w.look.reuse--
		} else {
			w.look.next = w.drawNoise(w.look.next[:0])
			w.look.reuse = w.look.share - 1
			for _, n := range w.look.next {
				kernel.PrefetchW(w.out.At(n))
			}
		}
		kernel.PrefetchW(w.out.At(w.look.nextRows[0]))
		if c := w.look.nextRows[1]; c >= 0 {
			kernel.PrefetchW(w.in.At(c))
		}
	}
	return t
}

// windowOutputs appends to outs the output rows a window scores its
// input against, and to pos whether each is a positive: with hierarchical
// softmax the inner nodes on the centre word's path, positive where the
// word lies under their 0 branch; then, with negative sampling, the centre
// word's output row and its noise words' (windowTargets).
func (w *worker) windowOutputs(center int32, outs [][]float32, pos []bool) ([][]float32, []bool) {
	if t := w.r.tree; t != nil {
		nodes, left := t.path(center)
		for i, n := range nodes {
			outs = append(outs, w.tree.At(t.row(n)))
			pos = append(pos, left[i])
		}
	}
	if w.r.opt.Negative > 0 {
		for j, t := range w.windowTargets(center) {
			outs = append(outs, w.out.At(t))
			pos = append(pos, j == 0)
		}
	}
	return outs, pos
}

// outputs is the most output rows one window scores (windowOutputs).
func (r *run) outputs() int {
	n := 0
	if r.tree != nil {
		n += r.tree.longest
	}
	if r.opt.Negative > 0 {
		n += 1 + r.opt.Negative
	}
	return n
}

// drawNoise appends Options.Negative draws from the noise distribution.
func (w *worker) drawNoise(t []int32) []int32 {
	for range w.r.opt.Negative {
		t = append(t, w.r.noise.Sample(w.rng.Next()))
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
func (w *worker) contexts(center int32, ctxs []int32) iter.Seq2[int32, []int32] {
	return func(yield func(int32, []int32) bool) {
		if w.edge.drawn {
			w.edge.drawn = false
		} else {
			w.look.negs = w.drawTargets(w.look.negs[:0], center)
		}
		for i, c := range ctxs {
			if i+1 < len(ctxs) {
				w.look.next = w.drawTargets(w.look.next[:0], center)
				kernel.PrefetchW(w.in.At(ctxs[i+1]))
				for _, t := range w.look.next {
					kernel.PrefetchW(w.out.At(t))
				}
			}
			if !yield(c, w.look.negs) {
				return
			}
			w.look.negs, w.look.next = w.look.next, w.look.negs
		}
	}
}

// drawTargets appends the centre word and the noise words to t.
func (w *worker) drawTargets(t []int32, center int32) []int32 {
	if w.edge.avoid != nil {
		return w.drawTargetsAvoiding(t, center)
	}
	t = append(t, center)
	for range w.r.opt.Negative {
		if n := w.r.noise.Sample(w.rng.Next()); n != center {
			t = append(t, n)
		}
	}
	return t
}
