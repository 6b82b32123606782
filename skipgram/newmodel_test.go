package skipgram

import (
	"context"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/bench/eval"
	bgraph "github.com/wipsvec/wipsvec/bench/graph"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
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
		acc := s.acc[:n]
		clear(acc)
		for d, t := range s.targets(center) {
			out := k.m.Row(int(t))
			x := in[u] + out[u]
			for i := range u {
				x += weight(i) * in[i] * out[i]
			}
			g, l := s.sig.Gradient(x, d == 0, alpha)
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
	m, st, err := Train(context.Background(), v, stream, opt)
	if err != nil {
		t.Fatal(err)
	}
	if chance := 6 * math.Ln2; !(st.Loss < 0.8*chance) {
		t.Errorf("loss %.3f, want well below chance %.3f", st.Loss, chance)
	}

	// Its own parameter vector: learned, and carried by a checkpoint and by
	// a continued run without a word about the model anywhere else.
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

	// The files: the sidecar records the similarity; Load needs no model.
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

	// Evaluation: words of one topic score above words of two.
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

	// A graph: trains on a tree's closure and ranks its edges.
	var b strings.Builder
	if err := cgraph.WriteTreeClosure(&b, 3, 3); err != nil {
		t.Fatal(err)
	}
	e, err := cgraph.Read(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
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
