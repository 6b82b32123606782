package skipgram

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/subword"
	"github.com/wipsvec/wipsvec/vocab"
)

// gradient is alpha times the sum over outs of (label - sigma(s(x, out)))
// times the derivative, by central differences, of move(x, out) in x at
// coordinate i: how far the kernel should move x's coordinate i. It also
// returns how far off the kernel may be: the sigmoid table's cells put up
// to 5e-4 on each sigma, which where the terms cancel can be more than the
// sum's 1%.
func gradient(alpha float64, x []float32, outs [][]float32, pos []bool, score, move func(x, out []float32) float64, i int) (want, tol float64) {
	var spread float64
	for j, out := range outs {
		g := -1 / (1 + math.Exp(-score(x, out)))
		if pos[j] {
			g++
		}
		const h = 1e-3
		p := slices.Clone(x)
		p[i] += h
		sp := move(p, out)
		p[i] -= 2 * h
		d := (sp - move(p, out)) / (2 * h)
		want += alpha * g * d
		spread += alpha * math.Abs(d)
	}
	return want, 0.01*math.Abs(want) + 5e-4*spread + 1e-7
}

// checkLambdaGradient checks WIPS kernel k's lambda gradient after one
// step of h against outs (gradient).
func checkLambdaGradient(t *testing.T, k *weightedKernel, alpha float64, h []float32, outs [][]float32, pos []bool, seed uint64) {
	t.Helper()
	score := func(l, out []float32) float64 { return weightedDot64(h, out, l) }
	for i := range k.lambda {
		want, tol := gradient(alpha, k.lambda, outs, pos, score, score, i)
		if got := float64(k.dlambda[i]); math.Abs(got-want) > tol {
			t.Errorf("seed %d: dlambda[%d] = %.6g, want %.6g", seed, i, got, want)
		}
	}
}

// repeatsAndLearns trains opt on stream again and checks that the run
// gives m1's bits, and that its loss st fell below 0.95 of the loss of
// the same run untrained (rate 0).
func repeatsAndLearns(t *testing.T, v *vocab.Vocab, stream []int32, opt Options, m1 *Model, st Stats) {
	t.Helper()
	m2, _ := mustTrain(t, v, stream, opt)
	if !sameBits(m1.In, m2.In) || !sameBits(m1.Out, m2.Out) || !sameBits(m1.Layers["tree"], m2.Layers["tree"]) {
		t.Fatal("two runs with -threads 1 and the same seed differ")
	}
	still := opt
	still.Alpha = 0
	_, st0 := mustTrain(t, v, stream, still)
	t.Logf("loss %.4f, at its start %.4f", st.Loss, st0.Loss)
	if !(st.Loss < 0.95*st0.Loss) {
		t.Errorf("loss %.4f after %d epochs, %.4f untrained", st.Loss, opt.Iter, st0.Loss)
	}
}

