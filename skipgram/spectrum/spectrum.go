// Package spectrum reads, from the data alone, how many of WIPS's weights
// should start negative: the negative eigenvalues among the largest of the
// data's shifted PMI matrix, the matrix skip-gram with negative sampling
// fits (Negatives for a text, GraphNegatives for an edge list).
package spectrum

import (
	"fmt"
	"math"
	"slices"

	"github.com/wipsvec/wipsvec/vocab"
)

// Options sizes WIPS's spectral start (see Negatives).
type Options struct {
	Words    int   // the most frequent words whose co-occurrences are counted (default: see words)
	Tokens   int64 // corpus tokens read for the counts, from the start (default 20M)
	Window   int   // co-occurrence window, as -window
	Negative int   // SGNS's k: the model fits PMI - log k
}

// defaultTokens is how much of the corpus the spectral start reads by
// default: the frequent words' co-occurrences are well estimated long
// before that, and Text9-sized corpora need not be read whole.
const defaultTokens = 20_000_000

// words is how many words the spectral start counts for K
// coordinates: 20 K, so that the K largest eigenvalues are a small part of
// the spectrum, between 1,000 and 2,000 so that the dense eigenvalue
// problem stays near a second.
func words(k int) int { return min(max(20*k, 1000), 2000) }

// Negatives estimates how many of WIPS's K weights should be
// negative from the corpus itself, before any training.
//
// Skip-gram with k negatives fits s(w, c) = PMI(w, c) - log k (Levy and
// Goldberg 2014), and a one-view model approximates that matrix's symmetric
// part. The best symmetric rank-K approximation keeps the K eigenpairs of
// largest absolute eigenvalue, negative ones included (the paper's
// Section 3.4), and each negative eigenvalue kept is one negative weight of
// lambda.
//
// Once training has started the signs move little: lambda's gradient
// vanishes wherever the vectors have converged, so every stationary point of
// IPS is one of WIPS, and a column of the vectors follows the eigenvectors
// of its own weight's sign. So the signs should be right at the start (the
// steps can still flip a few), and the data can say what they are: count the co-occurrences of the most frequent
// words within the window (weighted (W-d+1)/W at distance d, as word2vec's
// shrunk window does on average), form PMI with the noise distribution's
// unigram^0.75 for the context, subtract log k, and count the negative
// eigenvalues among the K largest in absolute value that clearly beat the
// K-th (displaceMargin).
//
// A negative eigenvalue counts whatever the sampling noise around it, as
// a positive one keeps its weight positive: an edge below which the
// eigenvalues were taken for noise (three times the root of the largest
// row sum of the counts' variances) left negative directions the loss
// wanted to positive weights at K = 100 (docs/wips-lambda.md). An unseen
// pair counts as half an occurrence, which keeps its PMI finite and low
// where the pair was expected often and near zero where it was not.
//
// It returns the count and the K largest eigenvalues (by absolute value,
// largest first), for the run's record.
func Negatives(v *vocab.Vocab, chunks [][]int32, k int, opt Options) (q int, top []float64, err error) {
	n := opt.Words
	if n <= 0 {
		n = words(k)
	}
	n = min(n, v.Len())
	if n < 2 || k < 1 {
		return 0, nil, nil
	}
	c, err := countWindows(v, chunks, n, opt)
	if err != nil {
		return 0, nil, err
	}
	return negativeEigenvalues(c.shiftedPMI(max(opt.Negative, 1), 0.75), n, k)
}

// displaceMargin is how many times the k-th largest eigenvalue (by
// absolute value) a negative one must be to count: a negative weight takes
// a coordinate from a positive direction, and the loss skip-gram fits
// weighs the two unlike the matrix norm that ranks them, so a negative
// eigenvalue only a little above the one it displaces costs fit
// (docs/wips-lambda.md, "The margin").
const displaceMargin = 1.5

// negativeEigenvalues counts the negative eigenvalues at least
// displaceMargin times the k-th among the k largest (by absolute value) of
// the symmetric n x n matrix m, and returns those k.
func negativeEigenvalues(m []float32, n, k int) (q int, top []float64, err error) {
	eig, err := symmetricEigenvalues(m, n)
	if err != nil {
		return 0, nil, fmt.Errorf("spectral start: %w", err)
	}
	slices.SortFunc(eig, cmpAbsDesc)
	top = eig[:min(k, len(eig))]
	least := displaceMargin * math.Abs(top[len(top)-1])
	for _, x := range top {
		if x < 0 && -x >= least {
			q++
		}
	}
	// The k-th never counts (it is not displaceMargin times itself), so a
	// weight stays positive: a model with every weight negative would
	// score every pair by minus an inner product.
	return q, top, nil
}

func cmpAbsDesc(a, b float64) int {
	switch aa, ab := math.Abs(a), math.Abs(b); {
	case aa > ab:
		return -1
	case aa < ab:
		return 1
	}
	return 0
}

// cooccurrence holds the pair counts of the n most frequent items (words,
// or nodes of a graph) and what PMI needs beside them.
type cooccurrence struct {
	n       int
	pair    []float32 // pair[i*n+j]: weight of the pairs (i, j) seen in that order
	freq    []float64 // every item's count, the n first included
	total   float64   // total pair weight, every item included
	logFreq []float64 // scratch
}

