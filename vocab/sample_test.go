package vocab

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestKeepProbability(t *testing.T) {
	for _, tc := range []struct {
		count, total int64
		t            float64
	}{
		{500_000, 1_000_000, 1e-3},
		{100_000, 1_000_000, 1e-3},
		{10_000, 1_000_000, 1e-3},
		{3_000, 1_000_000, 1e-3},
		{1_000_000, 17_000_000, 1e-4},
		{70_000, 17_000_000, 1e-5},
	} {
		f := float64(tc.count) / float64(tc.total)
		want := math.Sqrt(tc.t/f) + tc.t/f
		// word2vec.c's own expression of the same formula.
		ref := (math.Sqrt(float64(tc.count)/(tc.t*float64(tc.total))) + 1) * (tc.t * float64(tc.total)) / float64(tc.count)
		got := KeepProbability(tc.count, tc.total, tc.t)
		if want >= 1 {
			want = 1
		}
		if math.Abs(got-want) > 1e-12 || math.Abs(got-min(ref, 1)) > 1e-12 {
			t.Errorf("KeepProbability(%d, %d, %g) = %v, want %v", tc.count, tc.total, tc.t, got, want)
		}
	}
	for _, tc := range []struct {
		count, total int64
		t            float64
	}{
		{1000, 1_000_000, 1e-3}, // t/f = 1: p = 2, clipped
		{5, 1_000_000, 1e-3},
		{500_000, 1_000_000, 0}, // disabled
		{500_000, 1_000_000, -1},
		{500_000, 1_000_000, math.NaN()},
		{0, 1_000_000, 1e-3},
		{0, 0, 1e-3},
	} {
		if got := KeepProbability(tc.count, tc.total, tc.t); got != 1 {
			t.Errorf("KeepProbability(%d, %d, %g) = %v, want 1", tc.count, tc.total, tc.t, got)
		}
	}
}

func TestSubsampleThresholds(t *testing.T) {
	counts := []int64{500_000, 250_000, 100_000, 50_000, 30_000, 10_000, 3_000, 1_000, 10}
	words := make([]string, len(counts))
	for i := range words {
		words[i] = string(rune('a' + i))
	}
	v, err := New(words, counts)
	if err != nil {
		t.Fatal(err)
	}
	const sample = 1e-3
	thr := SubsampleThresholds(v, sample)
	for w, c := range v.Counts {
		p := KeepProbability(c, v.Total, sample)
		if want := uint32(min(math.Floor(p*(1<<32)), math.MaxUint32)); thr[w] != want {
			t.Errorf("thr[%s] = %d, want %d", v.Words[w], thr[w], want)
		}
	}

	// Empirical keep rates over 1e6 draws, within 5 standard errors.
	const n = 1_000_000
	r := rand.New(rand.NewPCG(11, 12))
	kept := make([]int, len(thr))
	for range n {
		x := r.Uint32()
		for w, th := range thr {
			if x <= th {
				kept[w]++
			}
		}
	}
	for w, c := range v.Counts {
		p := KeepProbability(c, v.Total, sample)
		rate := float64(kept[w]) / n
		if se := math.Sqrt(p * (1 - p) / n); math.Abs(rate-p) > 5*se+1e-9 {
			t.Errorf("word %s (count %d): kept %.5f of tokens, want %.5f ± %.5f", v.Words[w], c, rate, p, 5*se)
		}
		if p == 1 && kept[w] != n {
			t.Errorf("word %s has p = 1 but dropped %d tokens", v.Words[w], n-kept[w])
		}
	}

	for w, th := range SubsampleThresholds(v, 0) {
		if th != math.MaxUint32 {
			t.Errorf("sample 0: thr[%d] = %d, want MaxUint32 (keep all)", w, th)
		}
	}
}

// noiseCounts is a 51-word vocabulary: 50 words with counts spread over
// four orders of magnitude, and one that never occurs.
func noiseCounts() []int64 {
	counts := make([]int64, 51)
	for i := range 50 {
		counts[i] = int64(math.Round(20000 / math.Pow(float64(i+1), 1.3)))
	}
	return counts // counts[50] == 0
}

func TestNoiseProb(t *testing.T) {
	counts := noiseCounts()
	nz := NewNoise(counts, 0.75)
	var sum float64
	for _, c := range counts {
		sum += math.Pow(float64(c), 0.75)
	}
	var total float64
	for w, c := range counts {
		want := math.Pow(float64(c), 0.75) / sum
		if got := nz.Prob(int32(w)); math.Abs(got-want) > 1e-12 {
			t.Errorf("Prob(%d) = %.17g, want %.17g", w, got, want)
		}
		total += nz.Prob(int32(w))
	}
	if math.Abs(total-1) > 1e-12 {
		t.Errorf("probabilities sum to %.17g", total)
	}
	if p := nz.Prob(-1); p != 0 {
		t.Errorf("Prob(-1) = %v, want 0", p)
	}
	if p := nz.Prob(int32(len(counts))); p != 0 {
		t.Errorf("Prob(n) = %v, want 0", p)
	}
}

// aliasMass is the probability with which the alias table yields each
// word: column c (chosen with probability 1/n) yields c with prob/2^32 and
// its alias otherwise.
func aliasMass(nz *Noise) []float64 {
	n := len(nz.tab)
	mass := make([]float64, n)
	for c, e := range nz.tab {
		keep := float64(e.prob) / (1 << 32)
		if e.alias == int32(c) {
			keep = 1
		}
		mass[c] += keep / float64(n)
		mass[e.alias] += (1 - keep) / float64(n)
	}
	return mass
}

