package skipgram

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

func TestFloorLambda(t *testing.T) {
	raw := []float32{1.5, 0.1, -0.1, 0, -0.3, 0.25, -2}
	got := make([]float32, len(raw))
	floorLambda(got, raw, 0.25)
	want := []float32{1.5, 0.25, -0.25, 0.25, -0.3, 0.25, -2}
	for k := range want {
		if got[k] != want[k] {
			t.Fatalf("floorLambda(%v, 0.25) = %v, want %v", raw, got, want)
		}
	}
	floorLambda(got, raw, 1)
	want = []float32{1, 1, -1, 1, -1, 1, -1}
	for k := range want {
		if got[k] != want[k] {
			t.Fatalf("floorLambda(%v, 1) = %v, want %v", raw, got, want)
		}
	}
	floorLambda(got, raw, 0)
	for k := range raw {
		if got[k] != raw[k] {
			t.Fatalf("floor 0 changed lambda: %v -> %v", raw, got)
		}
	}
}

// TestMergeLambdaStep checks two merges of WIPS's lambda against values
// computed by hand: the step (LambdaAlpha*K/Alpha times the accumulated
// gradient, which carries the learning rate), the rescaling to RMS 1, and
// the floor, which holds a weight at +0.25 and then lets the steps carry it
// through zero to a negative weight.
func TestMergeLambdaStep(t *testing.T) {
	w := testWorker(t, WIPS, 4, 10, 1, 1)
	r := w.r
	r.opt.Alpha, r.opt.LambdaAlpha, r.opt.LambdaFloor = 0.5, 0.25, 0.25 // step 0.25*4/0.5 = 2
	copy(wipsOf(w).shared.raw, []float32{1, 1, 1, 1})
	copy(wipsOf(w).dlambda, []float32{0.5, -0.5, -1.5, 0})
	wipsOf(w).sync()
	// raw = (1,1,1,1) + 2*d = (2, 0, -2, 1), RMS 1.5 -> (4/3, 0, -4/3, 2/3);
	// the zero is floored to +0.25.
	check := func(step string, got, want []float32) {
		t.Helper()
		for k := range want {
			if math.Abs(float64(got[k]-want[k])) > 1e-6 {
				t.Fatalf("%s: got %v, want %v", step, got, want)
			}
		}
	}
	check("first merge, raw", wipsOf(w).shared.raw, []float32{4.0 / 3, 0, -4.0 / 3, 2.0 / 3})
	check("first merge, lambda", r.model.Lambda, []float32{4.0 / 3, 0.25, -4.0 / 3, 2.0 / 3})
	check("first merge, worker's copy", wipsOf(w).lambda, []float32{4.0 / 3, 0.25, -4.0 / 3, 2.0 / 3})
	check("first merge, gradient cleared", wipsOf(w).dlambda, []float32{0, 0, 0, 0})

	// raw = (4/3, -0.4, -4/3, 2/3), RMS sqrt(1.04): the second weight has
	// crossed zero and, at 0.392, clears the floor.
	wipsOf(w).dlambda[1] = -0.2
	wipsOf(w).sync()
	s := float32(math.Sqrt(1.04))
	want := []float32{4.0 / 3 / s, -0.4 / s, -4.0 / 3 / s, 2.0 / 3 / s}
	check("second merge, raw", wipsOf(w).shared.raw, want)
	check("second merge, lambda", r.model.Lambda, want)

	// At floor 1 the weights are the raw weights' signs.
	r.opt.LambdaFloor = 1
	wipsOf(w).dlambda[1] = 0.5 // raw[1] back through zero: -0.392 + 2*0.5 > 0
	wipsOf(w).sync()
	check("floor 1, lambda", r.model.Lambda, []float32{1, 1, -1, 1})
}

