package skipgram

import (
	"math"
	"slices"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/spectrum"
)

// TestMergeLambdaStep checks two merges of WIPS's lambda against values
// computed by hand: the mean square of each weight's merged gradient (the
// first merge's square, then a moving average), and the step, LambdaAlpha
// times the learning rate over the starting one times the learning rate
// times the gradient (which carries it) over the mean square, as a factor
// of the weight held within 1 +- lambda.MaxChange, so that no weight changes
// sign; the worker's copy and its signs follow. Past the first fifth of the
// run (lambdaLearns) a merge drops the gradient and leaves lambda.
func TestMergeLambdaStep(t *testing.T) {
	w := testWorker(t, WIPS, 4, 10, 1, 1)
	r, k := w.r, wipsOf(w)
	r.opt.Alpha, r.opt.LambdaAlpha = 0.3125, 0.2
	k.alpha = 0.25 // 0.8 of the start; rate 0.2 * 0.8 * 0.25 = 0.04
	copy(r.model.param("lambda"), []float32{1, 0.5, -1, -2})
	copy(k.dlambda, []float32{5, -10, 0.1, 0})
	k.sync()
	// Mean squares d²: 25, 100, 0.01, 0. Factors 1 + 0.04*d/(d²*lambda):
	// 1.008; 0.992; 1 - 0.4, held at 0.99; none.
	check := func(step string, got, want []float32) {
		t.Helper()
		for i := range want {
			if math.Abs(float64(got[i]-want[i])) > 1e-6*math.Max(1, math.Abs(float64(want[i]))) {
				t.Fatalf("%s: got %v, want %v", step, got, want)
			}
		}
	}
	check("first merge, lambda", r.model.param("lambda"), []float32{1.008, 0.496, -0.99, -2})
	check("first merge, mean squares", r.model.param("lambda_sq"), []float32{25, 100, 0.01, 0})
	check("first merge, worker's copy", k.lambda, []float32{1.008, 0.496, -0.99, -2})
	check("first merge, signs", k.signs, []float32{1, 1, -1, -1})
	check("first merge, gradient cleared", k.dlambda, []float32{0, 0, 0, 0})

	// The last weight's mean square starts at its first square, 0.25; the
	// factor 1 + 0.04*0.5/(0.25*-2) = 0.96 is held at 0.99. The others'
	// mean squares decay, their weights stay.
	k.dlambda[3] = 0.5
	k.sync()
	check("second merge, lambda", r.model.param("lambda"), []float32{1.008, 0.496, -0.99, -1.98})
	check("second merge, mean squares", r.model.param("lambda_sq"), []float32{0.999 * 25, 0.999 * 100, 0.999 * 0.01, 0.25})

	// Just below 0.8 of the start, lambda and its mean squares stay and
	// the gradient is dropped.
	k.alpha = 0.2499
	copy(k.dlambda, []float32{5, -10, 0.1, 0.5})
	k.sync()
	check("late merge, lambda", r.model.param("lambda"), []float32{1.008, 0.496, -0.99, -1.98})
	check("late merge, mean squares", r.model.param("lambda_sq"), []float32{0.999 * 25, 0.999 * 100, 0.999 * 0.01, 0.25})
	check("late merge, gradient cleared", k.dlambda, []float32{0, 0, 0, 0})
}

// TestLambdaLearnedFitsAtLeastItsStart: on the synthetic topical corpus,
// from the same start and seed, WIPS with lambda learned (the default step,
// and a step three times as large) ends with a training loss no higher than
// with lambda frozen at its start, on one thread and with batch windows or
// without. Plain SGD on lambda (the steps of the previous recipes, where
// |lambda_k| is column k's learning rate) ended above the frozen start.
func TestLambdaLearnedFitsAtLeastItsStart(t *testing.T) {
	v, stream := syntheticCorpus(t, 60000, 8)
	for _, batch := range []bool{true, false} {
		opt := testOptions(WIPS)
		opt.Batch, opt.LambdaInit, opt.Iter = batch, "neg:1", 4
		frozen := opt
		frozen.LambdaAlpha = 0
		_, sf := mustTrain(t, v, stream, frozen)
		for _, step := range []float64{DefaultLambdaAlpha, 3 * DefaultLambdaAlpha} {
			learned := opt
			learned.LambdaAlpha = step
			m, sl := mustTrain(t, v, stream, learned)
			t.Logf("batch %v, step %g: loss %.4f learned, %.4f frozen; lambda %v", batch, step, sl.Loss, sf.Loss, m.param("lambda"))
			if sl.Loss > sf.Loss+5e-4 {
				t.Errorf("batch %v, step %g: loss %.4f with lambda learned, above %.4f frozen at its start", batch, step, sl.Loss, sf.Loss)
			}
		}
	}
}

// TestMergeLambdaFrozen: a step of 0 never moves lambda.
func TestMergeLambdaFrozen(t *testing.T) {
	w := testWorker(t, WIPS, 4, 10, 1, 1)
	w.r.opt.LambdaAlpha = 0
	was := slices.Clone(w.r.model.param("lambda"))
	wipsOf(w).dlambda[0] = 5
	wipsOf(w).sync()
	if !slices.Equal(w.r.model.param("lambda"), was) {
		t.Fatalf("frozen lambda moved: %v, was %v", w.r.model.param("lambda"), was)
	}
}

// TestSpectralStartOnTopicalCorpus: a corpus whose words co-occur within
// topics has a positive semidefinite co-occurrence structure; the only
// negative direction the spectral start may find is the shift -log k.
func TestSpectralStartOnTopicalCorpus(t *testing.T) {
	v, stream := syntheticCorpus(t, 200000, 3)
	q, top, err := spectrum.Negatives(v, [][]int32{stream}, 8, spectrum.Options{Window: 5, Negative: 5})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("q=%d top %.1f", q, top)
	if q != 1 || top[0] >= 0 {
		t.Fatalf("spectral start found %d negative weights (eigenvalues %.1f); want 1, the shift, largest", q, top)
	}
	// The run records what it resolved.
	opt := testOptions(WIPS)
	opt.LambdaInit = "spectral"
	m, st := mustTrain(t, v, stream[:40000], opt)
	if st.LambdaStart != "neg:1" || len(st.Spectrum) != opt.Dim {
		t.Fatalf("stats record start %q and %d eigenvalues", st.LambdaStart, len(st.Spectrum))
	}
	if s := embedding.SummarizeLambda(m.param("lambda")); s.NearZero != 0 {
		t.Fatalf("dead coordinates after training: %v", m.param("lambda"))
	}
}
