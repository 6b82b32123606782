package skipgram

import (
	"context"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/wipsvec/wipsvec/bench/eval"
	bgraph "github.com/wipsvec/wipsvec/bench/linkpred"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/vocab"
)

// sipdsModel is a model that exists only in this file: IPDS with one
// negative coordinate and SIPS's bias, each coordinate weighted by a gain
// it learns, s = sum_{i<q} g_i y_i y'_i - g_q y_q y'_q + u + u', trained by
// a kernel written plainly. Adding it takes this definition and its row in
// models, nothing else: training on text and on a graph, its parameter
// vector in checkpoints and continued runs, the sidecar, evaluation and
// graph ranking all come from the table.
var sipdsModel = modelDef{
	kind:   "sipds",
	about:  "<g y+, y+'> - g_q y_q y'_q + u + u', the gains g learned",
	views:  1,
	minDim: 3,
	params: []param{{name: "gain", learned: true, fill: func(v []float32, _ *Options, _ *kernel.RNG) {
		for i := range v {
			v[i] = 1
		}
	}}},
	kernels: func(s *kernelSetup) func(*hogwild.Scratch) windowKernel {
		return everyWorker(&sipdsKernel{m: s.model})
	},
	forms: func(m *Model) []embedding.Form {
		n := m.Dim - 1
		w := slices.Clone(m.param("gain")[:n])
		w[n-1] = -w[n-1]
		return []embedding.Form{{Name: "sipds", Bias: true, Weights: w}}
	},
}

type sipdsKernel struct{ m *Model }

func (k *sipdsKernel) window(s *step, center int32, ctxs []int32, alpha float32) (loss float32) {
	n := k.m.Dim
	gain := k.m.param("gain") // shared by the workers, Hogwild
	u, q := n-1, n-2          // the bias, the negative coordinate
	weight := func(i int) float32 {
		if i == q {
			return -gain[i]
		}
		return gain[i]
	}
	for _, c := range ctxs {
		in := k.m.Row(int(c))
		acc := s.Acc[:n]
		clear(acc)
		for d, t := range s.Targets(center) {
			out := k.m.Row(int(t))
			x := in[u] + out[u]
			for i := range u {
				x += weight(i) * in[i] * out[i]
			}
			g, l := s.Sig.Gradient(x, d == 0, alpha)
			loss += l
			for i := range u {
				gain[i] += 0.01 * g * in[i] * out[i] * weight(i) / gain[i]
				acc[i] += g * weight(i) * out[i]
				out[i] += g * weight(i) * in[i]
			}
			acc[u] += g
			out[u] += g
		}
		for i := range acc {
			in[i] += acc[i]
		}
	}
	return loss
}

// addModel registers def for the rest of the test.
func addModel(t *testing.T, def *modelDef) {
	saved := models
	models = append(slices.Clone(models), def)
	t.Cleanup(func() { models = saved })
}

// TestNewModelInOneFile adds a model in a test file alone and shows that it
// trains on text and on a graph, writes a sidecar that eval reads without
// knowing the model, and evaluates and ranks with its own similarity.
func TestNewModelInOneFile(t *testing.T) {
	addModel(t, &sipdsModel)
	kind, err := ParseKind("SIPDS")
	if err != nil || !slices.Contains(Kinds(), kind) || kind.MinDim() != 3 {
		t.Fatalf("the new model is not registered: %v, %v", kind, err)
	}

	// Text: trains, and fits the topical corpus better than chance.
	v, stream := syntheticCorpus(t, 60000, 1)
	opt := DefaultOptions()
	opt.Model, opt.Dim, opt.Iter, opt.Threads, opt.Sample = kind, 12, 3, 1, 0
	ckpt := filepath.Join(t.TempDir(), "run.ckpt")
	opt.Checkpoint = func(s *Snapshot) error { return WriteCheckpoint(ckpt, s) }
	m, st := mustTrain(t, v, stream, opt)
	if chance := 6 * math.Ln2; !(st.Loss < 0.8*chance) {
		t.Errorf("loss %.3f, want well below chance %.3f", st.Loss, chance)
	}

	checkSipdsGains(t, m, opt, v, ckpt)
	vec, sims := loadSipdsVectors(t, m, opt, st, v)
	checkSipdsTopics(t, vec, sims)
	checkSipdsGraph(t, opt)
}

