package skipgram

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/hyperboloid"
)

func randVec(r *rand.Rand, n int, scale float32) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = (r.Float32()*2 - 1) * scale
	}
	return v
}

// testWorker builds a worker over a small random model without a corpus, so
// that a kernel (the per-pair one) can be stepped by hand.
func testWorker(t *testing.T, kind Kind, dim, words, negative int, seed uint64) *worker {
	t.Helper()
	return testWorkerWith(t, kind, dim, words, negative, seed, func(o *Options) { o.Batch = false })
}

// testWorkerWith is testWorker with options set by set.
func testWorkerWith(t testing.TB, kind Kind, dim, words, negative int, seed uint64, set func(*Options)) *worker {
	t.Helper()
	run, kernels := testRun(t, kind, dim, words, negative, seed, set)
	return newWorker(run, 0, kernels)
}

// testRun is the run behind testWorkerWith and the constructor of its
// workers' kernels, for tests with several workers on one run.
func testRun(t testing.TB, kind Kind, dim, words, negative int, seed uint64, set func(*Options)) (*run, func(*hogwild.Scratch) windowKernel) {
	t.Helper()
	opt := DefaultOptions()
	opt.Model, opt.Dim, opt.Negative, opt.Seed = kind, dim, negative, seed
	if kind == IPDS {
		opt.NegDim = dim / 3
	}
	if kind == WIPS {
		opt.LambdaInit = "signed"
	}
	set(&opt)
	m := NewModel(opt, words)
	r := rand.New(rand.NewPCG(seed, 9))
	// Larger vectors than the training init, so that gradients are not tiny.
	for w := 0; w < words; w++ {
		row := m.Row(w)
		copy(row, randVec(r, dim, 0.3))
		if kind == HSG {
			hyperboloid.Lift(row)
		}
	}
	if m.Out != nil {
		for i := range m.Out {
			m.Out[i] = (r.Float32()*2 - 1) * 0.3
		}
	}
	// WIPS's weights of several sizes, so that a step taken with lambda
	// where its signs belong (or the reverse) shows.
	for k := range m.param("lambda") {
		m.param("lambda")[k] *= 0.3 + 1.7*r.Float32()
	}
	counts := make([]int64, words)
	for i := range counts {
		counts[i] = int64(words - i)
	}
	run := bareRun(opt, m, counts)
	for _, rows := range m.Layers {
		for i := range rows {
			rows[i] = (r.Float32()*2 - 1) * 0.3
		}
	}
	return run, kind.def().workerKernels(run)
}

// score64 is the model's score in float64, the reference for the gradients.
func score64(w *worker, in, out []float32) float64 {
	m := w.r.model
	switch m.Kind {
	case SIPS:
		return shiftedDot64(in, out)
	case IPDS:
		return diffDot64(in, out, negDim(m))
	case WIPS:
		return weightedDot64(in, out, wipsOf(w).lambda)
	case HSG:
		return minkowski64(in, out) + HSGTheta
	}
	return dot64(in, out)
}

// step64 is the score whose gradient a row moves by: the score itself,
// but for WIPS, whose rows move with the signs of lambda in place of lambda
// (weightedKernel).
func step64(w *worker, in, out []float32) float64 {
	if k, ok := w.kernel.(*weightedKernel); ok {
		return weightedDot64(in, out, k.signs)
	}
	return score64(w, in, out)
}

func outRow(w *worker, id int) []float32 {
	m := w.r.model
	if m.Kind == SG {
		return m.Out[id*m.Stride : id*m.Stride+m.Dim]
	}
	return m.Row(id)
}

// TestGradientsAgainstFiniteDifferences steps each kernel once on a single
// positive pair and checks that both vectors moved by
// alpha*(1-sigma(s))*ds/dvector, with ds/dvector from central differences of
// the float64 score (for WIPS with the signs of lambda in place of lambda:
// step64), and WIPS's lambda gradient by alpha*(1-sigma(s))*ds/dlambda.
func TestGradientsAgainstFiniteDifferences(t *testing.T) {
	const alpha = 1e-3
	for _, kind := range []Kind{SG, IPS, SIPS, IPDS, WIPS} {
		t.Run(string(kind), func(t *testing.T) {
			for trial := range 5 {
				w := testWorker(t, kind, 10, 4, 0, uint64(trial+1))
				in0 := append([]float32(nil), w.r.model.Row(1)...)
				out0 := append([]float32(nil), outRow(w, 0)...)
				s := score64(w, in0, out0)
				g := alpha * (1 - 1/(1+math.Exp(-s)))
				w.kernel.window(&w.step, 0, []int32{1}, alpha)
				in1, out1 := w.r.model.Row(1), outRow(w, 0)
				const h = 1e-3
				for i := range in0 {
					check := func(name string, base []float32, moved float32, fd func(v []float32) float64) {
						p := append([]float32(nil), base...)
						p[i] += h
						sp := fd(p)
						p[i] -= 2 * h
						sm := fd(p)
						want := g * (sp - sm) / (2 * h)
						got := float64(moved - base[i])
						if math.Abs(got-want) > 0.01*math.Abs(want)+1e-7 {
							t.Errorf("trial %d: d%s[%d] = %.6g, want %.6g", trial, name, i, got, want)
						}
					}
					check("in", in0, in1[i], func(v []float32) float64 { return step64(w, v, out0) })
					check("out", out0, out1[i], func(v []float32) float64 { return step64(w, in0, v) })
				}
				if kind == WIPS {
					for k := range wipsOf(w).lambda {
						lp := append([]float32(nil), wipsOf(w).lambda...)
						lp[k] += h
						sp := weightedDot64(in0, out0, lp)
						lp[k] -= 2 * h
						sm := weightedDot64(in0, out0, lp)
						want := g * (sp - sm) / (2 * h)
						if got := float64(wipsOf(w).dlambda[k]); math.Abs(got-want) > 0.01*math.Abs(want)+1e-9 {
							t.Errorf("trial %d: dlambda[%d] = %.6g, want %.6g", trial, k, got, want)
						}
					}
				}
			}
		})
	}
}

