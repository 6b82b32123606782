package skipgram

import (
	"context"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/fasttext"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/subword"
)

// The one-view models with subwords (docs/subwords.md): the centre word's
// input is the mean of its rows, its contexts and noise words are word rows
// of the same matrix, scored under the model's own similarity.

var oneViewLinear = []Kind{IPS, SIPS, IPDS, WIPS}

// TestOneViewSubwordPairGradients steps each one-view linear model with
// subwords once on one pair: pair by pair, as a batch window of one
// context (bagWindow) and as a CBOW window of one context (bagCBOW, whose
// mean of the context's rows is its composed vector). It checks, against
// central differences of the model's float64 score (WIPS's rows with the
// signs of lambda: step64), that every row the input word is composed of
// moved by the whole gradient of the loss in its composed vector h, that
// every row of each target moved by the whole gradient in the target's
// composed vector, and WIPS's lambda gradient at them. Pair by pair the
// input is the centre word and the targets the context and its noise
// words; in a window the input is the context and the targets the centre
// word and the window's noise words.
func TestOneViewSubwordPairGradients(t *testing.T) {
	for _, arch := range []string{"pairs", "batch", "cbow"} {
		for _, kind := range oneViewLinear {
			t.Run(string(kind)+"/"+arch, func(t *testing.T) { oneViewSubwordGradients(t, kind, arch) })
		}
	}
}

func oneViewSubwordGradients(t *testing.T, kind Kind, arch string) {
	window := arch != "pairs" // the input is the context, the targets the window's
	const alpha = 1e-3
	words := []string{"the", "cat", "sat", "on", "mat", "cats", "sitting", "mats"}
	checked := 0
	for seed := uint64(1); checked < 3 && seed < 100; seed++ {
		run, _ := testRun(t, kind, 10, len(words), 2, seed, func(o *Options) {
			o.Subwords, o.Batch, o.CBOW = subword.Settings{Minn: 2, Maxn: 4, Bucket: 100_000}, arch == "batch", arch == "cbow"
		})
		run.bags = run.opt.newBags(words)
		w := newWorker(run, 0, kind.def().workerKernels(run))
		m := run.model
		compose := func(id int32) []float32 {
			h := make([]float32, m.Dim)
			rows := run.bags.Of(id)
			for _, r := range rows {
				for i, x := range m.Row(int(r)) {
					h[i] += x / float32(len(rows))
				}
			}
			return h
		}
		before := slices.Clone(m.In)
		moved := func(r int32, i int) float64 { return float64(m.Row(int(r))[i] - before[int(r)*m.Stride+i]) }
		const center, ctx = 6, 1 // "sitting" and "cat"
		input := int32(center)
		if window {
			input = ctx
		}
		h := compose(input)
		all := make([][]float32, len(words))
		for id := range all {
			all[id] = compose(int32(id))
		}
		w.kernel.window(&w.step, center, []int32{ctx}, alpha)
		targets := append([]int32{ctx}, w.Look.Next[1:]...) // the pair's: its context, then its noise words
		if window {
			targets = slices.Clone(w.Look.Targets) // the window's: its centre word, then its noise words
		}
		var used []int32
		for _, id := range append(slices.Clone(targets), input) {
			used = append(used, run.bags.Of(id)...)
		}
		if len(slices.Compact(slices.Sorted(slices.Values(used)))) != len(used) {
			continue // a row of two words (or a word twice) moves twice: not the one-step gradient
		}
		checked++
		outs, pos := make([][]float32, len(targets)), make([]bool, len(targets))
		for j, id := range targets {
			outs[j] = all[id]
		}
		pos[0] = true
		score := func(x, out []float32) float64 { return score64(w, x, out) }
		move := func(x, out []float32) float64 { return step64(w, x, out) }
		for i := range h {
			want, tol := gradient(alpha, h, outs, pos, score, move, i)
			for _, r := range run.bags.Of(input) {
				if got := moved(r, i); math.Abs(got-want) > tol {
					t.Errorf("seed %d: input row %d moved %.6g at %d, want %.6g", seed, r, got, i, want)
				}
			}
			for j, id := range targets {
				g, tol := gradient(alpha, outs[j], [][]float32{h}, pos[j:j+1], func(o, x []float32) float64 { return score(x, o) },
					func(o, x []float32) float64 { return move(x, o) }, i)
				for _, r := range run.bags.Of(id) {
					if got := moved(r, i); math.Abs(got-g) > tol {
						t.Errorf("seed %d: target %d's row %d moved %.6g at %d, want %.6g", seed, id, r, got, i, g)
					}
				}
			}
		}
		if kind == WIPS {
			checkLambdaGradient(t, wipsOf(w), alpha, h, outs, pos, seed)
		}
	}
	if checked < 3 {
		t.Fatalf("only %d pairs of words with rows of their own", checked)
	}
}

