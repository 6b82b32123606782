package skipgram

import (
	"math"
	"sync/atomic"
	"unsafe"

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

// worker is one Hogwild thread: its random stream, its scratch buffers and
// the learning rate it last read.
type worker struct {
	_      [64]byte // with pub's padding at the end, keeps the hot fields off other workers' lines
	r      *run
	rng    kernel.RNG
	alpha  float32 // the learning rate, refreshed when words are published
	kernel windowKernel

	sentence  []int32
	ctxs      []int32
	negs      []int32   // the current targets: centre word, then noise words
	next      []int32   // the next context's targets, drawn ahead for prefetching
	ahead     []int32   // graphs: the next edge's targets, drawn ahead for prefetching
	drawn     bool      // graphs: negs already holds the targets of the coming window
	acc       []float32 // gradient accumulated for the input row
	tmp       []float32 // IPDS, WIPS: the transformed input row
	lambda    []float32 // WIPS: private copy of the shared lambda
	dlambda   []float32 // WIPS: lambda gradient not yet merged
	avoid     []int32   // graphs: the context's neighbours, never drawn as its negatives (nil for text)
	avoidNode int32     // graphs: the context whose neighbours avoid lists

	words, pairs          int64
	epochLoss, epochPairs float64
	pendingWords          int64 // tokens not yet added to the shared counter
	pendingLambda         int64 // tokens since the last lambda merge

	pub published
}

// ownLines returns n zeroed elements on cache lines of their own. A worker's
// scratch buffers are written for every pair; allocated plainly, small ones
// share lines with the other workers' (the allocator packs objects of one
// size together), and every write then steals the line from another core.
// The parameter matrices use it too, so that every row of a 16-float stride
// starts a line.
func ownLines[T int32 | float32](n int) []T {
	const line = 64 / 4 // elements per cache line, both types being 4 bytes
	buf := make([]T, (n+line-1)/line*line+2*line)
	off := 0
	for uintptr(unsafe.Pointer(&buf[off]))%64 != 0 {
		off++
	}
	return buf[off : off+n : off+n]
}

// published is what a worker shows the progress reporter, padded so that two
// workers' counters never share a cache line.
type published struct {
	_     [64]byte
	loss  atomic.Uint64 // float64 bits: summed loss
	pairs atomic.Int64
	_     [48]byte
}

func newWorker(r *run, id int) *worker {
	opt := r.opt
	w := &worker{
		r:        r,
		alpha:    float32(r.alpha(0)),
		rng:      kernel.NewRNG(opt.Seed, uint64(id)),
		sentence: ownLines[int32](1024)[:0],
		ctxs:     ownLines[int32](2 * opt.Window)[:0],
		negs:     ownLines[int32](1 + opt.Negative)[:0],
		next:     ownLines[int32](1 + opt.Negative)[:0],
		ahead:    ownLines[int32](1 + opt.Negative)[:0],
		acc:      ownLines[float32](opt.Dim),
		tmp:      ownLines[float32](opt.Dim),
	}
	m := r.model
	switch m.Kind {
	case SG:
		w.kernel = &dotKernel{in: m.In, out: m.Out, stride: m.Stride, dim: m.Dim}
	case IPS:
		w.kernel = &dotKernel{in: m.In, out: m.In, stride: m.Stride, dim: m.Dim}
	case SIPS:
		w.kernel = &shiftedKernel{m: m}
	case IPDS:
		w.kernel = &diffKernel{m: m, pos: m.Dim - m.NegDim}
	case WIPS:
		w.lambda = ownLines[float32](m.Dim)
		copy(w.lambda, m.Lambda)
		w.dlambda = ownLines[float32](m.Dim)
		w.kernel = &weightedKernel{m: m}
	case HSG:
		w.kernel = &hyperbolicKernel{m: m}
	}
	if k, ok := w.kernel.(*dotKernel); ok && opt.Batch {
		w.kernel = newBatchDotKernel(*k, opt.Window, opt.Negative)
	}
	return w
}

// run trains the blocks the worker claims until the run's work is done.
func (w *worker) run() {
	epoch := -1
	for !w.r.stop.Load() {
		e, b, ok := w.r.sched.claim()
		if !ok {
			break
		}
		if e != epoch {
			epoch = e
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
}

// trainBlock makes one pass over a block; false if the run was stopped.
func (w *worker) trainBlock(b *block) bool {
	keep := w.r.keep
	sen := w.sentence[:0]
	alpha := w.alpha
	for _, piece := range b.pieces {
		for _, id := range piece {
			if id != vocab.SentenceEnd {
				w.pendingWords++
				if uint32(w.rng.Next()) <= keep[id] {
					sen = append(sen, id)
				}
				continue
			}
			w.trainSentence(sen, alpha)
			sen = sen[:0]
			if !w.checkpoint() {
				return false
			}
			alpha = w.alpha
		}
	}
	w.trainSentence(sen, alpha)
	w.sentence = sen[:0]
	return true
}

// checkpoint merges lambda and publishes the worker's progress when each is
// due, between sentences (text) or groups of edges (graphs); false if the
// run was stopped.
func (w *worker) checkpoint() bool {
	if w.pendingLambda >= lambdaMergeWords {
		w.mergeLambda()
	}
	if w.pendingWords >= chunkWords {
		w.flush()
		return !w.r.stop.Load()
	}
	return true
}

// flush publishes the worker's progress: words to the shared counter that
// drives the learning rate (and reads the rate back), lambda to the model.
func (w *worker) flush() {
	words := w.r.words.Add(w.pendingWords)
	w.words += w.pendingWords
	w.pendingWords = 0
	w.alpha = float32(w.r.alpha(words))
	w.mergeLambda()
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
		loss += float64(w.kernel.window(w, center, ctxs, alpha))
		pairs += len(ctxs)
	}
	w.pairs += int64(pairs)
	w.pendingLambda += int64(len(sen))
	w.epochLoss += loss
	w.epochPairs += float64(pairs)
	w.pub.loss.Store(math.Float64bits(math.Float64frombits(w.pub.loss.Load()) + loss))
	w.pub.pairs.Add(int64(pairs))
}

// targets returns the centre word followed by the context's noise words. A
// draw that hits the centre word is skipped rather than redrawn, as in
// word2vec.c.
func (w *worker) targets(center int32) []int32 {
	w.negs = w.drawTargets(w.negs[:0], center)
	return w.negs
}

// startTargets draws the targets of a window's first context into w.negs,
// unless trainEdges drew them ahead.
func (w *worker) startTargets(center int32) {
	if w.drawn {
		w.drawn = false
		return
	}
	w.negs = w.drawTargets(w.negs[:0], center)
}

// prefetchNext draws the targets of context i+1 into w.next and prefetches
// its input row and their output rows while context i computes: the rows are
// random, and waiting for memory is the largest cost left once the
// arithmetic is vectorised. The draws come in the same order as without the
// lookahead, so results are unchanged.
func (w *worker) prefetchNext(ctxs []int32, i int, center int32, in, out []float32, stride, dim int) {
	if i+1 >= len(ctxs) {
		return
	}
	w.next = w.drawTargets(w.next[:0], center)
	kernel.Prefetch(in[int(ctxs[i+1])*stride:][:dim])
	for _, t := range w.next {
		kernel.Prefetch(out[int(t)*stride:][:dim])
	}
}

// advanceTargets makes the drawn-ahead targets current.
func (w *worker) advanceTargets() {
	w.negs, w.next = w.next, w.negs
}

// drawTargets appends the centre word and the noise words to t.
func (w *worker) drawTargets(t []int32, center int32) []int32 {
	if w.avoid != nil {
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

// mergeLambda folds the worker's WIPS lambda gradient into the shared lambda
// under a lock and refreshes the private copy. Workers score with their
// private copy between merges, so the hot loop never touches the shared
// cache line.
//
// The step goes to the raw weights (run.lambdaRaw), and lambda is their
// floored image (floorLambda; at the default floor of 1, their signs).
//
// At a floor of 1 the raw weights are latent weights in the manner of
// BinaryConnect (Courbariaux, Bengio and David 2015): clipped to [-1, 1]
// after each step, so a raw weight's distance from zero, at most 1, is how
// much net gradient a sign must resist before it flips, whatever happened
// before. Rescaling them to RMS 1 instead (as below the floor) let the one
// raw weight that the steps kept pushing outward grow without bound and the
// rescaling press all the others towards zero, where noise flips them: on
// the shared corpus at K = 100 the shift direction's raw weight reached
// -9.9 of a possible 10 within the first tenth of training, with 62 of the
// 100 within 0.1 of zero. The clip raised the mean of the four benchmarks
// from 49.9 (5 seeds) to 50.3 (10 seeds; the README's ablation).
//
// Below a floor of 1 the raw weights are rescaled to RMS 1. The score is
// unchanged by
// lambda -> c*lambda, y -> y/sqrt(c), so lambda's overall scale is a free
// direction; left alone it drifts, and with it the vectors' effective
// learning rate alpha*|lambda|, until training diverges (it did at K=10 on
// the shared corpus). Fixing the scale loses no expressiveness: the vectors
// absorb it, and lambda keeps every direction that matters, signs included.
//
// The step is LambdaAlpha*K. Each coordinate carries about 1/K of a score,
// so the gradient sum_pairs g*y_k*y'_k of one lambda_k shrinks like 1/K,
// and so does the turn of lambda (held at length sqrt(K)) per merge: a
// fixed step that suited K = 100 turned lambda ten times too fast at K = 10,
// where WIPS then fit worse than IPDS (loss 2.49 against 2.36 after 5 epochs
// on the shared corpus; 2.35 with the step divided by 5 or 25).
func (w *worker) mergeLambda() {
	w.pendingLambda = 0
	if w.dlambda == nil || w.r.opt.FixedLambda != nil {
		return
	}
	r := w.r
	scale := float32(r.opt.LambdaAlpha * float64(len(w.dlambda)) / r.opt.Alpha)
	r.lambdaMu.Lock()
	raw := r.lambdaRaw
	for k, d := range w.dlambda {
		raw[k] += scale * d
		w.dlambda[k] = 0
	}
	r.settleLambda()
	copy(w.lambda, r.model.Lambda)
	r.lambdaMu.Unlock()
}

// lambdaFloor is the floor on |lambda_k| (lambda being held at RMS 1).
func (r *run) lambdaFloor() float32 {
	if r.opt.FixedLambda != nil {
		return 0
	}
	return float32(r.opt.LambdaFloor)
}

// floorLambda sets lambda to raw with every magnitude raised to at least
// floor, keeping raw's sign (a raw weight of exactly zero counts as
// positive); a floor of 1 sets every weight to +1 or -1. A raw weight that
// the steps push through zero flips lambda_k from +floor to -floor: the
// sign changes, the magnitude never falls below the floor. Inside the floor
// the step acts on raw as if lambda_k were raw (a straight-through
// estimate), so a weight that keeps being pushed the same way crosses in
// the number of merges its gradient asks for.
func floorLambda(lambda, raw []float32, floor float32) {
	for k, x := range raw {
		switch {
		case floor >= 1 && x < 0:
			lambda[k] = -1
		case floor >= 1:
			lambda[k] = 1
		case x >= floor || x <= -floor:
			lambda[k] = x
		case x < 0:
			lambda[k] = -floor
		default:
			lambda[k] = floor
		}
	}
}

// settleLambda bounds the raw weights after a step (or at the start) and
// sets lambda to their floored image. The caller holds lambdaMu, or runs
// before the workers start.
func (r *run) settleLambda() {
	floor := r.lambdaFloor()
	boundRaw(r.lambdaRaw, floor)
	floorLambda(r.model.Lambda, r.lambdaRaw, floor)
}

// boundRaw fixes the scale of lambda's raw weights: clipped to [-1, 1] at
// a floor of 1, where only their signs reach the model; rescaled to RMS 1
// below it, where their magnitudes do (see mergeLambda).
func boundRaw(raw []float32, floor float32) {
	if floor < 1 {
		normalizeRMS(raw)
		return
	}
	for k, x := range raw {
		raw[k] = min(max(x, -1), 1)
	}
}

// normalizeRMS scales v to a root mean square of 1 (a zero vector is left
// alone).
func normalizeRMS(v []float32) {
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	if ss == 0 || math.IsNaN(ss) || math.IsInf(ss, 0) {
		return
	}
	f := float32(1 / math.Sqrt(ss/float64(len(v))))
	for k := range v {
		v[k] *= f
	}
}

// dotKernel is SG (in and out are the two matrices) and IPS (both are the
// one matrix): s = <in, out>.
type dotKernel struct {
	in, out     []float32
	stride, dim int
}

func (k *dotKernel) window(w *worker, center int32, ctxs []int32, alpha float32) (loss float32) {
	sig := w.r.sig
	acc := w.acc
	w.startTargets(center)
	for i, c := range ctxs {
		w.prefetchNext(ctxs, i, center, k.in, k.out, k.stride, k.dim)
		in := k.in[int(c)*k.stride:][:k.dim]
		clear(acc)
		for d, target := range w.negs {
			out := k.out[int(target)*k.stride:][:k.dim]
			g, l := sig.Gradient(kernel.Dot(in, out), d == 0, alpha)
			loss += l
			kernel.PairUpdate(acc, out, in, g)
		}
		kernel.Axpy(in, acc, 1)
		w.advanceTargets()
	}
	return loss
}

// shiftedKernel is SIPS: the last coordinate is a bias,
// s = <in~, out~> + in_K + out_K.
type shiftedKernel struct{ m *Model }

func (k *shiftedKernel) window(w *worker, center int32, ctxs []int32, alpha float32) (loss float32) {
	sig := w.r.sig
	p := k.m.Dim - 1
	acc := w.acc[:p+1]
	w.startTargets(center)
	for i, c := range ctxs {
		w.prefetchNext(ctxs, i, center, k.m.In, k.m.In, k.m.Stride, k.m.Dim)
		in := k.m.Row(int(c))[:p+1]
		clear(acc)
		for d, target := range w.negs {
			out := k.m.Row(int(target))[:p+1]
			g, l := sig.Gradient(kernel.Dot(in[:p], out[:p])+in[p]+out[p], d == 0, alpha)
			loss += l
			kernel.PairUpdate(acc[:p], out[:p], in[:p], g)
			acc[p] += g
			out[p] += g
		}
		kernel.Axpy(in, acc, 1)
		w.advanceTargets()
	}
	return loss
}

// diffKernel is IPDS: s = <in+, out+> - <in-, out->, the last Dim-pos
// coordinates negative. Like WIPS's kernel it scores against the signed input
// (in+, -in-), fixed for the context, so each target costs one dot and one
// fused update, and the input moves by (acc+, -acc-) at the end.
type diffKernel struct {
	m   *Model
	pos int
}

func (k *diffKernel) window(w *worker, center int32, ctxs []int32, alpha float32) (loss float32) {
	sig := w.r.sig
	p, n := k.pos, k.m.Dim
	acc, signed := w.acc[:n], w.tmp[:n]
	w.startTargets(center)
	for i, c := range ctxs {
		w.prefetchNext(ctxs, i, center, k.m.In, k.m.In, k.m.Stride, k.m.Dim)
		in := k.m.Row(int(c))[:n]
		copy(signed[:p], in[:p])
		for i := p; i < n; i++ {
			signed[i] = -in[i]
		}
		clear(acc)
		for d, target := range w.negs {
			out := k.m.Row(int(target))[:n]
			g, l := sig.Gradient(kernel.Dot(signed, out), d == 0, alpha)
			loss += l
			kernel.PairUpdate(acc, out, signed, g)
		}
		kernel.Axpy(in[:p], acc[:p], 1)
		kernel.Axpy(in[p:], acc[p:], -1)
		w.advanceTargets()
	}
	return loss
}

// weightedKernel is WIPS: s = sum_k lambda_k in_k out_k, scored with the
// worker's private lambda; the lambda gradient goes to w.dlambda.
//
// The input row is fixed while its targets are scored, so the kernel scales
// it once, lin = lambda * in, and each target then costs what IPS's does: the
// score is kernel.Dot(lin, out), out moves by g*lin, and acc sums g*out. At the end
// of the context the input moves by lambda * acc and lambda's gradient is
// in * acc (both with the outputs as they were when scored), which is the
// per-pair WIPS update summed over the targets.
type weightedKernel struct{ m *Model }

func (k *weightedKernel) window(w *worker, center int32, ctxs []int32, alpha float32) (loss float32) {
	sig := w.r.sig
	n := k.m.Dim
	acc, lin := w.acc[:n], w.tmp[:n]
	lambda, dlambda := w.lambda[:n], w.dlambda[:n]
	w.startTargets(center)
	for i, c := range ctxs {
		w.prefetchNext(ctxs, i, center, k.m.In, k.m.In, k.m.Stride, k.m.Dim)
		in := k.m.Row(int(c))[:n]
		kernel.ScaleInto(lin, lambda, in)
		clear(acc)
		for d, target := range w.negs {
			out := k.m.Row(int(target))[:n]
			g, l := sig.Gradient(kernel.Dot(lin, out), d == 0, alpha)
			loss += l
			kernel.PairUpdate(acc, out, lin, g)
		}
		kernel.WeightedStep(in, dlambda, lambda, acc)
		w.advanceTargets()
	}
	return loss
}