// TestCBOWGradientsAgainstFiniteDifferences steps CBOW once on a window of
// three contexts and checks that every context row moved by the whole
// gradient of the loss in their mean h, that each target's output row moved
// by its own gradient, both from central differences of the float64 score
// (WIPS's rows with the signs of lambda: step64), and WIPS's lambda
// gradient.
func TestCBOWGradientsAgainstFiniteDifferences(t *testing.T) {
	const alpha = 1e-3
	ctxs := []int32{1, 2, 3}
	for _, kind := range []Kind{SG, IPS, SIPS, IPDS, WIPS} {
		t.Run(string(kind), func(t *testing.T) {
			checked := 0
			for seed := uint64(1); checked < 5 && seed < 100; seed++ {
				w := testWorkerWith(t, kind, 10, 40, 3, seed, func(o *Options) { o.CBOW = true })
				rows := func(ids []int32, row func(int) []float32) [][]float32 {
					var r [][]float32
					for _, id := range ids {
						r = append(r, slices.Clone(row(int(id))))
					}
					return r
				}
				ins0 := rows(ctxs, w.r.model.Row)
				outs0 := rows(slices.Repeat([]int32{0}, 40), func(int) []float32 { return nil })
				for id := range outs0 {
					outs0[id] = slices.Clone(outRow(w, id))
				}
				w.kernel.window(&w.step, 0, ctxs, alpha)
				targets := w.Look.Targets
				if slices.ContainsFunc(targets, func(t int32) bool { return slices.Contains(ctxs, t) }) ||
					len(slices.Compact(slices.Sorted(slices.Values(targets)))) != len(targets) {
					continue // a row scored twice moves twice: not the one-step gradient
				}
				checked++
				h := make([]float32, len(ins0[0]))
				for _, in := range ins0 {
					for i := range h {
						h[i] += in[i] / float32(len(ins0))
					}
				}
				outs, pos := rows(targets, func(id int) []float32 { return outs0[id] }), make([]bool, len(targets))
				pos[0] = true
				score := func(x, out []float32) float64 { return score64(w, x, out) }
				move := func(x, out []float32) float64 { return step64(w, x, out) }
				for i := range h {
					want, tol := gradient(alpha, h, outs, pos, score, move, i)
					for c, id := range ctxs {
						if got := float64(w.r.model.Row(int(id))[i] - ins0[c][i]); math.Abs(got-want) > tol {
							t.Errorf("seed %d: context %d moved %.6g at %d, want %.6g", seed, id, got, i, want)
						}
					}
					for j, id := range targets {
						g, tol := gradient(alpha, outs[j], [][]float32{h}, pos[j:j+1], func(o, x []float32) float64 { return score(x, o) },
							func(o, x []float32) float64 { return move(x, o) }, i)
						if got := float64(outRow(w, int(id))[i] - outs[j][i]); math.Abs(got-g) > tol {
							t.Errorf("seed %d: target %d moved %.6g at %d, want %.6g", seed, id, got, i, g)
						}
					}
				}
				if kind == WIPS {
					checkLambdaGradient(t, wipsOf(w), alpha, h, outs, pos, seed)
				}
			}
			if checked < 5 {
				t.Fatalf("only %d windows drew targets apart from their contexts", checked)
			}
		})
	}
}

// TestHierarchicalSoftmaxGradients steps SG with hierarchical softmax alone
// (-negative 0) once, pair by pair, in a batch window and as CBOW, and
// checks that the input moved by the gradient of the path's loss and each
// inner node's row by its own, the label at each node 1 - code as in
// word2vec.c.
func TestHierarchicalSoftmaxGradients(t *testing.T) {
	const alpha = 1e-3
	for _, arch := range []struct {
		name string
		ctxs []int32
		set  func(*Options)
	}{
		{"pairs", []int32{1}, func(o *Options) { o.HS, o.Batch = true, false }},
		{"batch", []int32{1}, func(o *Options) { o.HS, o.Batch = true, true }},
		{"cbow", []int32{1, 2, 3}, func(o *Options) { o.HS, o.CBOW = true, true }},
	} {
		t.Run(arch.name, func(t *testing.T) {
			const center = 11 // the rarest word: the longest path
			w := testWorkerWith(t, SG, 10, 12, 0, 5, arch.set)
			m := w.r.model
			tree := w.r.layers.runs[0].(hsRun).tree
			node := func(n int32) []float32 { return m.Layers["tree"][int(tree.Row(n))*m.Stride:][:m.Dim] }
			var ins0 [][]float32
			for _, c := range arch.ctxs {
				ins0 = append(ins0, slices.Clone(m.Row(int(c))))
			}
			nodes, pos := tree.Path(center)
			if len(nodes) < 3 {
				t.Fatalf("path of %d nodes: want a deeper tree", len(nodes))
			}
			var outs [][]float32
			for _, n := range nodes {
				outs = append(outs, slices.Clone(node(n)))
			}
			w.kernel.window(&w.step, center, arch.ctxs, alpha)
			h := make([]float32, m.Dim)
			for _, in := range ins0 {
				for i := range h {
					h[i] += in[i] / float32(len(ins0))
				}
			}
			checkPathStep(t, alpha, h, nodes, outs, pos, node, ins0, func(c int) []float32 { return m.Row(int(arch.ctxs[c])) })
		})
	}
}