// TestMergeLambdaClipsAtFloorOne checks the latent weights of the default
// floor against values computed by hand: after each step they are clipped
// to [-1, 1], not rescaled, so a weight at the bound flips only after a net
// push of more than 1 against it, however far earlier steps pushed it out.
func TestMergeLambdaClipsAtFloorOne(t *testing.T) {
	w := testWorker(t, WIPS, 4, 10, 1, 1)
	r := w.r
	r.opt.Alpha, r.opt.LambdaAlpha, r.opt.LambdaFloor = 0.5, 0.25, 1 // step 0.25*4/0.5 = 2
	copy(wipsOf(w).shared.raw, []float32{1, 1, -1, 1})
	copy(wipsOf(w).dlambda, []float32{0.3, -0.2, -1, -0.6})
	wipsOf(w).sync()
	// raw = (1.6, 0.6, -3, -0.2), clipped to (1, 0.6, -1, -0.2).
	want := []float32{1, 0.6, -1, -0.2}
	for k := range want {
		if math.Abs(float64(wipsOf(w).shared.raw[k]-want[k])) > 1e-6 {
			t.Fatalf("first merge: raw %v, want %v", wipsOf(w).shared.raw, want)
		}
	}
	if !slices.Equal(r.model.Lambda, []float32{1, 1, -1, -1}) || !slices.Equal(wipsOf(w).lambda, r.model.Lambda) {
		t.Fatalf("first merge: lambda %v (worker's copy %v), want [1 1 -1 -1]", r.model.Lambda, wipsOf(w).lambda)
	}
	// raw = (1 - 0.6, 0.6, -1 + 0.8, -0.2 + 0.3) = (0.4, 0.6, -0.2, 0.1):
	// the first weight keeps its sign (unclipped, 1.6 - 0.6 would have
	// been 1), the last flips back.
	copy(wipsOf(w).dlambda, []float32{-0.3, 0, 0.4, 0.15})
	wipsOf(w).sync()
	want = []float32{0.4, 0.6, -0.2, 0.1}
	for k := range want {
		if math.Abs(float64(wipsOf(w).shared.raw[k]-want[k])) > 1e-6 {
			t.Fatalf("second merge: raw %v, want %v", wipsOf(w).shared.raw, want)
		}
	}
	if !slices.Equal(r.model.Lambda, []float32{1, 1, -1, 1}) {
		t.Fatalf("second merge: lambda %v, want [1 1 -1 1]", r.model.Lambda)
	}

	// A start outside the bound (a random start scaled to RMS 1) is
	// clipped too; below the floor of 1 the raw weights are rescaled.
	raw := []float32{1.5, -0.5, 0.2, -2}
	boundRaw(raw, 1)
	if !slices.Equal(raw, []float32{1, -0.5, 0.2, -1}) {
		t.Fatalf("boundRaw at floor 1: %v", raw)
	}
	raw = []float32{2, 0, 0, 0}
	boundRaw(raw, 0.5)
	if !slices.Equal(raw, []float32{2, 0, 0, 0}) {
		t.Fatalf("boundRaw below floor 1 (RMS 1 already): %v", raw)
	}
}

