package vocab

import (
	"cmp"
	"math"
	"slices"
)

// KeepProbability is the probability that subsampling keeps a token of a
// word seen count times in total tokens, with threshold t: word2vec.c's
// p = sqrt(t/f) + t/f for the word's frequency f = count/total, clipped to 1.
// Frequent words are thinned because their many co-occurrences carry little
// information and dominate training time. t <= 0 disables subsampling, and a
// word with no count is always kept.
func KeepProbability(count, total int64, t float64) float64 {
	if !(t > 0) || count <= 0 || total <= 0 {
		return 1
	}
	x := t * float64(total) / float64(count) // t/f
	return min(math.Sqrt(x)+x, 1)
}

// SubsampleThresholds returns the subsampling decision of each word as an
// integer threshold, so that the trainer decides with one compare and no
// float conversion: a token of word w is kept iff r <= thr[w] for r uniform
// in [0, 2^32). thr[w] = min(2^32-1, floor(p*2^32)) with p the word's
// KeepProbability, so a word with p = 1 is always kept.
func SubsampleThresholds(v *Vocab, t float64) []uint32 {
	thr := make([]uint32, len(v.Counts))
	for i, c := range v.Counts {
		p := KeepProbability(c, v.Total, t)
		thr[i] = uint32(min(math.Floor(p*(1<<32)), math.MaxUint32))
	}
	return thr
}

// Noise is the negative-sampling distribution: word w is drawn with
// probability proportional to count[w]^power.
//
// word2vec.c approximates it with a 100M-entry table of word ids (400 MB,
// and a cache miss per draw). Noise instead samples it with Walker's alias
// method (in Vose's construction), exactly up to 32-bit resolution of the
// probabilities, from one table of 8 bytes per word: a draw picks a column
// and reads one entry, so it costs one cache line, and the whole table of a
// 68k-word vocabulary (540 KB) stays in cache.
type Noise struct {
	// tab[c] is column c: it yields c with probability prob/2^32 and alias
	// otherwise. prob and alias are interleaved so a draw reads one line.
	tab []column
	// p holds the exact model probabilities, for Prob; Sample never reads it.
	p []float64
}

type column struct {
	prob  uint32
	alias int32
}

// NewNoise returns the distribution proportional to counts[w]^power (word2vec
// uses power 0.75). Words with a count <= 0 are never drawn. If no word can be
// drawn (no positive count, or a power that makes the weights overflow or
// NaN), the distribution is uniform, so that Sample is always well defined
// for a non-empty vocabulary.
func NewNoise(counts []int64, power float64) *Noise {
	n := len(counts)
	w := make([]float64, n)
	var top int64
	for _, c := range counts {
		top = max(top, c)
	}
	// Weights relative to the top count cannot overflow for power > 0.
	// Neumaier's summation keeps the sum exact to rounding, whatever n.
	var sum, comp float64
	for i, c := range counts {
		if c > 0 {
			w[i] = math.Pow(float64(c)/float64(top), power)
		}
		t := sum + w[i]
		if math.Abs(sum) >= math.Abs(w[i]) {
			comp += (sum - t) + w[i]
		} else {
			comp += (w[i] - t) + sum
		}
		sum = t
	}
	sum += comp
	if !(sum > 0) || math.IsInf(sum, 0) {
		for i := range w {
			w[i] = 1
		}
		sum = float64(n)
	}
	p := make([]float64, n)
	for i := range w {
		p[i] = w[i] / sum
	}
	return &Noise{tab: aliasTable(p), p: p}
}

// aliasTable builds the alias table of distribution p (which sums to 1) in
// integer arithmetic. Each column holds a mass of exactly 2^32 units; p is
// first rounded to units by largest remainders, so that the masses sum to
// exactly n*2^32 and Vose's construction has no rounding error left over.
func aliasTable(p []float64) []column {
	const unit = 1 << 32
	n := len(p)
	if n == 0 {
		return nil
	}
	mass := make([]uint64, n)
	frac := make([]float64, n)
	order := make([]int, 0, n) // words that may take a rounding unit
	var assigned uint64
	for i, pi := range p {
		x := pi * float64(n) * unit // n*2^32 < 2^63: exact scale
		m := math.Floor(x)
		mass[i], frac[i] = uint64(m), x-m
		assigned += mass[i]
		if pi > 0 {
			order = append(order, i)
		}
	}
	// Hand out the units lost to flooring, largest remainder first. The
	// floating-point sum of x may also be off by a unit or so either way.
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(frac[b], frac[a]) })
	for want := uint64(n) * unit; assigned != want && len(order) > 0; {
		if assigned < want {
			for _, i := range order {
				if assigned == want {
					break
				}
				mass[i]++
				assigned++
			}
		} else {
			for _, i := range slices.Backward(order) {
				if assigned == want {
					break
				}
				if mass[i] > 0 {
					mass[i]--
					assigned--
				}
			}
		}
	}

	// Vose: pair each under-full column with an over-full word that tops it
	// up. The unprocessed masses always sum to exactly unit per column, so
	// when the under-full columns run out, the rest are exactly full.
	tab := make([]column, n)
	var small, large []int32
	for i := range mass {
		if mass[i] < unit {
			small = append(small, int32(i))
		} else {
			large = append(large, int32(i))
		}
	}
	for len(small) > 0 && len(large) > 0 {
		s := small[len(small)-1]
		small = small[:len(small)-1]
		l := large[len(large)-1]
		tab[s] = column{prob: uint32(mass[s]), alias: l}
		mass[l] -= unit - mass[s]
		if mass[l] < unit {
			large = large[:len(large)-1]
			small = append(small, l)
		}
	}
	// Full columns yield themselves whatever the comparison says. (small is
	// left non-empty only if the masses did not add up, which the rounding
	// above rules out; treat its columns as full rather than lose them.)
	for _, i := range append(large, small...) {
		tab[i] = column{prob: math.MaxUint32, alias: i}
	}
	return tab
}

// Sample maps one uniform 64-bit random number to a word id. The high 32
// bits pick a column by multiply-shift, (hi*n)>>32, which is unbiased to
// within n/2^32 and needs no division; the low 32 bits decide between the
// column's word and its alias. It returns -1 if the distribution is empty.
//
// Sample is inlined into the trainer's loop and compiles without a bounds
// check: the compiler cannot see that (hi*n)>>32 < n, but the explicit test,
// which also handles the empty distribution, proves it. The choice between
// column and alias compiles to a conditional move, not a branch, since it
// is unpredictable.
func (n *Noise) Sample(r uint64) int32 {
	t := n.tab
	w := int32(-1)
	if c := (r >> 32) * uint64(len(t)) >> 32; c < uint64(len(t)) {
		e := t[c]
		w = e.alias
		if uint32(r) < e.prob {
			w = int32(c)
		}
	}
	return w
}

// Prob returns the model probability of word w, count^power / sum over words,
// or 0 if w is out of range. Sample draws w with this probability up to the
// 32-bit resolution of the alias table.
func (n *Noise) Prob(w int32) float64 {
	if w < 0 || int(w) >= len(n.p) {
		return 0
	}
	return n.p[w]
}