// TestHyperbolicStepIsRiemannianGradient checks HSG's update against the
// Riemannian gradient: the Minkowski gradient of the score (finite
// differences, times the metric diag(1,..,1,-1)) projected onto the tangent
// space; for a small step the exponential map moves the point by it.
func TestHyperbolicStepIsRiemannianGradient(t *testing.T) {
	const alpha = 2e-3 // small enough for first order, large enough to dwarf float32 rounding
	w := testWorker(t, HSG, 6, 3, 0, 3)
	in0 := append([]float32(nil), w.r.model.Row(1)...)
	out0 := append([]float32(nil), w.r.model.Row(0)...)
	s := minkowski64(in0, out0) + HSGTheta
	g := alpha * (1 - 1/(1+math.Exp(-s)))
	w.kernel.window(&w.step, 0, []int32{1}, alpha)
	n := len(in0)
	for _, tc := range []struct {
		name        string
		x, y, moved []float32
	}{{"in", in0, out0, w.r.model.Row(1)}, {"out", out0, in0, w.r.model.Row(0)}} {
		// Euclidean gradient of <x,y>_M in x, by central differences.
		grad := make([]float64, n)
		for i := range grad {
			p := append([]float32(nil), tc.x...)
			const h = 1e-2
			p[i] += h
			sp := minkowski64(p, tc.y)
			p[i] -= 2 * h
			grad[i] = (sp - minkowski64(p, tc.y)) / (2 * h)
		}
		grad[n-1] = -grad[n-1] // raise the index with the metric
		var mk float64         // project: v + <x,v>_M x
		for i := 0; i < n-1; i++ {
			mk += float64(tc.x[i]) * grad[i]
		}
		mk -= float64(tc.x[n-1]) * grad[n-1]
		for i := range grad {
			want := g * (grad[i] + mk*float64(tc.x[i]))
			got := float64(tc.moved[i] - tc.x[i])
			if math.Abs(got-want) > 0.02*math.Abs(want)+1e-8 {
				t.Errorf("%s[%d] moved %.6g, want %.6g", tc.name, i, got, want)
			}
		}
	}
}

// TestHyperbolicStaysOnManifold trains HSG hard and checks every point still
// satisfies <y,y>_M = -1 with a positive time coordinate.
func TestHyperbolicStaysOnManifold(t *testing.T) {
	w := testWorker(t, HSG, 8, 50, 5, 4)
	r := rand.New(rand.NewPCG(4, 4))
	for range 5000 {
		ctxs := []int32{int32(r.IntN(50)), int32(r.IntN(50)), int32(r.IntN(50))}
		w.kernel.window(&w.step, int32(r.IntN(50)), ctxs, 0.5)
	}
	for i := 0; i < 50; i++ {
		y := w.r.model.Row(i)
		if n := minkowski64(y, y); math.Abs(n+1) > 1e-3*math.Max(1, float64(y[len(y)-1]*y[len(y)-1])) || y[len(y)-1] <= 0 {
			t.Errorf("word %d: <y,y>_M = %v, time coordinate %v", i, n, y[len(y)-1])
		}
		for _, v := range y {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				t.Fatalf("word %d: non-finite coordinate %v", i, y)
			}
		}
	}
}

// TestHyperbolicDoesNotDiverge trains HSG at a small dimension with a large
// learning rate on a dense corpus, where unbounded points used to overflow.
func TestHyperbolicDoesNotDiverge(t *testing.T) {
	for _, dim := range []int{3, 4, 8} {
		w := testWorker(t, HSG, dim, 30, 5, 6)
		r := rand.New(rand.NewPCG(6, 6))
		for range 100000 {
			ctxs := []int32{int32(r.IntN(30)), int32(r.IntN(30))}
			w.kernel.window(&w.step, int32(r.IntN(30)), ctxs, 5)
		}
		if !w.r.model.finite() {
			t.Fatalf("dim %d: HSG diverged", dim)
		}
		for i := 0; i < 30; i++ {
			y := w.r.model.Row(i)
			if y[len(y)-1] > 1.01*hyperboloid.MaxSpatial {
				t.Fatalf("dim %d: point %d left the bounded region: %v", dim, i, y)
			}
		}
	}
}
