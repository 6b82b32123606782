package eval

import (
	"math"
	"testing"
)

func TestROCAUC(t *testing.T) {
	for _, c := range []struct {
		pos, neg []float64
		want     float64
	}{
		{[]float64{3, 4}, []float64{1, 2}, 1},          // separable
		{[]float64{1, 2}, []float64{1, 2}, 0.5},        // identical
		{[]float64{1}, []float64{1, 2, 0}, 0.5},        // (0.5+0+1)/3
		{[]float64{3, 1}, []float64{2, 1, 0}, 4.5 / 6}, // a tie across the two
	} {
		if got := ROCAUC(c.pos, c.neg); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("ROCAUC(%v, %v) = %v, want %v", c.pos, c.neg, got, c.want)
		}
	}
	if got := ROCAUC(nil, []float64{1}); !math.IsNaN(got) {
		t.Errorf("ROCAUC with no positives = %v, want NaN", got)
	}
}
