package skipgram

import (
	"math"

	"github.com/wipsvec/wipsvec/skipgram/input"

	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// graphPublish is how many pairs a worker trains between publishing its
// loss to the progress reporter.
const graphPublish = 256

// trainEdges trains the edges of block b; false if the run was stopped. An
// edge u -> v is the window of centre v with the single context u (and, for
// an undirected graph, of centre u with context v), so every model's kernel
// applies unchanged.
//
// A window of one context leaves the kernels' own lookahead nothing to do,
// and every row a pair touches is a random one: waiting for memory is most
// of a pair's cost. So the targets of the next pair are drawn before the
// current one is trained, and its rows are prefetched while it computes.
// The draws come in the order in which the pairs are trained, so a seeded
// single-threaded run is still reproducible.
func (w *worker) trainEdges(g *input.EdgeBlocks, b int) bool {
	lo := b * g.Block
	hi := min(lo+g.Block, len(g.Pairs)/2)
	per := 2
	if g.Directed {
		per = 1
	}
	// Pair j of the block is edge lo + j/per, read forwards (context u,
	// centre v) when j%per == 0 and backwards otherwise.
	pair := func(j int) (ctx, center int32) {
		e := 2 * (lo + j/per)
		if j%per == 0 {
			return g.Pairs[e], g.Pairs[e+1]
		}
		return g.Pairs[e+1], g.Pairs[e]
	}
	drawAhead := func(j int) {
		c, t := pair(j)
		if g.Adj != nil {
			w.Edge.AvoidNode, w.Edge.Avoid = c, g.Adj.List(c)
		}
		w.Edge.Ahead = w.DrawTargets(w.Edge.Ahead[:0], t)
		kernel.PrefetchW(w.In.At(c))
		for _, t := range w.Edge.Ahead {
			kernel.PrefetchW(w.Out.At(t))
		}
	}

	ctx := w.ctxs[:1]
	alpha := w.alpha
	var loss float64
	n := 0
	npairs := per * (hi - lo)
	drawAhead(0)
	for j := 0; j < npairs; j++ {
		c, t := pair(j)
		a := alpha
		if g.Weights != nil {
			a *= g.Weights[lo+j/per]
		}
		w.Look.Targets, w.Edge.Ahead = w.Edge.Ahead, w.Look.Targets
		w.Edge.Drawn = true
		if j+1 < npairs {
			drawAhead(j + 1)
		}
		ctx[0] = c
		loss += float64(w.kernel.window(&w.step, t, ctx, a))
		n++
		if n >= graphPublish || j == npairs-1 {
			w.publish(loss, n)
			loss, n = 0, 0
			if !w.between() {
				return false
			}
			alpha = w.alpha
		}
	}
	return true
}

// publish records n trained pairs and their loss, as trainSentence does for
// a sentence.
func (w *worker) publish(loss float64, n int) {
	w.pendingWords += int64(n)
	w.pairs += int64(n)
	w.pendingSync += int64(n)
	w.epochLoss += loss
	w.epochPairs += float64(n)
	w.pub.loss.Store(math.Float64bits(math.Float64frombits(w.pub.loss.Load()) + loss))
	w.pub.pairs.Add(int64(n))
}
