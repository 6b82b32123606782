package embedding

import (
	"fmt"
	"math"
)

// LambdaSummary describes a WIPS weight vector in the terms that matter for
// reading it: how many weights are negative (the model is an IPDS with that
// many negative coordinates), how many are small (coordinates whose share
// of a score training shrank) and the range.
type LambdaSummary struct {
	Negative, Positive int     // by sign: every weight is one or the other (0 counts as positive)
	NearZero           int     // weights of either sign below NearZeroFraction of the RMS
	Min, Max           float32 // extremes
	RMS                float64
}

// NearZeroFraction is the threshold of LambdaSummary.NearZero: a weight
// below this fraction of the weights' RMS in absolute value.
const NearZeroFraction = 0.1

// SummarizeLambda summarises lambda.
func SummarizeLambda(lambda []float32) LambdaSummary {
	var s LambdaSummary
	if len(lambda) == 0 {
		return s
	}
	var ss float64
	s.Min, s.Max = lambda[0], lambda[0]
	for _, x := range lambda {
		ss += float64(x) * float64(x)
		s.Min, s.Max = min(s.Min, x), max(s.Max, x)
	}
	s.RMS = math.Sqrt(ss / float64(len(lambda)))
	for _, x := range lambda {
		if math.Abs(float64(x)) < NearZeroFraction*s.RMS {
			s.NearZero++
		}
		if x < 0 {
			s.Negative++
		} else {
			s.Positive++
		}
	}
	return s
}

// String is the one line eval and nearest print.
func (s LambdaSummary) String() string {
	return fmt.Sprintf("lambda: %d negative, %d positive, %d below %.1f of the RMS; min %.3f, max %.3f",
		s.Negative, s.Positive, s.NearZero, NearZeroFraction, s.Min, s.Max)
}
