package kernel

import "math"

// The sigmoid and its log are read from tables, as in word2vec.c, but finer:
// 4096 cells over [-maxExp, maxExp] instead of 1000 over [-6, 6].
const (
	maxExp    = 8
	tableSize = 4096
	tableStep = tableSize / (2 * maxExp)
)

// SigmoidTable holds sigma(x) and -log sigma(x) at the centre of each cell.
// The cells are symmetric about zero: cell tableSize-1-i holds -x.
type SigmoidTable struct {
	sig  [tableSize]float32
	nlog [tableSize]float32
}

// NewSigmoidTable fills a table; a training run builds one and shares it
// among its workers, read-only.
func NewSigmoidTable() *SigmoidTable {
	t := new(SigmoidTable)
	for i := range t.sig {
		x := (float64(i)+0.5)/tableStep - maxExp
		t.sig[i] = float32(1 / (1 + math.Exp(-x)))
		t.nlog[i] = float32(math.Log1p(math.Exp(-x)))
	}
	return t
}

// Gradient returns the scaled gradient (label - sigma(x)) * alpha and the
// loss -log sigma(+-x) of one scored pair.
//
// It has no branch on positive, which hierarchical softmax's labels (the
// bits of a Huffman code) would mispredict half the time: the label is 1
// or 0, and 0 - sigma equals -sigma bit for bit since no cell holds 0;
// cell tableSize-1-i is i with its 12 bits flipped.
func (t *SigmoidTable) Gradient(x float32, positive bool, alpha float32) (g, loss float32) {
	i := t.index(x)
	var label float32
	flip := tableSize - 1
	if positive {
		label, flip = 1, 0
	}
	return (label - t.sig[i]) * alpha, t.nlog[(i^flip)&(tableSize-1)]
}

// index maps a score to its cell, clipped to the table. NaN maps to cell 0
// rather than to a wild index: a diverged run is reported after training.
func (t *SigmoidTable) index(x float32) int {
	if !(x > -maxExp) {
		return 0
	}
	if x >= maxExp {
		return tableSize - 1
	}
	return min(int((x+maxExp)*tableStep), tableSize-1)
}

// scorePairsGeneric is ScorePairs one kernel call at a time.
func scorePairsGeneric(t *SigmoidTable, acc, in []float32, outs [][]float32, pos []bool, alpha float32) (loss float32) {
	n := len(in)
	for j, out := range outs {
		g, l := t.Gradient(Dot(in, out[:n]), pos[j], alpha)
		loss += l
		PairUpdate(acc[:n], out[:n], in, g)
	}
	return loss
}
