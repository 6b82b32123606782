package skipgram

import (
	"math"
	"sync/atomic"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/vocab"
)

// worker is one Hogwild thread: its random stream, its scratch buffers and
// the learning rate it last read.
type worker struct {
	_      [hogwild.PageBytes]byte // with the page at the end, keeps the hot fields off other objects' pages (hogwild.Scratch)
	r      *run
	alpha  float32 // the learning rate, refreshed when words are published
	kernel windowKernel
	step   // what the kernel sees: rows, scratch, targets, and the random stream

	sentence []int32
	ctxs     []int32
	cbow     bool              // a window is one example (Options.CBOW), not one per context
	replicas *hogwild.Replicas // its replicas of the rows the workers write most
	id       int               // its place among the run's workers
	turns    *hogwild.Turns    // with the lockstep hook, the workers' turns
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

// newWorker makes worker id of r, its kernel made by newKernel (the
// model's workerKernels) from its own scratch.
func newWorker(r *run, id int, newKernel func(*hogwild.Scratch) windowKernel) *worker {
	opt := r.opt
	w := &worker{
		r:     r,
		id:    id,
		alpha: float32(r.alpha(0)),
		epoch: -1,
	}
	w.RNG = kernel.NewRNG(opt.Seed, uint64(id))
	w.Sig, w.Noise, w.Negative, w.Loss, w.Bags = r.sig, r.noise, opt.Negative, r.layers.loss, r.bags
	if r.graph != nil {
		w.Adj = r.graph.Adj
	}
	w.Look.Share = opt.SharedNoise()
	w.cbow = opt.CBOW
	a := &w.scratch
	w.sentence = a.Int32s(1024)[:0]
	w.ctxs = a.Int32s(2 * opt.Window)[:0]
	w.Look.Targets = a.Int32s(1 + opt.Negative)[:0]
	w.Look.Next = a.Int32s(1 + opt.Negative)[:0]
	w.Edge.Ahead = a.Int32s(1 + opt.Negative)[:0]
	w.Acc = a.Float32s(opt.Dim)
	w.views()
	w.kernel = newKernel(a)
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
	for w.pass() {
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

// pass is the worker's check between two blocks, at the gate: it waits
// there while a snapshot is taken, and reports whether the run goes on. A
// test's stop after so many claims (testHooks.stopAfter) is asked for here,
// once per block: the checkpointer then snapshots the run at the gate and
// stops it.
func (w *worker) pass() bool {
	for w.r.gate.Pass() && !w.r.stop.Load() {
		claimed := w.r.sched.Claimed()
		if n := w.r.hooks.snapshotAfter; n > 0 && claimed >= n && w.r.ranks != nil && w.r.snapshotAsked.CompareAndSwap(false, true) {
			w.r.ranks.ask(askSnapshot)
		}
		if n := w.r.hooks.stopAfter; n == 0 || claimed < n {
			return true
		}
		w.r.requestStop()
		if w.r.ranks != nil {
			return true // the ranks stop together, at the sync after
		}
	}
	return false
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
				if uint32(w.RNG.Next()) <= keep[id] {
					sen = append(sen, id)
				}
				continue
			}
			w.trainSentence(sen, alpha)
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
		if w.turns != nil { // the lockstep hook: the next worker's turn
			w.turns.Pass(w.id)
			w.turns.Wait(w.id)
		}
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
	if s := w.r.ranks; s != nil {
		s.due(words)
	}
	w.alpha = float32(w.r.alpha(words))
	w.syncKernel()
	w.replicas.Due(chunkWords)
	// The most frequent word's rows are written by every worker, as a
	// context and as a noise word, so a NaN anywhere reaches them within a
	// few windows; checking them here costs two rows per chunk.
	if !kernel.Finite(w.In.At(0)) || !kernel.Finite(w.Out.At(0)) {
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
		win := window - int(w.RNG.Below(uint32(window)))
		lo, hi := max(0, pos-win), min(len(sen), pos+win+1)
		ctxs := w.ctxs[:0]
		for j := lo; j < hi; j++ {
			if j != pos {
				ctxs = append(ctxs, sen[j])
			}
		}
		w.Look.More = pos+1 < len(sen)
		if w.Look.More {
			w.Look.NextRows = [2]int32{sen[pos+1], -1}
			if j := pos + 1 + window; j < len(sen) {
				w.Look.NextRows[1] = sen[j]
			}
		}
		loss += float64(w.kernel.window(&w.step, center, ctxs, alpha))
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

// workerKernels begins r's run of the model: it makes what the run's workers
// share and returns the constructor of each worker's kernel (newWorker).
func (def *modelDef) workerKernels(r *run) func(*hogwild.Scratch) windowKernel {
	return def.kernels(r.setup())
}

// setup is what r's kernels are made from.
func (r *run) setup() *kernelSetup {
	return &kernelSetup{model: r.model, opt: r.opt, outputs: r.layers.longest(), bags: r.bags != nil, drawnPairs: r.layers.drawnAlone()}
}

// bareRun is a run of o on m with no data: what a worker needs to be made
// and to train windows by hand (the kernel benchmark, the memory
// estimate's measured worker, tests). counts are the vocabulary's,
// which the noise and the output layers are made from (nil for none); the
// words' names, which a representation makes bags of, are placeholders.
func bareRun(o Options, m *Model, counts []int64) *run {
	r := &run{plan: newPlan(o, m.Words, 0, false), model: m, sig: kernel.NewSigmoidTable(), total: 1}
	r.opt = &r.plan.Options
	if counts != nil {
		r.noise = vocab.NewNoise(counts, 0.75)
	}
	r.equip(placeholderWords(m.Words), counts)
	return r
}

// equip makes what r's kernels share beyond the model, as every run makes
// it: the output layers over the rows' counts (in decreasing order) and
// the words' bags under the run's row representation; a graph's nodes
// have neither (nil).
func (r *run) equip(words []string, counts []int64) {
	r.layers = beginOutputs(r.opt, counts)
	if words != nil {
		r.bags = r.opt.newBags(words)
	}
}
