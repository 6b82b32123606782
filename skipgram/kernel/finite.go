package kernel

import "math"

// Finite reports whether every element of v is a finite number: what a
// trainer checks its rows with to stop a run that diverged.
func Finite(v []float32) bool {
	for _, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return false
		}
	}
	return true
}