// TestHierarchicalSoftmaxWithSubwords steps SG with hierarchical softmax
// alone and subwords once, pair by pair as fastText's skipgram -loss hs
// and in a batch window of one context: the centre word's bag, composed,
// is scored against the context's path, every row of the bag moves by the
// whole gradient of the mean, and each inner node's row by its own.
func TestHierarchicalSoftmaxWithSubwords(t *testing.T) {
	for _, batch := range []bool{false, true} {
		checkSubwordPath(t, batch)
	}
}

func checkSubwordPath(t *testing.T, batch bool) {
	const alpha, center, context = 1e-3, 1, 11 // the rarest word: the longest path
	w := testWorkerWith(t, SG, 10, 12, 0, 5, func(o *Options) { o.HS, o.Batch, o.Subwords = true, batch, testSubwords })
	m := w.r.model
	tree := w.r.layers.runs[0].(hsRun).tree
	node := func(n int32) []float32 { return m.Layers["tree"][int(tree.Row(n))*m.Stride:][:m.Dim] }
	bag := w.Bags.Of(center)
	if len(bag) < 2 {
		t.Fatalf("word %d's bag has %d rows: want its n-grams too", center, len(bag))
	}
	var rows0 [][]float32
	h := make([]float32, m.Dim)
	for _, r := range bag {
		rows0 = append(rows0, slices.Clone(m.Row(int(r))))
		for i, x := range m.Row(int(r)) {
			h[i] += x / float32(len(bag))
		}
	}
	nodes, pos := tree.Path(context)
	var outs [][]float32
	for _, n := range nodes {
		outs = append(outs, slices.Clone(node(n)))
	}
	w.kernel.window(&w.step, center, []int32{context}, alpha)
	checkPathStep(t, alpha, h, nodes, outs, pos, node, rows0, func(k int) []float32 { return m.Row(int(bag[k])) })
}

// checkPathStep checks one step at alpha of the input h against the rows
// outs of the path's nodes (pos: their labels): that each input row, ins[k]
// before and now(k) after, moved by h's whole gradient, and each node's
// row, node(n) after, by its own.
func checkPathStep(t *testing.T, alpha float64, h []float32, nodes []int32, outs [][]float32, pos []bool, node func(int32) []float32, ins [][]float32, now func(k int) []float32) {
	t.Helper()
	for i := range h {
		want, tol := gradient(alpha, h, outs, pos, dot64, dot64, i)
		for k, before := range ins {
			if got := float64(now(k)[i] - before[i]); math.Abs(got-want) > tol {
				t.Errorf("input row %d moved %.6g at %d, want %.6g", k, got, i, want)
			}
		}
		for j, n := range nodes {
			want, tol := gradient(alpha, outs[j], [][]float32{h}, pos[j:j+1], dot64, dot64, i)
			if got := float64(node(n)[i] - outs[j][i]); math.Abs(got-want) > tol {
				t.Errorf("inner node %d moved %.6g at %d, want %.6g", n, got, i, want)
			}
		}
	}
}

// TestArchitecturesRefusedWhereMeaningless: CBOW where the mean of rows is
// not a row (HSG), hierarchical softmax without output rows of its own (a
// one-view model), and no objective at all, each refused in one line.
func TestArchitecturesRefusedWhereMeaningless(t *testing.T) {
	for _, tc := range []struct {
		set  func(*Options)
		want string
	}{
		{func(o *Options) { o.Model, o.CBOW = HSG, true }, "-cbow 1 has no meaning for hsg"},
		{func(o *Options) { o.Model, o.HS = IPS, true }, "-hs 1 needs output rows"},
		{func(o *Options) { o.Model, o.HS = WIPS, true }, "-hs 1 needs output rows"},
		{func(o *Options) { o.Negative = 0 }, "-negative 0 leaves nothing to train"},
	} {
		o := DefaultOptions()
		tc.set(&o)
		err := o.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%+v: %v, want one line with %q", o.Settings, err, tc.want)
		}
	}
	for _, set := range []func(*Options){
		func(o *Options) { o.HS, o.Negative = true, 0 },
		func(o *Options) { o.HS, o.Subwords, o.Batch = true, testSubwords, false },
		func(o *Options) { o.HS, o.Subwords, o.Batch = true, testSubwords, true },
		func(o *Options) { o.HS, o.Subwords, o.CBOW = true, testSubwords, true },
	} {
		o := DefaultOptions()
		set(&o)
		if err := o.Validate(); err != nil {
			t.Errorf("%+v: %v", o.Settings, err)
		}
	}
}

