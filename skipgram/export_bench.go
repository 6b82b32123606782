package skipgram

import "sync"

// benchSigmoid is the table FusedPairUpdate scores with. Training builds its
// own per run; the benchmark hook shares one so that a call costs what a step
// of the training loop costs and nothing more.
var benchSigmoid = sync.OnceValue(newSigmoidTable)

// FusedPairUpdate runs one negative-sampling step of SG's inner loop (the
// dotKernel) on a pair of rows, exactly as training does: the score
// s = <in, out>, its gradient g = -sigma(s)*alpha as for a noise word, then
// the fused update acc += g*out, out += g*in. It returns s.
//
// It exists so that package bench can measure the ceiling of the training
// loop, the rate of this step on rows that sit in L1, with the same
// dispatching kernels (AVX2+FMA where the CPU has them) the trainer uses.
// The three slices must have the same length; out and in are updated in
// place and acc accumulates.
func FusedPairUpdate(acc, out, in []float32, alpha float32) float32 {
	s := dot(in, out)
	g, _ := benchSigmoid().gradient(s, false, alpha)
	pairUpdate(acc, out, in, g)
	return s
}