// countWindows counts the window co-occurrences of the n most frequent
// words (ids 0..n-1, the vocabulary being ordered by count) over the first
// opt.Tokens tokens of the stream.
func countWindows(v *vocab.Vocab, chunks [][]int32, n int, opt Options) (*cooccurrence, error) {
	window := max(opt.Window, 1)
	tokens := opt.Tokens
	if tokens <= 0 {
		tokens = defaultTokens
	}

	// weight[d] is a pair's weight at distance d; reach[f] the weight of
	// all pairs a token makes with the f tokens before it.
	weight := make([]float64, window+1)
	reach := make([]float64, window+1)
	for d := 1; d <= window; d++ {
		weight[d] = float64(window-d+1) / float64(window)
		reach[d] = reach[d-1] + weight[d]
	}
	cooc := make([]float32, n*n) // cooc[i*n+j]: weight of i after j; symmetrised below
	unigram := make([]float64, v.Len())
	var pairs float64             // total pair weight, every word included
	last := make([]int32, window) // last[d-1]: the token d before, within the sentence
	filled := 0
	read := int64(0)
	top := int32(n)
walk:
	for _, c := range chunks {
		for _, id := range c {
			if id == vocab.SentenceEnd {
				filled = 0
				continue
			}
			if read == tokens {
				break walk
			}
			read++
			unigram[id]++
			f := min(filled, window)
			pairs += 2 * reach[f]
			if id < top {
				row := cooc[int(id)*n : int(id)*n+n]
				for d, prev := range last[:f] {
					if prev < top {
						row[prev] += float32(weight[d+1])
					}
				}
			}
			copy(last[1:], last[:window-1])
			last[0] = id
			filled++
		}
	}
	if pairs == 0 {
		return nil, fmt.Errorf("spectral start: the corpus has no co-occurring words")
	}
	return &cooccurrence{n: n, pair: cooc, freq: unigram, total: pairs}, nil
}

// shiftedPMI returns the symmetric matrix PMI - log k of the counted items,
// with the context's probability taken from the noise distribution
// (frequency^power). An unseen pair counts as half an occurrence. It turns
// c's counts into the matrix in place.
func (c *cooccurrence) shiftedPMI(negative int, power float64) []float32 {
	n := c.n
	var total, noiseTotal float64
	for _, f := range c.freq {
		total += f
		if f > 0 {
			noiseTotal += math.Pow(f, power)
		}
	}
	logShift := math.Log(float64(negative))
	logW := make([]float64, n) // log P(w)
	logC := make([]float64, n) // log P_noise(c)
	for i := 0; i < n; i++ {
		f := max(c.freq[i], 1) // an item absent from the part read: keep the log finite
		logW[i] = math.Log(f / total)
		logC[i] = power*math.Log(f) - math.Log(noiseTotal)
	}
	logPairs := math.Log(c.total)
	const unseen = 0.5 // the count an unseen pair stands in with
	// The matrix takes the counts' place: each pair of cells (i, j), (j, i)
	// is read once and then overwritten, so the counting and the
	// eigenvalue problem share one n x n float32 array.
	m := c.pair
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			cnt := max(float64(m[i*n+j])+float64(m[j*n+i]), unseen)
			logc := math.Log(cnt) - logPairs - logShift
			x := float32(logc - (logW[i]+logC[j]+logW[j]+logC[i])/2)
			m[i*n+j], m[j*n+i] = x, x
		}
	}
	c.pair = nil // consumed
	return m
}

// Edges is the edge list GraphNegatives reads: edge e is
// Pairs[2e] -> Pairs[2e+1], of weight Weights[e] (nil: every weight 1).
type Edges struct {
	Nodes    int
	Pairs    []int32
	Weights  []float32
	Degrees  []int64 // every node's degree
	Directed bool    // each edge is trained one way, not both
}

// GraphNegatives is Negatives for an edge list: the pairs are the edges
// (each trained in both directions unless the graph is directed), an
// item's frequency is its degree, the context's probability is the graph's
// noise distribution (degree^power), and the counts are exact, so every
// eigenvalue counts: a non-edge is information, not a pair the sample
// happened to miss. The nodes counted are the words(k) of highest degree.
func GraphNegatives(g Edges, k, negative int, power float64) (int, []float64, error) {
	deg := g.Degrees
	n := min(words(k), g.Nodes)
	if n < 2 || k < 1 {
		return 0, nil, nil
	}
	order := make([]int32, g.Nodes)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return int(deg[b] - deg[a]) })
	slot := make([]int32, g.Nodes) // node -> row, or -1
	for i := range slot {
		slot[i] = -1
	}
	for i, node := range order[:n] {
		slot[node] = int32(i)
	}
	c := &cooccurrence{n: n, pair: make([]float32, n*n), freq: make([]float64, n)}
	var rest float64 // frequency outside the counted nodes, for the totals
	for node, d := range deg {
		if s := slot[node]; s >= 0 {
			c.freq[s] = float64(d)
		} else {
			rest += float64(d)
		}
	}
	// The totals over every node: the counted ones plus one pseudo-item
	// standing for the rest (shiftedPMI only sums frequencies).
	c.freq = append(c.freq, rest)
	for e := range len(g.Pairs) / 2 {
		u, v := g.Pairs[2*e], g.Pairs[2*e+1]
		w := 1.0
		if g.Weights != nil {
			w = float64(g.Weights[e])
		}
		c.total += w
		if !g.Directed {
			c.total += w
		}
		if su, sv := slot[u], slot[v]; su >= 0 && sv >= 0 {
			c.pair[int(sv)*n+int(su)] += float32(w)
		}
	}
	return negativeEigenvalues(c.shiftedPMI(negative, power), n, k)
}
