package lambda

// Merge folds a worker's gradient d of the weights w into them and clears
// d: the arithmetic of WIPS's merge on plain vectors, apart from the
// kernel's lock and its private copies (skipgram's weightedKernel.sync).
//
// For the vectors as they are, the loss is convex in each w_k. sq keeps a
// moving average of each weight's squared merged gradient, which where the
// gradient's noise dominates estimates the Fisher information, the loss's
// curvature in w_k, and w_k takes the fraction rate of the step
// gradient / average: a step with no scale to tune to a corpus or a size,
// whose noise falls as the merges sum more pairs. Each merge scales w_k by
// a factor within 1 +- MaxChange: no merge changes a sign (the signs come
// from the start), and where the gradient is small but steady (scores that
// saturate) the step, large by that measure, grows no weight faster than a
// percent a merge.
func Merge(w, sq, d []float32, rate float64) {
	for i, g := range d {
		x := float64(g)
		v := float64(sq[i])
		if v == 0 {
			v = x * x // the first merge: no average yet
		}
		v = SqDecay*v + (1-SqDecay)*x*x
		sq[i] = float32(v)
		if v > 0 {
			f := 1 + rate*x/(v*float64(w[i]))
			w[i] *= float32(min(max(f, 1-MaxChange), 1+MaxChange))
		}
		d[i] = 0
	}
}

// MaxChange bounds the change of a weight in one merge, as a fraction of
// the weight.
const MaxChange = 0.01

// SqDecay is the weight of the past in the squared gradients' average, per
// merge: about the last thousand merges count.
const SqDecay = 0.999

// SetSigns sets signs to the sign of each weight of w: -1 for a negative
// one, +1 otherwise.
func SetSigns(signs, w []float32) {
	for i, x := range w {
		signs[i] = 1
		if x < 0 {
			signs[i] = -1
		}
	}
}