// trainedArchitectures are the ways of training a model beyond skip-gram with
// negative sampling, each on the models it has a meaning for.
var trainedArchitectures = []struct {
	name  string
	kinds []Kind
	set   func(*Options)
}{
	{"cbow", []Kind{SG, IPS, SIPS, IPDS, WIPS}, func(o *Options) { o.CBOW = true }},
	{"hs", []Kind{SG}, func(o *Options) { o.HS, o.Negative = true, 0 }},
	{"hs-pairs", []Kind{SG}, func(o *Options) { o.HS, o.Negative, o.Batch = true, 0, false }},
	{"hs+ns-pairs", []Kind{SG}, func(o *Options) { o.HS, o.Batch = true, false }},
	{"cbow-hs", []Kind{SG}, func(o *Options) { o.CBOW, o.HS, o.Negative = true, true, 0 }},
	{"cbow-hs+ns", []Kind{SG}, func(o *Options) { o.CBOW, o.HS = true, true }},
	{"subwords", []Kind{SG}, func(o *Options) { o.Subwords = testSubwords }},
	{"subwords-pairs", []Kind{SG}, func(o *Options) { o.Subwords, o.Batch = testSubwords, false }},
	{"cbow-subwords", []Kind{SG}, func(o *Options) { o.Subwords, o.CBOW = testSubwords, true }},
}

// testSubwords are fastText's n-grams in fewer buckets, for small tests.
var testSubwords = subword.Settings{Minn: 3, Maxn: 6, Bucket: 10_000}

// TestArchitecturesLearnReproducibly: every architecture on every model it
// takes lowers the loss below that of its start (the same run at rate 0;
// IPS, whose step is as small as its tiny starting rows, learns slowest),
// and one seeded thread gives the same bits twice.
func TestArchitecturesLearnReproducibly(t *testing.T) {
	tokens := 40000
	if testing.Short() { // the race detector's runs
		tokens = 15000
	}
	v, stream := syntheticCorpus(t, tokens, 3)
	for _, a := range trainedArchitectures {
		for _, kind := range a.kinds {
			t.Run(a.name+"/"+string(kind), func(t *testing.T) {
				opt := testOptions(kind)
				opt.Iter = 3
				a.set(&opt)
				m1, st := mustTrain(t, v, stream, opt)
				if len(m1.In) != m1.inRows()*m1.Stride {
					t.Fatalf("%d input floats for %d rows of stride %d", len(m1.In), m1.inRows(), m1.Stride)
				}
				repeatsAndLearns(t, v, stream, opt, m1, st)
			})
		}
	}
}

// TestArchitecturesResumeBitIdentical: a CBOW run and a run through the
// Huffman tree, interrupted and resumed through a checkpoint file, end
// where the uninterrupted runs end, the inner nodes' rows included.
func TestArchitecturesResumeBitIdentical(t *testing.T) {
	v, stream := syntheticCorpus(t, 320_000, 4) // 4 blocks an epoch
	cases := []struct {
		kind Kind
		set  func(*Options)
	}{
		{WIPS, func(o *Options) { o.CBOW = true }},
		{SG, func(o *Options) { o.HS = true }},
		{SG, func(o *Options) { o.Subwords = testSubwords }},
		{SIPS, func(o *Options) { o.CBOW = true }},
		{SG, func(o *Options) { o.HS, o.CBOW, o.Negative = true, true, 0 }},
	}
	if testing.Short() { // the race detector's runs: the three kinds of state a checkpoint adds
		cases = cases[:3]
	}
	for _, tc := range cases {
		opt := DefaultOptions()
		opt.Model, opt.Dim, opt.Iter, opt.Threads, opt.Seed = tc.kind, 12, 2, 1, 5
		tc.set(&opt)
		train := func(ctx context.Context, o Options) (*Model, Stats, error) { return Train(ctx, v, stream, o) }
		want, wst, err := train(context.Background(), opt)
		if err != nil {
			t.Fatal(err)
		}
		got, st, _ := interrupted(t, 3, opt, train)
		sameModel(t, fmt.Sprintf("%s %+v resumed", tc.kind, opt.Settings), got, want)
		if st.Loss != wst.Loss || st.Pairs != wst.Pairs {
			t.Fatalf("%s: resumed loss %v over %d examples, uninterrupted %v over %d", tc.kind, st.Loss, st.Pairs, wst.Loss, wst.Pairs)
		}
	}
}

