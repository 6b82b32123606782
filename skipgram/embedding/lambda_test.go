package embedding

import "testing"

func TestSummarizeLambda(t *testing.T) {
	s := SummarizeLambda([]float32{2, -1, 0.05, 1, -0.01, 0.5})
	// RMS = sqrt((4+1+0.0025+1+0.0001+0.25)/6) = 1.0206; near zero below 0.102.
	if s.Negative != 2 || s.NearZero != 2 || s.Positive != 4 || s.Min != -1 || s.Max != 2 {
		t.Fatalf("summary %+v", s)
	}
	if got := s.String(); got != "lambda: 2 negative, 4 positive, 2 below 0.1 of the RMS; min -1.000, max 2.000" {
		t.Fatalf("String() = %q", got)
	}
}
