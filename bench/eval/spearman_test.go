package eval

import (
	"math"
	"testing"
)

func TestSpearman(t *testing.T) {
	// Expected values from scipy.stats.spearmanr(x, y).correlation (1.10).
	for _, tc := range []struct {
		x, y []float64
		want float64
	}{
		{[]float64{1, 2, 3, 4, 5}, []float64{5, 6, 7, 8, 7}, 0.8207826816681233},
		{[]float64{1, 2, 2, 3, 3, 3, 4}, []float64{1, 3, 2, 5, 4, 4, 7}, 0.9629500128629354},
		{[]float64{10, 10, 10, 20, 20, 30}, []float64{3, 1, 2, 2, 2, 9}, 0.4918693768379647},
		{[]float64{0, 9.77, 9.77, 1.5, -2, 3, 3}, []float64{0.1, 0.9, 0.8, 0.3, 0.2, 0.5, 0.45}, 0.9456108576893005},
		{[]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1},
		{[]float64{1, 1, 2, 2}, []float64{1, 2, 1, 2}, 0},
		{[]float64{1, 2}, []float64{3, 4}, 1},
	} {
		if got := Spearman(tc.x, tc.y); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("Spearman(%v, %v) = %.16g, want %.16g", tc.x, tc.y, got, tc.want)
		}
	}
	for _, tc := range []struct{ x, y []float64 }{
		{nil, nil},
		{[]float64{1}, []float64{2}},
		{[]float64{1, 2, 3}, []float64{1, 2}},
		{[]float64{1, 1, 1}, []float64{1, 2, 3}},
		{[]float64{1, 2, math.NaN()}, []float64{1, 2, 3}},
	} {
		if got := Spearman(tc.x, tc.y); !math.IsNaN(got) {
			t.Errorf("Spearman(%v, %v) = %v, want NaN", tc.x, tc.y, got)
		}
	}
}

func TestAverageRanks(t *testing.T) {
	got := averageRanks([]float64{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5})
	// scipy.stats.rankdata: [4.5, 1.5, 6, 1.5, 8, 11, 3, 10, 8, 4.5, 8]
	want := []float64{4.5, 1.5, 6, 1.5, 8, 11, 3, 10, 8, 4.5, 8}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("averageRanks = %v, want %v", got, want)
		}
	}
}