// TestSubwordWindowGradients steps skip-gram with subwords once on a batch
// window and checks fastText's update, with the noise words of the window
// counting once per context: every row the centre word's input is composed
// of (its own and its n-grams') moved by the whole gradient of the loss in
// the composed input h, each context's output row by its own gradient, and
// each noise word's output row by its gradient times the window's
// contexts.
func TestSubwordWindowGradients(t *testing.T) {
	const alpha = 1e-3
	words := []string{"the", "cat", "sat", "on", "mat", "cats", "sitting", "mats"}
	checked := 0
	for seed := uint64(1); checked < 3 && seed < 50; seed++ {
		w := testWorkerWith(t, SG, 10, len(words), 2, seed, func(o *Options) {
			o.Subwords = subword.Settings{Minn: 2, Maxn: 4, Bucket: 100_000}
		})
		w.r.bags = w.r.opt.newBags(words)
		w.Bags = w.r.bags
		w.kernel = newLinear(w.r.setup(), &w.scratch)
		m := w.r.model
		const center = 6 // "sitting": its own row and its n-grams'
		ctxs := []int32{1, 2}
		rows := w.r.bags.Of(center)
		before := func(ids []int32, row func(int32) []float32) [][]float32 {
			var r [][]float32
			for _, id := range ids {
				r = append(r, slices.Clone(row(id)))
			}
			return r
		}
		inRow := func(id int32) []float32 { return m.Row(int(id)) }
		outRowOf := func(id int32) []float32 { return outRow(w, int(id)) }
		ins0 := before(rows, inRow)
		all := []int32{0, 1, 2, 3, 4, 5, 6, 7}
		outs0 := before(all, outRowOf)
		w.kernel.window(&w.step, center, ctxs, alpha)
		noise := w.Look.Targets[1:]
		if slices.ContainsFunc(noise, func(n int32) bool { return slices.Contains(ctxs, n) }) ||
			len(noise) != 2 || noise[0] == noise[1] || len(slices.Compact(slices.Sorted(slices.Values(rows)))) != len(rows) {
			continue
		}
		checked++
		h := make([]float32, m.Dim)
		for _, in := range ins0 {
			for i := range h {
				h[i] += in[i] / float32(len(ins0))
			}
		}
		var outs [][]float32
		var pos []bool
		for _, c := range ctxs {
			outs, pos = append(outs, outs0[c]), append(pos, true)
		}
		for range len(ctxs) { // each noise word counts once per context
			for _, n := range noise {
				outs, pos = append(outs, outs0[n]), append(pos, false)
			}
		}
		for i := range h {
			want, tol := gradient(alpha, h, outs, pos, dot64, dot64, i)
			for r, id := range rows {
				if got := float64(m.Row(int(id))[i] - ins0[r][i]); math.Abs(got-want) > tol {
					t.Errorf("seed %d: input row %d moved %.6g at %d, want %.6g", seed, id, got, i, want)
				}
			}
			for _, id := range append(slices.Clone(ctxs), noise...) {
				var o [][]float32
				var p []bool
				for j, out := range outs {
					if slices.Equal(out, outs0[id]) {
						o, p = append(o, h), append(p, pos[j])
					}
				}
				want, tol := 0.0, 1e-7
				for j := range o {
					g, t := gradient(alpha, outs0[id], [][]float32{o[j]}, p[j:j+1], dot64, dot64, i)
					want, tol = want+g, tol+t
				}
				if got := float64(outRow(w, int(id))[i] - outs0[id][i]); math.Abs(got-want) > tol {
					t.Errorf("seed %d: output row %d moved %.6g at %d, want %.6g", seed, id, got, i, want)
				}
			}
		}
	}
	if checked < 3 {
		t.Fatalf("only %d windows drew noise apart from their contexts", checked)
	}
}
