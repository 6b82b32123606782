package flagvalue

import (
	"math"
	"slices"
	"testing"
)

// FuzzSet: every value a command line can give is either taken, in range
// and finite, or refused with an error; a list taken prints as a list that
// reads back the same.
func FuzzSet(f *testing.F) {
	for _, s := range []string{"100", "-1", "1e9", "NaN", "0.5", "100, ,300,", "2,1,2", "x", ",", " 1e-3 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var n int
		if err := (Int[int]{P: &n, Lo: 1, Hi: 1000}).Set(s); err == nil && (n < 1 || n > 1000) {
			t.Errorf("Int took %q as %d", s, n)
		}
		var x float64
		if err := (Float{P: &x, Lo: 0, Hi: 1, LoOpen: true}).Set(s); err == nil && !(x > 0 && x <= 1) {
			t.Errorf("Float took %q as %g", s, x)
		}
		var counts, again []int
		if err := Counts(&counts, 50).Set(s); err == nil {
			for _, c := range counts {
				if c < 1 || c > 50 {
					t.Errorf("Counts took %q as %v", s, counts)
				}
			}
			if err := Counts(&again, 50).Set(Counts(&counts, 50).String()); err != nil || !slices.Equal(again, counts) {
				t.Errorf("Counts %v read back as %v, %v", counts, again, err)
			}
		}
		var fs []float64
		if err := Floats(&fs).Set(s); err == nil {
			for _, v := range fs {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Errorf("Floats took %q as %v", s, fs)
				}
			}
		}
	})
}
