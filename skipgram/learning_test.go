package skipgram

import (
	"math"
	"slices"
	"testing"

	"github.com/wipsvec/wipsvec/vocab"
)

// sigmoid64 is the exact logistic function, the reference for the table.
func sigmoid64(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// riemannian returns the Riemannian gradient of <x, y>_M in x on the
// hyperboloid: the Euclidean gradient (central differences), its index
// raised by the metric diag(1,..,1,-1), projected onto x's tangent space.
func riemannian(x, y []float32) []float64 {
	n := len(x)
	grad := make([]float64, n)
	for i := range grad {
		p := append([]float32(nil), x...)
		const h = 1e-2
		p[i] += h
		sp := minkowski64(p, y)
		p[i] -= 2 * h
		grad[i] = (sp - minkowski64(p, y)) / (2 * h)
	}
	grad[n-1] = -grad[n-1]
	var mk float64
	for i := 0; i < n-1; i++ {
		mk += float64(x[i]) * grad[i]
	}
	mk -= float64(x[n-1]) * grad[n-1]
	for i := range grad {
		grad[i] += mk * float64(x[i])
	}
	return grad
}

// TestGradientsWithNegatives steps every model's kernel once on one context
// with its positive target and the noise words drawn for it, and checks
// against references computed here in float64: each output row moved by
// its own g*ds/dout (g = alpha*(1-sigma(s)) for the positive target,
// -alpha*sigma(s) for a noise word), the input row by the sum of
// g*ds/din over all targets, WIPS's lambda gradient by the sum of
// g*ds/dlambda, and the loss is -log sigma(s) - sum log sigma(-s_noise).
// The derivatives are central differences of the float64 score; HSG's are
// Riemannian (see TestHyperbolicStepIsRiemannianGradient). A noise word
// that is dropped, scored with the wrong sign or not updated fails here.
func TestGradientsWithNegatives(t *testing.T) {
	for _, kind := range Kinds() {
		t.Run(string(kind), func(t *testing.T) { checkWindowGradients(t, kind, func(o *Options) { o.Batch = false }, 1) })
	}
}

// TestBatchGradientsWithNegatives is TestGradientsWithNegatives for the
// batch kernels (Options.Batch) on a window of three contexts sharing one
// set of targets: every gradient is taken at the window's starting point,
// so each output row moves by the sum over the contexts, each input row by
// the sum over the targets, and lambda's gradient by the sum over all pairs.
// A context or target mixed up in the m x (1+N) gradient matrix fails here.
func TestBatchGradientsWithNegatives(t *testing.T) {
	for _, kind := range Kinds() {
		t.Run(string(kind), func(t *testing.T) { checkWindowGradients(t, kind, func(o *Options) { o.Batch = true }, 3) })
	}
}

// TestBatchHyperbolicMeasuredVelocity: HSG's batch kernel on several
// threads builds and measures each target's velocity instead of trusting
// the formula for its length; the gradients are the same.
func TestBatchHyperbolicMeasuredVelocity(t *testing.T) {
	checkWindowGradients(t, HSG, func(o *Options) { o.Batch, o.Threads, o.HotRows = true, 2, 0 }, 3)
}

// checkWindowGradients steps kind's kernel (set picks it: the batch kernel
// with Batch) on windows of nctx distinct contexts and checks every row's
// move, the loss and WIPS's lambda gradient against float64 references.
func checkWindowGradients(t *testing.T, kind Kind, set func(*Options), nctx int) {
	alpha, dim := float32(1e-3), 10
	if kind == HSG {
		alpha, dim = 2e-3, 6
	}
	const words, negative = 40, 4
	checked := 0
	for trial := uint64(1); checked < 5 && trial < 100; trial++ {
		w := testWorkerWith(t, kind, dim, words, negative, trial, set)
		m := w.r.model
		center := int32(trial % 7)
		var ctxs []int32
		for i := range nctx {
			ctxs = append(ctxs, int32(20+(int(trial)+5*i)%20))
		}
		// The targets the kernel must use: the centre word, then
		// `negative` draws from the noise distribution on the
		// worker's random stream, a draw of the centre word skipped
		// (word2vec.c's rule).
		r := w.RNG
		targets := []int32{center}
		for range negative {
			if n := w.r.noise.Sample(r.Next()); n != center {
				targets = append(targets, n)
			}
		}
		if len(targets) < 3 || hasDuplicate(targets) || hasDuplicate(ctxs) || slices.ContainsFunc(ctxs, func(c int32) bool { return slices.Contains(targets, c) }) {
			continue // aliased rows: the updates interact
		}
		checked++
		ins0 := make([][]float32, nctx)
		for i, c := range ctxs {
			ins0[i] = append([]float32(nil), m.Row(int(c))...)
		}
		outs0 := make([][]float32, len(targets))
		for j, tg := range targets {
			outs0[j] = append([]float32(nil), outRow(w, int(tg))...)
		}
		gs := make([][]float64, nctx) // gs[i][j]: the pair's g
		var wantLoss float64
		for i := range ctxs {
			gs[i] = make([]float64, len(targets))
			for j := range targets {
				s := score64(w, ins0[i], outs0[j])
				if j == 0 {
					gs[i][j] = float64(alpha) * (1 - sigmoid64(s))
					wantLoss -= math.Log(sigmoid64(s))
				} else {
					gs[i][j] = -float64(alpha) * sigmoid64(s)
					wantLoss -= math.Log(sigmoid64(-s))
				}
			}
		}
		lambda0 := append([]float32(nil), privateLambda(w)...)
		loss := w.kernel.window(&w.step, center, ctxs, alpha)
		if math.Abs(float64(loss)-wantLoss) > 0.02*wantLoss+1e-3 {
			t.Errorf("trial %d: loss %.5g, want %.5g over %d targets", trial, loss, wantLoss, len(targets))
		}

		wt := windowTrial{w: w, kind: kind, dim: dim, trial: trial, ctxs: ctxs, targets: targets, ins0: ins0, outs0: outs0, gs: gs, lambda0: lambda0}
		wt.check(t)
	}
	if checked < 5 {
		t.Fatalf("only %d trials drew distinct targets", checked)
	}
}

func hasDuplicate(s []int32) bool {
	for i := range s {
		if slices.Contains(s[i+1:], s[i]) {
			return true
		}
	}
	return false
}

// TestSubsamplingKeepsTheRightShare checks the trainer's subsampling
// against word2vec's keep probability: on a corpus of two words (90% and
// 10% of the tokens) in long sentences, with window 1, every sentence of L
// kept tokens trains exactly 2(L-1) pairs, so the kept tokens can be read
// off Stats.Pairs and compared with sum count*KeepProbability (binomial,
// within 5 standard deviations). Without subsampling every token is kept.
func TestSubsamplingKeepsTheRightShare(t *testing.T) {
	const sentences, length = 100, 200
	v, err := vocab.New([]string{"a", "b"}, []int64{sentences * length * 9 / 10, sentences * length / 10})
	if err != nil {
		t.Fatal(err)
	}
	var stream []int32
	for s := range sentences {
		for i := range length {
			id := int32(0)
			if (s*length+i)%10 == 0 {
				id = 1
			}
			stream = append(stream, id)
		}
		stream = append(stream, vocab.SentenceEnd)
	}
	for _, sample := range []float64{0, 1e-2, 1e-3} {
		opt := testOptions(SG)
		opt.Dim, opt.Window, opt.Negative, opt.Iter, opt.Sample = 4, 1, 1, 3, sample
		_, st := mustTrain(t, v, stream, opt)
		kept := float64(st.Pairs)/2 + float64(opt.Iter*sentences)
		var want, variance float64
		for _, c := range v.Counts {
			p := vocab.KeepProbability(c, v.Total, sample)
			n := float64(c) * float64(opt.Iter)
			want += n * p
			variance += n * p * (1 - p)
		}
		if math.Abs(kept-want) > 5*math.Sqrt(variance)+1e-9 {
			t.Errorf("-sample %g: kept %.0f tokens (from %d pairs), want %.0f ± %.0f", sample, kept, st.Pairs, want, 5*math.Sqrt(variance))
		}
	}
}

// windowTrial is one window of checkWindowGradients after the kernel's
// step: the rows before it and each pair's g.
type windowTrial struct {
	w       *worker
	kind    Kind
	dim     int
	trial   uint64
	ctxs    []int32
	targets []int32
	ins0    [][]float32 // the contexts' rows before the step
	outs0   [][]float32 // the targets' rows before the step
	gs      [][]float64 // gs[i][j]: context i's pair with target j's g
	lambda0 []float32   // WIPS: the worker's lambda before the step
}

// centralDiff is the central difference of f in coordinate i of v.
func centralDiff(v []float32, i int, f func([]float32) float64) float64 {
	const h = 1e-3
	p := append([]float32(nil), v...)
	p[i] += h
	sp := f(p)
	p[i] -= 2 * h
	return (sp - f(p)) / (2 * h)
}

// nearGradient allows 2% of a value plus 1% of the sum of the
// magnitudes of its terms (the sigmoid table is exact to
// about 0.5% of g, and a sum may cancel), plus abs for float32
// rounding: a move of a coordinate near 0.3 is exact only to
// about 3e-8.
func nearGradient(got, want, terms, abs float64) bool {
	return math.Abs(got-want) <= 0.02*math.Abs(want)+0.01*terms+abs
}

// check compares every row's move, and WIPS's lambda gradient, with the
// sum over their pairs of g times the score's gradient from central
// differences.
func (c *windowTrial) check(t *testing.T) {
	c.checkTargets(t)
	c.checkContexts(t)
	if c.kind == WIPS {
		c.checkLambda(t)
	}
}

// grad is the gradient of the pair's score in its first argument
// (in: which argument is the input row), with WIPS's signs in
// place of lambda (step64).
func (c *windowTrial) grad(x, y []float32, in bool) []float64 {
	if c.kind == HSG {
		return riemannian(x, y)
	}
	d := make([]float64, c.dim)
	for k := range c.dim {
		d[k] = centralDiff(x, k, func(v []float32) float64 {
			if in {
				return step64(c.w, v, y)
			}
			return step64(c.w, y, v)
		})
	}
	return d
}

// sum adds g*grad over the pairs, with the magnitudes of the terms.
func (c *windowTrial) sum(pairs func(yield func(g float64, d []float64))) (want, terms []float64) {
	want, terms = make([]float64, c.dim), make([]float64, c.dim)
	pairs(func(g float64, d []float64) {
		for k := range c.dim {
			want[k] += g * d[k]
			terms[k] += math.Abs(g * d[k])
		}
	})
	return want, terms
}

// checkTargets checks that each target's output row moved by the sum over
// the window's contexts of g times the score's gradient in that row.
func (c *windowTrial) checkTargets(t *testing.T) {
	for j, tg := range c.targets {
		want, terms := c.sum(func(yield func(float64, []float64)) {
			for i := range c.ctxs {
				yield(c.gs[i][j], c.grad(c.outs0[j], c.ins0[i], false))
			}
		})
		moved := outRow(c.w, int(tg))
		for k := range c.dim {
			if got := float64(moved[k] - c.outs0[j][k]); !nearGradient(got, want[k], terms[k], 1e-7) {
				t.Errorf("trial %d: target %d of %d (word %d): dout[%d] = %.6g, want %.6g",
					c.trial, j, len(c.targets), tg, k, got, want[k])
			}
		}
	}
}

// checkContexts checks that each context's input row moved by the sum over
// the window's targets of g times the score's gradient in that row.
func (c *windowTrial) checkContexts(t *testing.T) {
	m := c.w.r.model
	for i, ctx := range c.ctxs {
		want, terms := c.sum(func(yield func(float64, []float64)) {
			for j := range c.targets {
				yield(c.gs[i][j], c.grad(c.ins0[i], c.outs0[j], true))
			}
		})
		moved := m.Row(int(ctx))
		for k := range c.dim {
			if got := float64(moved[k] - c.ins0[i][k]); !nearGradient(got, want[k], terms[k], 1e-7) {
				t.Errorf("trial %d: context %d (word %d): din[%d] = %.6g, want %.6g (sum over %d targets)",
					c.trial, i, ctx, k, got, want[k], len(c.targets))
			}
		}
	}
}

// checkLambda checks WIPS's accumulated lambda gradient against the sum
// over every pair of g times the score's gradient in lambda.
func (c *windowTrial) checkLambda(t *testing.T) {
	for k := range c.dim {
		var want, terms float64
		for i := range c.ctxs {
			for j := range c.targets {
				d := c.gs[i][j] * centralDiff(c.lambda0, k, func(l []float32) float64 { return weightedDot64(c.ins0[i], c.outs0[j], l) })
				want += d
				terms += math.Abs(d)
			}
		}
		if got := float64(wipsOf(c.w).dlambda[k]); !nearGradient(got, want, terms, 1e-9) {
			t.Errorf("trial %d: dlambda[%d] = %.6g, want %.6g", c.trial, k, got, want)
		}
	}
}