// TestOneViewSubwordsLearn: each one-view linear model with subwords
// lowers the loss below that of its start (the same run at rate 0), one
// seeded thread gives the same bits twice, and the matrix holds the words'
// rows then the buckets'.
func TestOneViewSubwordsLearn(t *testing.T) {
	tokens := 40000
	if testing.Short() {
		tokens = 15000
	}
	v, stream := syntheticCorpus(t, tokens, 3)
	for _, arch := range []struct {
		name        string
		batch, cbow bool
	}{{"pairs", false, false}, {"batch", true, false}, {"cbow", false, true}} {
		for _, kind := range oneViewLinear {
			t.Run(string(kind)+"/"+arch.name, func(t *testing.T) {
				opt := testOptions(kind)
				opt.Iter, opt.Subwords, opt.Batch, opt.CBOW = 3, testSubwords, arch.batch, arch.cbow
				m1, st, err := Train(context.Background(), v, stream, opt)
				if err != nil {
					t.Fatal(err)
				}
				if m1.Out != nil || len(m1.In) != (v.Len()+testSubwords.Bucket)*m1.Stride {
					t.Fatal("the matrix is not the words' rows then the buckets'")
				}
				repeatsAndLearns(t, v, stream, opt, m1, st)
			})
		}
	}
}

// TestOneViewSubwordsRefused: HSG refuses subwords (a mean of points on
// the hyperboloid is off it), in one line; the linear one-view models
// train them pair by pair, in batch windows and with CBOW.
func TestOneViewSubwordsRefused(t *testing.T) {
	for _, tc := range []struct {
		kind        Kind
		batch, cbow bool
		want        string
	}{
		{HSG, false, false, "-maxn 6 has no meaning for hsg"},
		{HSG, true, false, "-maxn 6 has no meaning for hsg"},
		{HSG, false, true, "-cbow 1 has no meaning for hsg"},
	} {
		o := DefaultOptions()
		o.Model, o.Subwords, o.Batch, o.CBOW = tc.kind, testSubwords, tc.batch, tc.cbow
		err := o.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s -batch %v -cbow %v: %v, want one line with %q", tc.kind, tc.batch, tc.cbow, err, tc.want)
		}
	}
	for _, kind := range oneViewLinear {
		for _, arch := range [][2]bool{{false, false}, {true, false}, {false, true}} {
			o := DefaultOptions()
			o.Model, o.Subwords, o.Batch, o.CBOW = kind, testSubwords, arch[0], arch[1]
			if err := o.Validate(); err != nil {
				t.Errorf("%s -batch %v -cbow %v: %v", kind, arch[0], arch[1], err)
			}
		}
	}
}

// TestOneViewSubwordsFastTextModel: the fastText model of a one-view run
// with subwords holds the one matrix as its input and the word rows again
// as its output, reads back whole, and composes the vectors the run writes.
func TestOneViewSubwordsFastTextModel(t *testing.T) {
	v, stream := syntheticCorpus(t, 15000, 3)
	opt := testOptions(WIPS)
	opt.Subwords, opt.Batch = testSubwords, false
	m, _, err := Train(context.Background(), v, stream, opt)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "m.bin")
	if err := fasttext.Write(path, m.FastText(v, opt, Source{MinCount: 1, Corpus: embedding.CorpusInfo{Tokens: int64(len(stream))}})); err != nil {
		t.Fatal(err)
	}
	ft, err := fasttext.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if ft.Output.Rows != v.Len() || ft.Input.Rows != v.Len()+testSubwords.Bucket {
		t.Fatalf("input %d rows, output %d", ft.Input.Rows, ft.Output.Rows)
	}
	for w := range v.Len() {
		if !sameBits(ft.Output.Row(w), m.Row(w)) || !sameBits(ft.Input.Row(w), m.Row(w)) {
			t.Fatalf("word %d: the model's rows are not the run's", w)
		}
	}
	written := m.Vectors(v.Words)
	got, err := ft.VectorsOf(v.Words)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Words, written.Words) || !sameBits(got.Data, written.Data) {
		t.Fatal("the fastText model composes other vectors than the run writes")
	}
}

