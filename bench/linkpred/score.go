// Package linkpred scores node embeddings on the graph they should reproduce:
// reconstruction and link prediction as ROC-AUC against sampled non-edges
// (Kim et al. 2019) and as mean rank and mean average precision (Nickel and
// Kiela 2017), each model scored with its own similarity. It also splits an
// edge list into train and test edges for link prediction.
package linkpred

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wipsvec/wipsvec/bench/eval"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// Options configures Evaluate.
type Options struct {
	Threads int    // workers for the ranks; 0 means all CPUs
	Seed    uint64 // for the sampled non-edges of the AUC
}

// Result is the score of one similarity on one edge list.
type Result struct {
	Sim      string  // the similarity's name, as eval prints it
	Edges    int     // distinct scored edges (u, v)
	Sources  int     // distinct u with at least one scored edge
	Nodes    int     // candidate nodes: those of the graph with a vector
	Missing  int     // edges skipped because a node has no vector
	MeanRank float64 // mean over edges of the rank of v among v and u's non-neighbours
	MAP      float64 // mean over u of the average precision of u's edges
	AUC      float64 // ROC-AUC of the edges against as many sampled non-edges
	NonEdges int     // non-edges sampled for the AUC
	Elapsed  time.Duration
}

// problem is an evaluation's graph in the candidates' dense ids.
type problem struct {
	rows    []int     // rows[i]: the vectors row of candidate i
	adj     [][]int32 // every neighbour of i in the test and excluded edges, either direction, sorted
	pos     [][]int32 // the scored edges i -> j, sorted, distinct
	edges   int
	missing int
}

// Evaluate scores the edges of test with each similarity of the vectors'
// model (meta's; nil means a plain word2vec file, scored by cosine and inner
// product). Edges (u, v) are taken as listed: v is ranked among v and every
// candidate w != u that is linked to u in neither direction by an edge of
// test or exclude, which is how link prediction keeps the training edges
// from counting as errors. Candidates are the nodes of test and exclude that
// have a vector. The rank counts the non-neighbours scored strictly above v,
// plus one; the average precision of u is gensim's (and Nickel and Kiela's):
// over u's edges in rank order, the mean of i / (rank_i + i - 1).
//
// The AUC sets every scored edge against as many pairs drawn uniformly from
// the candidates that are linked in neither direction (seeded), ties counting
// one half.
func Evaluate(vec *embedding.Vectors, meta *embedding.Meta, test, exclude *cgraph.Edges, opt Options) ([]Result, error) {
	p, err := newProblem(vec, test, exclude)
	if err != nil {
		return nil, err
	}
	var out []Result
	for _, sim := range meta.Similarities() {
		start := time.Now()
		sc := newScorer(vec, sim.Form, p.rows)
		if err := sc.check(vec, sim, p.rows); err != nil {
			return nil, err
		}
		r := Result{Sim: sim.Name, Edges: p.edges, Nodes: len(p.rows), Missing: p.missing}
		r.MeanRank, r.MAP, r.Sources = p.ranks(sc, opt.Threads)
		r.AUC, r.NonEdges, err = p.auc(sc, opt.Seed)
		if err != nil {
			return nil, err
		}
		r.Elapsed = time.Since(start)
		out = append(out, r)
	}
	return out, nil
}

func newProblem(vec *embedding.Vectors, test, exclude *cgraph.Edges) (*problem, error) {
	index := vec.Index()
	p := &problem{}
	cand := map[string]int32{}
	id := func(name string) int32 {
		if c, ok := cand[name]; ok {
			return c
		}
		row, ok := index[name]
		if !ok {
			return -1
		}
		c := int32(len(p.rows))
		cand[name] = c
		p.rows = append(p.rows, row)
		p.adj = append(p.adj, nil)
		p.pos = append(p.pos, nil)
		return c
	}
	link := func(e *cgraph.Edges, scored bool) {
		for i := range e.Len() {
			u, v := id(e.Nodes[e.Pairs[2*i]]), id(e.Nodes[e.Pairs[2*i+1]])
			if u < 0 || v < 0 {
				if scored {
					p.missing++
				}
				continue
			}
			p.adj[u] = append(p.adj[u], v)
			p.adj[v] = append(p.adj[v], u)
			if scored {
				p.pos[u] = append(p.pos[u], v)
			}
		}
	}
	link(test, true)
	if exclude != nil {
		link(exclude, false)
	}
	for i := range p.adj {
		slices.Sort(p.adj[i])
		p.adj[i] = slices.Compact(p.adj[i])
		slices.Sort(p.pos[i])
		p.pos[i] = slices.Compact(p.pos[i])
		p.edges += len(p.pos[i])
	}
	if p.edges == 0 {
		return nil, fmt.Errorf("no edge to score: %d edges have a node without a vector", p.missing)
	}
	if len(p.rows) < 3 {
		return nil, fmt.Errorf("%d nodes with vectors; need at least 3 to rank against non-neighbours", len(p.rows))
	}
	return p, nil
}