func TestNoiseAliasTable(t *testing.T) {
	zipf := make([]int64, 68_000)
	for i := range zipf {
		zipf[i] = int64(5 + 1e8/math.Pow(float64(i+1), 1.1))
	}
	huge := []int64{math.MaxInt64, 1, math.MaxInt64 / 3, 0, 12345}
	for _, tc := range []struct {
		name   string
		counts []int64
		power  float64
	}{
		{"51 words", noiseCounts(), 0.75},
		{"zipf 68k", zipf, 0.75},
		{"one word", []int64{7}, 0.75},
		{"two words", []int64{1, 3}, 0.75},
		{"power 1", noiseCounts(), 1},
		{"power 0", noiseCounts(), 0},
		{"huge counts", huge, 0.75},
		{"all zero", []int64{0, 0, 0}, 0.75},
		{"negative count", []int64{5, -3, 2}, 0.75},
		{"NaN power", []int64{5, 3, 2}, math.NaN()},
	} {
		nz := NewNoise(tc.counts, tc.power)
		if len(nz.tab) != len(tc.counts) {
			t.Fatalf("%s: table has %d columns, want %d", tc.name, len(nz.tab), len(tc.counts))
		}
		mass := aliasMass(nz)
		var psum float64
		for w := range tc.counts {
			p := nz.Prob(int32(w))
			psum += p
			if math.Abs(mass[w]-p) > 1e-9 {
				t.Errorf("%s: alias table gives word %d mass %.12g, want %.12g", tc.name, w, mass[w], p)
			}
			if p == 0 && mass[w] != 0 {
				t.Errorf("%s: word %d has probability 0 but mass %g in the table", tc.name, w, mass[w])
			}
		}
		if math.Abs(psum-1) > 1e-12 {
			t.Errorf("%s: probabilities sum to %.17g", tc.name, psum)
		}
	}

	// Degenerate weights fall back to uniform.
	for _, counts := range [][]int64{{0, 0, 0}, {5, 3, 2}} {
		power := 0.75
		if counts[0] != 0 {
			power = math.NaN()
		}
		nz := NewNoise(counts, power)
		for w := range counts {
			if p := nz.Prob(int32(w)); math.Abs(p-1.0/3) > 1e-15 {
				t.Errorf("NewNoise(%v, %v).Prob(%d) = %v, want 1/3", counts, power, w, p)
			}
		}
	}
	// Negative counts are never drawn.
	if p := NewNoise([]int64{5, -3, 2}, 0.75).Prob(1); p != 0 {
		t.Errorf("word with negative count has probability %v", p)
	}
}

// chi2Quantile999 approximates the 0.999 quantile of the chi-square
// distribution with k degrees of freedom (Wilson-Hilferty).
func chi2Quantile999(k int) float64 {
	const z = 3.090232306167813 // 0.999 normal quantile
	h := 2 / (9 * float64(k))
	return float64(k) * math.Pow(1-h+z*math.Sqrt(h), 3)
}

func TestNoiseSample(t *testing.T) {
	counts := noiseCounts()
	nz := NewNoise(counts, 0.75)
	const n = 1_000_000
	r := rand.New(rand.NewPCG(21, 22))
	obs := make([]int, len(counts))
	for range n {
		w := nz.Sample(r.Uint64())
		if w < 0 || int(w) >= len(counts) {
			t.Fatalf("Sample returned %d, not a word of %d", w, len(counts))
		}
		obs[w]++
	}
	var chi2 float64
	df := -1
	for w, o := range obs {
		e := n * nz.Prob(int32(w))
		if e == 0 {
			if o != 0 {
				t.Errorf("word %d has probability 0 but was drawn %d times", w, o)
			}
			continue
		}
		chi2 += (float64(o) - e) * (float64(o) - e) / e
		df++
	}
	if q := chi2Quantile999(df); chi2 > q {
		t.Errorf("chi-square = %.1f over %d degrees of freedom, above the 0.999 quantile %.1f", chi2, df, q)
	} else {
		t.Logf("chi-square = %.1f over %d degrees of freedom (0.999 quantile %.1f)", chi2, df, q)
	}

	// The extremes of the random number map to the first and last columns.
	for _, x := range []uint64{0, math.MaxUint64, 1 << 32, math.MaxUint32} {
		if w := nz.Sample(x); w < 0 || int(w) >= len(counts) {
			t.Errorf("Sample(%#x) = %d, out of range", x, w)
		}
	}
}

func TestNoiseEmpty(t *testing.T) {
	for _, nz := range []*Noise{NewNoise(nil, 0.75), {}} {
		if w := nz.Sample(12345); w != -1 {
			t.Errorf("empty Noise: Sample = %d, want -1", w)
		}
		if p := nz.Prob(0); p != 0 {
			t.Errorf("empty Noise: Prob(0) = %v, want 0", p)
		}
	}
}

var sink int32

func BenchmarkNoiseSample(b *testing.B) {
	// A 68k-word Zipf vocabulary, the size of enwiki17m's at min-count 5.
	counts := make([]int64, 68_000)
	for i := range counts {
		counts[i] = int64(5 + 1e7/float64(i+1))
	}
	nz := NewNoise(counts, 0.75)
	var s int32
	x := uint64(1)
	for b.Loop() {
		// SplitMix64, as the trainer uses.
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		s += nz.Sample(z ^ (z >> 31))
	}
	sink = s
}
