package planted

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sort"
	"strconv"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// Planted is a vocabulary whose co-occurrences follow a known indefinite
// similarity, the situation the paper's general similarity models are for.
// Word i has two angles, theta_i and phi_i, and
//
//	h(i, j) = r^2 cos(theta_i - theta_j) - r^2 cos(phi_i - phi_j),
//
// the inner product of (r cos theta, r sin theta, r cos phi, r sin phi) under
// the weights (1, 1, -1, -1): words attract along the first circle and repel
// along the second, so the similarity matrix has two negative eigenvalues and
// no inner product of real vectors (IPS) can reproduce it, while IPDS and
// WIPS can. Because every word sits on both circles at the same radius, the
// words' marginal frequencies are nearly equal and the pointwise mutual
// information that skip-gram fits is h up to a constant.
type Planted struct {
	Words  []string
	Theta  []float64
	Phi    []float64
	Radius float64
	cum    []float64 // cumulative pair weights exp(h), over i <= j
}

// PlantedOptions sizes a planted vocabulary.
type PlantedOptions struct {
	Words  int     // vocabulary size (default 150)
	Radius float64 // r: h spans [-2r^2, 2r^2] (default 1.3)
	Seed   uint64
}

// NewPlanted draws the words' angles.
func NewPlanted(opt PlantedOptions) *Planted {
	if opt.Words <= 1 {
		opt.Words = 150
	}
	if opt.Radius <= 0 {
		opt.Radius = 1.3
	}
	r := rand.New(rand.NewPCG(opt.Seed, 0x5eed))
	p := &Planted{Radius: opt.Radius}
	for i := range opt.Words {
		p.Words = append(p.Words, "p"+strconv.Itoa(i))
		p.Theta = append(p.Theta, 2*math.Pi*r.Float64())
		p.Phi = append(p.Phi, 2*math.Pi*r.Float64())
	}
	var total float64
	for i := range p.Words {
		for j := i; j < len(p.Words); j++ {
			w := math.Exp(p.Similarity(i, j))
			if i != j {
				w *= 2 // the unordered pair stands for both orders
			}
			total += w
			p.cum = append(p.cum, total)
		}
	}
	return p
}

// Similarity is the planted h(i, j).
func (p *Planted) Similarity(i, j int) float64 {
	r2 := p.Radius * p.Radius
	return r2*math.Cos(p.Theta[i]-p.Theta[j]) - r2*math.Cos(p.Phi[i]-p.Phi[j])
}

// SGNSNegatives is how many negative directions the matrix that skip-gram
// fits on this corpus has: the planted similarity's two (the second
// circle), and one more for the shift. Skip-gram with k negatives fits
// PMI - log k, and here PMI = h - log E[exp h] (the words' marginals being
// equal), so the target is h plus the constant -(log E[exp h] + log k): a
// rank-one term along the all-ones vector, nearly orthogonal to the
// circles' directions, and negative for every k >= 1, since E[h] = 0 makes
// E[exp h] >= 1 (Jensen). A one-view model needs a negative weight for it
// as for the circle (SIPS's bias is the other way to fit it), so IPDS fits
// this corpus with q = 3 as well as with q = 4 and clearly better than with
// q = 2. With K = 8 the remaining three coordinates have nothing to fit.
func (p *Planted) SGNSNegatives() int { return 3 }

// samplePair draws an unordered pair with probability proportional to exp(h).
func (p *Planted) samplePair(r *rand.Rand) (int, int) {
	k := sort.SearchFloat64s(p.cum, r.Float64()*p.cum[len(p.cum)-1])
	n := len(p.Words)
	for i := 0; i < n; i++ { // row i holds n-i pairs (i, i..n-1)
		if k < n-i {
			return i, i + k
		}
		k -= n - i
	}
	return n - 1, n - 1
}

// WriteCorpus writes sentences of two words, one co-occurring pair per line,
// in random order within the line.
func (p *Planted) WriteCorpus(w io.Writer, sentences int, seed uint64) error {
	r := rand.New(rand.NewPCG(seed, 0xc0))
	bw := bufio.NewWriterSize(w, 1<<16)
	for range sentences {
		i, j := p.samplePair(r)
		if r.IntN(2) == 0 {
			i, j = j, i
		}
		bw.WriteString(p.Words[i])
		bw.WriteByte(' ')
		bw.WriteString(p.Words[j])
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// PlantedFit says how well vectors recover the planted similarity.
type PlantedFit struct {
	Spearman float64 // rank correlation of model and planted similarity over all word pairs
	AUC      float64 // held-out co-occurring pairs vs independent pairs, ranked by the model
	Pairs    int     // word pairs compared (both words in the vocabulary)
}

// Fit scores vectors against the planted similarity with the model's
// similarity function. The held-out pairs are drawn afresh with seed, so
// they are not the training sentences.
func (p *Planted) Fit(v *embedding.Vectors, sim embedding.Similarity, seed uint64) PlantedFit {
	idx := v.Index()
	rows := make([]int, len(p.Words))
	for i, w := range p.Words {
		r, ok := idx[w]
		if !ok {
			r = -1
		}
		rows[i] = r
	}
	var model, planted []float64
	for i := range p.Words {
		for j := i + 1; j < len(p.Words); j++ {
			if rows[i] < 0 || rows[j] < 0 {
				continue
			}
			model = append(model, sim.Func(v.Row(rows[i]), v.Row(rows[j])))
			planted = append(planted, p.Similarity(i, j))
		}
	}
	fit := PlantedFit{Spearman: eval.Spearman(model, planted), Pairs: len(model)}

	// AUC: a held-out co-occurring pair should outscore a pair of words drawn
	// independently from the marginals.
	r := rand.New(rand.NewPCG(seed, 0xa0c))
	const n = 20000
	var pos, neg []float64
	score := func(i, j int) (float64, bool) {
		if rows[i] < 0 || rows[j] < 0 || i == j {
			return 0, false
		}
		return sim.Func(v.Row(rows[i]), v.Row(rows[j])), true
	}
	for range n {
		if s, ok := score(p.samplePair(r)); ok {
			pos = append(pos, s)
		}
		a, _ := p.samplePair(r)
		_, b := p.samplePair(r)
		if s, ok := score(a, b); ok {
			neg = append(neg, s)
		}
	}
	fit.AUC = eval.ROCAUC(pos, neg)
	return fit
}

// String formats a fit for the demo's table.
func (f PlantedFit) String() string {
	return fmt.Sprintf("spearman %5.3f  AUC %5.3f", f.Spearman, f.AUC)
}