// TestSignFlipReachesEveryWorkerAtOnce: when one worker's merge flips a
// sign of lambda, another worker scores its very next window with the new
// sign, not the one it copied at its own last merge, and keeps the gradient
// it has not merged yet. On 16 cores, waiting for the worker's own merge
// cost WIPS 0.07 of its final loss (docs/scaling.md).
func TestSignFlipReachesEveryWorkerAtOnce(t *testing.T) {
	for _, batch := range []bool{false, true} {
		r, kernels := testRun(t, WIPS, 4, 10, 1, 1, func(o *Options) { o.Batch = batch })
		a, b := newWorker(r, 0, kernels), newWorker(r, 1, kernels)
		r.opt.Alpha, r.opt.LambdaAlpha, r.opt.LambdaFloor = 0.5, 0.25, 1 // step 0.25*4/0.5 = 2
		copy(wipsOf(a).shared.raw, []float32{1, 1, -1, -1})
		wipsOf(a).sync()
		wipsOf(b).sync()
		before := slices.Clone(wipsOf(b).lambda)
		if !slices.Equal(before, []float32{1, 1, -1, -1}) {
			t.Fatalf("batch %v: lambda %v at the start, want [1 1 -1 -1]", batch, before)
		}
		pending := []float32{0.125, -0.25, 0.5, 0}
		copy(wipsOf(b).dlambda, pending)

		// A merge that changes magnitudes (below the floor of 1) but no
		// sign leaves b's copy as it was until b merges; one that flips
		// lambda_1 reaches b's next window.
		r.opt.LambdaFloor = 0.25
		wipsOf(a).dlambda[0] = -0.25 // raw (0.5, 1, -1, -1), rescaled to RMS 1
		wipsOf(a).sync()
		b.kernel.window(b, 0, []int32{1, 2}, 0) // a rate of 0 moves nothing
		if slices.Equal(r.model.Lambda, before) || !slices.Equal(wipsOf(b).lambda, before) {
			t.Fatalf("batch %v: lambda %v, b's copy %v after a merge without a flip, want b's unchanged %v", batch, r.model.Lambda, wipsOf(b).lambda, before)
		}
		r.opt.LambdaFloor = 1
		wipsOf(a).dlambda[1] = -0.75 // raw 1.11 -> -0.39
		wipsOf(a).sync()
		if !slices.Equal(wipsOf(b).lambda, before) {
			t.Fatalf("batch %v: b's lambda changed before its next window", batch)
		}
		b.kernel.window(b, 0, []int32{1, 2}, 0)
		if want := []float32{1, -1, -1, -1}; !slices.Equal(wipsOf(b).lambda, want) {
			t.Fatalf("batch %v: b's lambda %v in the window after a's flip, want %v", batch, wipsOf(b).lambda, want)
		}
		if !slices.Equal(wipsOf(b).dlambda, pending) {
			t.Fatalf("batch %v: b's unmerged gradient %v after the refresh, want %v", batch, wipsOf(b).dlambda, pending)
		}
	}
}

// TestMergeLambdaFrozen: a fixed lambda never moves.
func TestMergeLambdaFrozen(t *testing.T) {
	w := testWorker(t, WIPS, 4, 10, 1, 1)
	w.r.opt.FixedLambda = IPDSLambda(4, 1)
	copy(w.r.model.Lambda, w.r.opt.FixedLambda)
	wipsOf(w).dlambda[0] = 5
	wipsOf(w).sync()
	for k, l := range w.r.model.Lambda {
		if l != w.r.opt.FixedLambda[k] {
			t.Fatalf("frozen lambda moved: %v", w.r.model.Lambda)
		}
	}
}

func TestLambdaInitNegatives(t *testing.T) {
	init, err := parseLambdaInit("neg:3")
	if err != nil {
		t.Fatal(err)
	}
	l := make([]float32, 8)
	init(l, nil)
	if s := embedding.SummarizeLambda(l); s.Negative != 3 || s.Positive != 5 || l[7] != -1 || l[0] != 1 {
		t.Fatalf("neg:3 gave %v", l)
	}
	for _, bad := range []string{"neg:", "neg:-1", "neg:x"} {
		if _, err := parseLambdaInit(bad); err == nil {
			t.Errorf("-lambda-init %q accepted", bad)
		}
	}
}

// TestSpectralStartOnTopicalCorpus: a corpus whose words co-occur within
// topics has a positive semidefinite co-occurrence structure; the only
// negative direction the spectral start may find is the shift -log k.
func TestSpectralStartOnTopicalCorpus(t *testing.T) {
	v, stream := syntheticCorpus(t, 200000, 3)
	q, top, edge, err := SpectralNegatives(v, [][]int32{stream}, 8, SpectrumOptions{Window: 5, Negative: 5})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("q=%d edge %.1f top %.1f", q, edge, top)
	if q != 1 || top[0] >= 0 {
		t.Fatalf("spectral start found %d negative weights (eigenvalues %.1f, noise edge %.1f); want 1, the shift, largest", q, top, edge)
	}
	// The run records what it resolved.
	opt := testOptions(WIPS)
	opt.LambdaInit = "spectral"
	m, st, err := Train(context.Background(), v, stream[:40000], opt)
	if err != nil {
		t.Fatal(err)
	}
	if st.LambdaStart != "neg:1" || len(st.Spectrum) != opt.Dim {
		t.Fatalf("stats record start %q and %d eigenvalues", st.LambdaStart, len(st.Spectrum))
	}
	if s := embedding.SummarizeLambda(m.Lambda); s.NearZero != 0 {
		t.Fatalf("dead coordinates after training: %v", m.Lambda)
	}
}