// linked reports whether a and b share an edge.
func (p *problem) linked(a, b int32) bool {
	_, ok := slices.BinarySearch(p.adj[a], b)
	return ok
}

// ranks computes the mean rank over edges and the MAP over sources, the
// sources shared out among threads.
func (p *problem) ranks(sc *scorer, threads int) (meanRank, mapScore float64, sources int) {
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	var next atomic.Int64
	parts := make([]rankSums, threads)
	var wg sync.WaitGroup
	for t := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.rankWorker(sc, &next, &parts[t])
		}()
	}
	wg.Wait()
	var rankSum, apSum float64
	for _, q := range parts {
		rankSum += q.rankSum
		apSum += q.apSum
		sources += q.sources
	}
	return rankSum / float64(p.edges), apSum / float64(sources), sources
}

// rankSums is one worker's share of ranks: the sums over its sources of
// their edges' ranks and of their average precisions.
type rankSums struct {
	rankSum, apSum float64
	sources        int
}

// rankScratch is one worker's buffers, reused from source to source.
type rankScratch struct {
	scores    []float32 // every candidate's score against the source
	mark      []int32   // mark[w] == u+1: w is u or a neighbour of u
	posScores []float32
	hist      []int64
	ranks     []int64
}

// rankWorker takes the next source from next until none is left and adds
// the ranks of its edges and its average precision to part.
func (p *problem) rankWorker(sc *scorer, next *atomic.Int64, part *rankSums) {
	n := len(p.rows)
	buf := &rankScratch{scores: make([]float32, n), mark: make([]int32, n)}
	for {
		u := int32(next.Add(1) - 1)
		if int(u) >= n {
			return
		}
		if len(p.pos[u]) == 0 {
			continue
		}
		ranks := p.sourceRanks(sc, u, buf)
		var ap float64
		for i, r := range ranks {
			part.rankSum += float64(r)
			ap += float64(i+1) / float64(r+int64(i))
		}
		part.apSum += ap / float64(len(ranks))
		part.sources++
	}
}

// sourceRanks returns the ranks of the edges of u, ascending: each edge's
// count of u's non-neighbours scored strictly above it, plus one. The
// slice is buf's, valid until the next call.
func (p *problem) sourceRanks(sc *scorer, u int32, buf *rankScratch) []int64 {
	pos, scores, mark := p.pos[u], buf.scores, buf.mark
	sc.row(u, scores)
	stamp := u + 1
	mark[u] = stamp
	for _, w := range p.adj[u] {
		mark[w] = stamp
	}
	posScores := buf.posScores[:0]
	for _, v := range pos {
		posScores = append(posScores, scores[v])
	}
	slices.Sort(posScores)
	hist := slices.Grow(buf.hist[:0], len(pos)+1)[:len(pos)+1]
	clear(hist)
	countAbove(hist, scores, posScores, mark, stamp)
	// The positive of sorted index i is below every negative counted in
	// hist[j] for j > i.
	ranks := buf.ranks[:0]
	var above int64
	for i := len(pos) - 1; i >= 0; i-- {
		above += hist[i+1]
		ranks = append(ranks, above+1)
	}
	slices.Sort(ranks)
	buf.posScores, buf.hist, buf.ranks = posScores, hist, ranks
	return ranks
}

// countAbove adds to hist[j] the candidates w not marked with stamp (the
// non-neighbours) that score above exactly j of the ascending posScores.
func countAbove(hist []int64, scores, posScores []float32, mark []int32, stamp int32) {
	lowest, highest := posScores[0], posScores[len(posScores)-1]
	aboveAll := &hist[len(posScores)]
	for w, s := range scores {
		if s > lowest && mark[w] != stamp {
			if s > highest {
				*aboveAll++
			} else {
				hist[below(posScores, s)]++
			}
		}
	}
}

