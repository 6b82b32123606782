package eval

import (
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
	// The positives' ranks among all, ties sharing their mean rank.
	var rankSum float64
	for _, r := range averageRanks(slices.Concat(pos, neg))[:len(pos)] {
		rankSum += r
	}
	np, nn := float64(len(pos)), float64(len(neg))
	return (rankSum - np*(np+1)/2) / (np * nn)
}