// TestOneViewSubwordsResumeBitIdentical: a one-view run with subwords,
// interrupted and resumed through a checkpoint file, ends where the
// uninterrupted run ends, the bucket rows and lambda included.
func TestOneViewSubwordsResumeBitIdentical(t *testing.T) {
	v, stream := syntheticCorpus(t, 320_000, 4) // 4 blocks an epoch
	opt := DefaultOptions()
	opt.Model, opt.Dim, opt.Iter, opt.Threads, opt.Seed = WIPS, 12, 2, 1, 5
	opt.Subwords, opt.Batch = testSubwords, false
	train := func(ctx context.Context, o Options) (*Model, Stats, error) { return Train(ctx, v, stream, o) }
	want, wst, err := train(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	got, st, _ := interrupted(t, 3, opt, train)
	sameModel(t, "wips with subwords resumed", got, want)
	if st.Loss != wst.Loss || !sameBits(got.param("lambda"), want.param("lambda")) {
		t.Fatalf("resumed loss %v, uninterrupted %v", st.Loss, wst.Loss)
	}
}

// TestBagCache: a bag taken from the cache is its word's composed vector;
// what windows do to it moves every row of the word by the same change
// when the word leaves the cache (the sentence ends, or a word of a later
// window takes its slot), and a word whose slot another word of the same
// window holds gets a bag of its own, its rows moved at the window's end.
func TestBagCache(t *testing.T) {
	var words []string // two letters each: with 3-grams alone no two words share a row
	for i := range bagSlots + 10 {
		words = append(words, string(rune('a'+i/26))+string(rune('a'+i%26)))
	}
	run, _ := testRun(t, IPS, 8, len(words), 2, 1, func(o *Options) {
		o.Subwords, o.Batch = subword.Settings{Minn: 3, Maxn: 3, Bucket: 1 << 20}, true
	})
	run.bags = run.opt.newBags(words)
	w := newWorker(run, 0, IPS.def().workerKernels(run))
	m, s := run.model, &w.step
	rowsOf := func(id int32) [][]float32 {
		var rs [][]float32
		for _, r := range run.bags.Of(id) {
			rs = append(rs, slices.Clone(m.Row(int(r))))
		}
		return rs
	}
	movedBy := func(what string, id int32, before [][]float32, times float32) {
		t.Helper()
		for i, r := range run.bags.Of(id) {
			for j, d := range change {
				if got := m.Row(int(r))[j] - before[i][j]; math.Abs(float64(got-times*d)) > 1e-5 {
					t.Fatalf("%s: word %d's row %d moved %v at %d, want %v", what, id, r, got, j, times*d)
				}
			}
		}
	}
	c := newBagCache(&hogwild.Scratch{}, m.Dim, 2, 3)
	window := func(more bool, ids ...int32) {
		for _, id := range ids {
			kernel.Axpy(c.get(s, id), change, 1)
		}
		s.Look.More = more
		c.done(s)
	}

	// One word through two windows of a sentence: composed once, its rows
	// moved once, at the sentence's end.
	before := rowsOf(3)
	b := c.get(s, 3)
	if !sameBits(b, s.Compose(make([]float32, m.Dim), 3)) {
		t.Fatal("the bag is not the word's composed vector")
	}
	window(true)
	window(true, 3)
	movedBy("in the sentence", 3, before, 0)
	if b2 := c.get(s, 3); &b2[0] != &b[0] {
		t.Fatal("the next window composed the word again")
	}
	window(false)
	movedBy("at the sentence's end", 3, before, 1)

	// Two words of one slot: in one window the second has a bag of its
	// own, moved at the window's end; in a later window it takes the slot
	// and the first word's rows move.
	one, other := int32(5), int32(5+bagSlots)
	beforeOne, beforeOther := rowsOf(one), rowsOf(other)
	window(true, one, other)
	movedBy("the word in its slot", one, beforeOne, 0)
	movedBy("the word without a slot", other, beforeOther, 1)
	window(true, other)
	movedBy("the word another took the slot of", one, beforeOne, 1)
	window(false)
	movedBy("the word that took the slot", other, beforeOther, 2)
}

// change is what TestBagCache's windows add to a bag.
var change = []float32{1, -2, 3, 0.5, 0, 0, 1, 1}