// below is the number of values of the ascending a that are less than x.
func below(a []float32, x float32) int {
	i, _ := slices.BinarySearch(a, x)
	return i
}

// auc scores every edge against as many sampled non-edges.
func (p *problem) auc(sc *scorer, seed uint64) (float64, int, error) {
	var pos, neg []float64
	for u, vs := range p.pos {
		for _, v := range vs {
			pos = append(pos, sc.pair(int32(u), v))
		}
	}
	n := len(p.rows)
	var r kernel.RNG
	r.SetState(seed)
	for tries := 0; len(neg) < len(pos); tries++ {
		if tries > 100*len(pos)+1000 {
			return 0, 0, errors.New("cannot sample non-edges for the AUC: the graph is (nearly) complete")
		}
		a, b := int32(r.Below(uint32(n))), int32(r.Below(uint32(n)))
		if a == b || p.linked(a, b) {
			continue
		}
		neg = append(neg, sc.pair(a, b))
	}
	return eval.ROCAUC(pos, neg), len(neg), nil
}

// scorer is a similarity written as s(a, b) = <L a, R b> + c_a + d_b, which
// every model's is (embedding.Form.Split): the vectors are transformed
// once, so that scoring a row against all others is one float32 kernel call
// per pair.
type scorer struct {
	dim    int
	left   []float32 // L a per candidate, dim apart
	right  []float32
	cols   []float32 // right by coordinate: cols[k*n+w] = (R w)_k
	cl, cr []float32 // the per-node terms; nil when the form has none
}

// newScorer builds the scorer of form f over the given rows of vec.
func newScorer(vec *embedding.Vectors, f embedding.Form, rows []int) *scorer {
	d := vec.Dim
	n := len(rows)
	sc := &scorer{dim: d, left: make([]float32, n*d), right: make([]float32, n*d)}
	if f.Bias {
		sc.cl, sc.cr = make([]float32, n), make([]float32, n)
	}
	for i, row := range rows {
		c, e := f.Split(vec.Row(row), sc.left[i*d:(i+1)*d], sc.right[i*d:(i+1)*d])
		if f.Bias {
			sc.cl[i], sc.cr[i] = c, e
		}
	}
	sc.cols = make([]float32, n*d)
	for w := range n {
		for k := range d {
			sc.cols[k*n+w] = sc.right[w*d+k]
		}
	}
	return sc
}

// check compares the scorer with the similarity it stands for on a few
// pairs, so that the two definitions cannot drift apart unnoticed.
func (sc *scorer) check(vec *embedding.Vectors, sim embedding.Similarity, rows []int) error {
	n := len(rows)
	for k := range min(n*n, 16) {
		a, b := int32(k%n), int32((k*7+3)%n)
		want := sim.Func(vec.Row(rows[a]), vec.Row(rows[b]))
		got := sc.pair(a, b)
		if math.Abs(got-want) > 1e-3*(1+math.Abs(want)) {
			return fmt.Errorf("scorer for %s gives %g where the similarity gives %g", sim.Name, got, want)
		}
	}
	return nil
}

// pair is s(a, b).
func (sc *scorer) pair(a, b int32) float64 {
	d := sc.dim
	s := float64(kernel.Dot(sc.left[int(a)*d:][:d], sc.right[int(b)*d:][:d]))
	if sc.cl != nil {
		s += float64(sc.cl[a]) + float64(sc.cr[b])
	}
	return s
}

// rowChunk is how many candidates row scores at a time: the scores stay in
// L1 while every coordinate's column adds to them.
const rowChunk = 2048

// row writes s(a, w) - c_a for every candidate w: the order of a's
// candidates, which is all a ranking needs. It adds up the columns of R
// weighted by L a with the trainer's vector kernel, a stretch of candidates
// at a time, rather than taking one short dot product per candidate.
func (sc *scorer) row(a int32, dst []float32) {
	d, n := sc.dim, len(dst)
	l := sc.left[int(a)*d:][:d]
	for lo := 0; lo < n; lo += rowChunk {
		hi := min(lo+rowChunk, n)
		out := dst[lo:hi]
		if sc.cr != nil {
			copy(out, sc.cr[lo:hi])
		} else {
			clear(out)
		}
		for k, x := range l {
			if x != 0 {
				kernel.Axpy(out, sc.cols[k*n+lo:k*n+hi], x)
			}
		}
	}
}
