package eval

import (
	"cmp"
	"math"
	"slices"
)

// Spearman returns Spearman's rank correlation of x and y: the Pearson
// correlation of their ranks, tied values sharing the average of the ranks
// they span. This is exactly scipy.stats.spearmanr, which gensim and the
// papers use, so numbers are comparable. It returns NaN, as scipy does, when
// the correlation is undefined: fewer than two pairs, a constant input or a
// NaN value; and also when the lengths differ.
func Spearman(x, y []float64) float64 {
	if len(x) != len(y) || len(x) < 2 {
		return math.NaN()
	}
	for i := range x {
		if math.IsNaN(x[i]) || math.IsNaN(y[i]) {
			return math.NaN()
		}
	}
	return pearson(averageRanks(x), averageRanks(y))
}

// averageRanks returns the 1-based ranks of x, ties getting their mean rank
// (scipy.stats.rankdata's "average" method).
func averageRanks(x []float64) []float64 {
	order := make([]int, len(x))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(x[a], x[b]) })
	ranks := make([]float64, len(x))
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && x[order[j]] == x[order[i]] {
			j++
		}
		// Positions i..j-1 hold equal values: ranks i+1..j, mean (i+1+j)/2.
		r := float64(i+1+j) / 2
		for k := i; k < j; k++ {
			ranks[order[k]] = r
		}
		i = j
	}
	return ranks
}

// pearson returns the Pearson correlation of x and y, or NaN if either is
// constant.
func pearson(x, y []float64) float64 {
	n := float64(len(x))
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx /= n
	my /= n
	var sxy, sxx, syy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	if sxx == 0 || syy == 0 {
		return math.NaN()
	}
	r := sxy / math.Sqrt(sxx*syy)
	// Rounding can push a perfect correlation just past ±1.
	return math.Max(-1, math.Min(1, r))
}