// checkSipdsGains checks that the model's own parameter vector is learned,
// and carried by the checkpoint at ckpt and by a continued run without a
// word about the model anywhere else.
func checkSipdsGains(t *testing.T, m *Model, opt Options, v *vocab.Vocab, ckpt string) {
	gain := m.param("gain")
	if slices.Equal(gain, NewModel(opt, 1).param("gain")) {
		t.Errorf("the gains did not move from their start: %v", gain)
	}
	snap, err := ReadCheckpoint(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	if got := snap.Model.param("gain"); !slices.Equal(got, gain) {
		t.Errorf("the checkpoint's gains %v, want %v", got, gain)
	}
	if got := snap.Continue(v, 1).param("gain"); !slices.Equal(got, gain) {
		t.Errorf("a continued run starts from gains %v, want %v", got, gain)
	}
}

// loadSipdsVectors writes m's vectors and sidecar and loads them back,
// checking that the sidecar records the similarity so that Load needs no
// model.
func loadSipdsVectors(t *testing.T, m *Model, opt Options, st Stats, v *vocab.Vocab) (*embedding.Vectors, []embedding.Similarity) {
	path := filepath.Join(t.TempDir(), "vec.bin")
	if err := embedding.WriteVectors(path, m.Vectors(v.Words), true); err != nil {
		t.Fatal(err)
	}
	if err := embedding.WriteMeta(embedding.SidecarPath(path), NewSidecar(m, opt, st, Source{})); err != nil {
		t.Fatal(err)
	}
	vec, meta, err := embedding.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	sims := meta.Similarities()
	if meta.Model != "sipds" || len(sims) != 1 || sims[0].Name != "sipds" {
		t.Fatalf("sidecar of model %q scores with %v", meta.Model, sims)
	}
	return vec, sims
}

// checkSipdsTopics checks that evaluation with the model's similarity
// scores words of one topic above words of two.
func checkSipdsTopics(t *testing.T, vec *embedding.Vectors, sims []embedding.Similarity) {
	d := &eval.Dataset{Name: "topics"}
	word := func(i int) string { return "w" + strconv.Itoa(i) }
	for i := range 40 {
		a, b := 25*(i%8)+i%5, 25*(i%8)+5+i%7 // same topic
		c := 25*((i+3)%8) + i%5              // another topic
		d.Pairs = append(d.Pairs, eval.Pair{A: word(a), B: word(b), Score: 1}, eval.Pair{A: word(a), B: word(c), Score: 0})
	}
	if res := eval.Evaluate(vec, sims, d); !(res.Rho["sipds"] > 0.5) {
		t.Errorf("Spearman on topics %.3f (found %d of %d pairs), want above 0.5", res.Rho["sipds"], res.Found, res.Pairs)
	}
}

// checkSipdsGraph checks that the model trains on a tree's closure with the
// text run's options and ranks its edges with its own similarity.
func checkSipdsGraph(t *testing.T, opt Options) {
	e := treeEdges(t, 3, 3)
	g := &Graph{Nodes: len(e.Nodes), Pairs: slices.Clone(e.Pairs), Noise: NoiseUniform}
	gopt := opt
	gopt.Checkpoint = nil
	gopt.Dim, gopt.Iter, gopt.Negative = 6, 100, 10
	gm, gst, err := TrainGraph(context.Background(), g, gopt)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := bgraph.Evaluate(gm.Vectors(e.Nodes), NewSidecar(gm, gopt, gst, Source{}), e, nil, bgraph.Options{Threads: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rs[0].Sim != "sipds" || !(rs[0].AUC > 0.9) {
		t.Errorf("graph ranking: %+v, want the sipds similarity with an AUC above 0.9", rs[0])
	}
}

// scaledModel is a linear model that exists only in this file, the inner
// product with each coordinate scaled by a fixed weight,
// s = sum_k c_k y_k y'_k. Being linear in each row, it says its weights to
// newLinear and so trains pair by pair, in batch windows, with CBOW, with
// any output layer and any row representation, without a kernel of its
// own.
var scaledModel = modelDef{
	kind: "scaled", about: "sum_k c_k y_k y'_k, c fixed", views: 1, minDim: 1,
	params: []param{{name: "scale", fill: func(v []float32, _ *Options, _ *kernel.RNG) {
		for i := range v {
			v[i] = 0.5 + float32(i%2) // 0.5, 1.5, 0.5, ...
		}
	}}},
	kernels: func(s *kernelSetup) func(*hogwild.Scratch) windowKernel {
		c := s.model.param("scale")
		return func(a *hogwild.Scratch) windowKernel {
			k := newLinear(s, a)
			k.form().W = c
			return k
		}
	},
	forms: func(m *Model) []embedding.Form {
		return []embedding.Form{{Name: "scaled", Weights: slices.Clone(m.param("scale"))}}
	},
}

// scaled64 is scaledModel's score in float64.
func scaled64(c, in, out []float32) float64 {
	var s float64
	for i := range c {
		s += float64(c[i]) * float64(in[i]) * float64(out[i])
	}
	return s
}

// TestNewLinearModelInOneFile adds scaledModel, a row of the table and a
// kernel in this file, and shows that nothing else is needed: its kernel's
// step is the gradient of its score (central differences), and it learns
// the topics of a small corpus pair by pair and in batch windows.
func TestNewLinearModelInOneFile(t *testing.T) {
	addModel(t, &scaledModel)
	const kind Kind = "scaled"

	const alpha = 1e-3
	for trial := range 3 {
		w := testWorker(t, kind, 10, 4, 0, uint64(trial+1))
		c := w.r.model.param("scale")
		in0, out0 := slices.Clone(w.r.model.Row(1)), slices.Clone(w.r.model.Row(0))
		g := alpha * (1 - 1/(1+math.Exp(-scaled64(c, in0, out0))))
		w.kernel.window(&w.step, 0, []int32{1}, alpha)
		in1, out1 := w.r.model.Row(1), w.r.model.Row(0)
		const h = 1e-3
		for i := range in0 {
			check := func(name string, base []float32, moved float32, score func(v []float32) float64) {
				p := slices.Clone(base)
				p[i] += h
				sp := score(p)
				p[i] -= 2 * h
				want := g * (sp - score(p)) / (2 * h)
				if got := float64(moved - base[i]); math.Abs(got-want) > 0.01*math.Abs(want)+1e-7 {
					t.Errorf("trial %d: d%s[%d] = %.6g, want %.6g", trial, name, i, got, want)
				}
			}
			check("in", in0, in1[i], func(v []float32) float64 { return scaled64(c, v, out0) })
			check("out", out0, out1[i], func(v []float32) float64 { return scaled64(c, in0, v) })
		}
	}

	v, stream := syntheticCorpus(t, 60000, 1)
	for _, batch := range []bool{false, true} {
		opt := DefaultOptions()
		opt.Model, opt.Dim, opt.Iter, opt.Threads, opt.Sample, opt.Batch = kind, 12, 3, 1, 0, batch
		m, st := mustTrain(t, v, stream, opt)
		// A one-view model scores a word against itself too, and stays
		// nearer chance than SG (IPS ends at 3.8 here), but the topics show.
		gap := groupGap(m, v)
		t.Logf("batch %v: loss %.3f, group gap %.3f", batch, st.Loss, gap)
		if chance := 6 * math.Ln2; !(st.Loss < 0.95*chance) || !(gap > 0.5) {
			t.Errorf("batch %v: loss %.3f (chance %.3f) and group gap %.3f, want the loss below chance and a gap above 0.5", batch, st.Loss, chance, gap)
		}
	}
}
