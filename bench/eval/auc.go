package eval

import (
	"cmp"
	"math"
	"slices"
)

// ROCAUC is the area under the ROC curve: the probability that a positive
// scores above a negative, ties counting one half (Mann-Whitney's U over the
// product of the counts). It is NaN when either side is empty.
func ROCAUC(pos, neg []float64) float64 {
	if len(pos) == 0 || len(neg) == 0 {
		return math.NaN()
	}
	type scored struct {
		s   float64
		pos bool
	}
	all := make([]scored, 0, len(pos)+len(neg))
	for _, s := range pos {
		all = append(all, scored{s, true})
	}
	for _, s := range neg {
		all = append(all, scored{s, false})
	}
	slices.SortFunc(all, func(x, y scored) int { return cmp.Compare(x.s, y.s) })
	var rankSum float64 // of the positives, ties sharing their mean rank
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j].s == all[i].s {
			j++
		}
		mid := float64(i+j+1) / 2 // mean of ranks i+1..j
		for k := i; k < j; k++ {
			if all[k].pos {
				rankSum += mid
			}
		}
		i = j
	}
	np, nn := float64(len(pos)), float64(len(neg))
	return (rankSum - np*(np+1)/2) / (np * nn)
}
