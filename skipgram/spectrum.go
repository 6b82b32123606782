package skipgram

import (
	"fmt"
	"math"
	"slices"

	"github.com/wipsvec/wipsvec/vocab"
)

// SpectrumOptions sizes WIPS's spectral start (see SpectralNegatives).
type SpectrumOptions struct {
	Words    int   // the most frequent words whose co-occurrences are counted (default: see spectrumWords)
	Tokens   int64 // corpus tokens read for the counts, from the start (default 20M)
	Window   int   // co-occurrence window, as -window
	Negative int   // SGNS's k: the model fits PMI - log k
}

// spectrumTokens is how much of the corpus the spectral start reads by
// default: the frequent words' co-occurrences are well estimated long
// before that, and Text9-sized corpora need not be read whole.
const spectrumTokens = 20_000_000

// spectrumWords is how many words the spectral start counts for K
// coordinates: 20 K, so that the K largest eigenvalues are a small part of
// the spectrum, between 1,000 and 2,000 so that the dense eigenvalue
// problem stays near a second.
func spectrumWords(k int) int { return min(max(20*k, 1000), 2000) }

// SpectralNegatives estimates how many of WIPS's K weights should be
// negative from the corpus itself, before any training.
//
// Skip-gram with k negatives fits s(w, c) = PMI(w, c) - log k (Levy and
// Goldberg 2014), and a one-view model approximates that matrix's symmetric
// part. The best symmetric rank-K approximation keeps the K eigenpairs of
// largest absolute eigenvalue, negative ones included (the paper's
// Section 3.4), and each negative eigenvalue kept is one negative weight of
// lambda.
//
// Once training has started the signs barely move: lambda's gradient
// vanishes wherever the vectors have converged, so every stationary point of
// IPS is one of WIPS, and a column of the vectors follows the eigenvectors
// of its own weight's sign. So the signs must be right at the start, and the
// data can say what they are: count the co-occurrences of the most frequent
// words within the window (weighted (W-d+1)/W at distance d, as word2vec's
// shrunk window does on average), form PMI with the noise distribution's
// unigram^0.75 for the context, subtract log k, and count the negative
// eigenvalues among the K largest in absolute value.
//
// Only eigenvalues above the sampling noise count. A count c estimates its
// PMI to about 1/sqrt(c), and a symmetric matrix of independent errors has
// its spectrum within about twice the square root of its largest row sum of
// variances; the edge used is half again that (three times the root), since
// the largest noise eigenvalues of a finite matrix reach the asymptotic
// edge (seen on the planted corpus) and an unseen pair's error is larger
// than its stand-in count says. Beyond the data's significant rank (a corpus of two-word
// sentences with a rank-4 similarity, a small corpus at a large K) the
// remaining eigenvalues are that noise, with random signs; their weights
// start positive, as IPS would use the spare coordinates. An unseen pair
// counts as half an occurrence, which keeps its PMI finite and low where
// the pair was expected often and near zero where it was not.
//
// It returns the count and the K largest eigenvalues (by absolute value,
// largest first) with the noise edge, for the run's record.
func SpectralNegatives(v *vocab.Vocab, chunks [][]int32, k int, opt SpectrumOptions) (q int, top []float64, edge float64, err error) {
	n := opt.Words
	if n <= 0 {
		n = spectrumWords(k)
	}
	n = min(n, v.Len())
	if n < 2 || k < 1 {
		return 0, nil, 0, nil
	}
	m, edge, err := shiftedPMI(v, chunks, n, opt)
	if err != nil {
		return 0, nil, 0, err
	}
	eig, err := symmetricEigenvalues(m, n)
	if err != nil {
		return 0, nil, 0, fmt.Errorf("spectral start: %w", err)
	}
	slices.SortFunc(eig, cmpAbsDesc)
	top = eig[:min(k, len(eig))]
	for _, x := range top {
		if x < -edge {
			q++
		}
	}
	// A model with every weight negative scores every pair by minus an
	// inner product; keep at least one positive weight.
	return min(q, k-1), top, edge, nil
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

// shiftedPMI returns the symmetric n x n matrix PMI - log k of the n most
// frequent words (ids 0..n-1, the vocabulary being ordered by count),
// counted over the first opt.Tokens tokens of the stream, and the edge of
// its sampling noise's spectrum.
func shiftedPMI(v *vocab.Vocab, chunks [][]int32, n int, opt SpectrumOptions) ([]float32, float64, error) {
	window := max(opt.Window, 1)
	tokens := opt.Tokens
	if tokens <= 0 {
		tokens = spectrumTokens
	}
	negative := max(opt.Negative, 1)

	// weight[d] is a pair's weight at distance d; reach[f] the weight of
	// all pairs a token makes with the f tokens before it.
	weight := make([]float64, window+1)
	reach := make([]float64, window+1)
	for d := 1; d <= window; d++ {
		weight[d] = float64(window-d+1) / float64(window)
		reach[d] = reach[d-1] + weight[d]
	}
	cooc := make([]float64, n*n) // cooc[i*n+j]: weight of i after j; symmetrised below
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
						row[prev] += weight[d+1]
					}
				}
			}
			copy(last[1:], last[:window-1])
			last[0] = id
			filled++
		}
	}
	if pairs == 0 {
		return nil, 0, fmt.Errorf("spectral start: the corpus has no co-occurring words")
	}
	// Context probabilities under the noise distribution, unigram^0.75 over
	// the whole vocabulary.
	var total, noiseTotal float64
	for _, c := range unigram {
		total += c
		noiseTotal += math.Pow(c, 0.75)
	}
	logShift := math.Log(float64(negative))
	logW := make([]float64, n) // log P(w)
	logC := make([]float64, n) // log P_0.75(c)
	for i := 0; i < n; i++ {
		u := max(unigram[i], 1) // a top word absent from the part read: keep the log finite
		logW[i] = math.Log(u / total)
		logC[i] = 0.75*math.Log(u) - math.Log(noiseTotal)
	}
	logPairs := math.Log(pairs)
	const unseen = 0.5 // the count an unseen pair stands in with
	m := make([]float32, n*n)
	var maxVar float64
	for i := 0; i < n; i++ {
		var rowVar float64
		for j := 0; j < n; j++ {
			c := max(cooc[i*n+j]+cooc[j*n+i], unseen)
			rowVar += 1 / c
			if j >= i {
				logc := math.Log(c) - logPairs - logShift
				x := float32(logc - (logW[i]+logC[j]+logW[j]+logC[i])/2)
				m[i*n+j], m[j*n+i] = x, x
			}
		}
		maxVar = max(maxVar, rowVar)
	}
	return m, 3 * math.Sqrt(maxVar), nil
}
