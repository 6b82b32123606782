package skipgram

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wipsvec/wipsvec/vocab"
)

// syntheticCorpus is a Zipf-like corpus of sentences with topical structure:
// words of the same group co-occur.
func syntheticCorpus(t testing.TB, tokens int, seed uint64) (*vocab.Vocab, []int32) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	const groups, perGroup = 8, 25
	words := make([]string, groups*perGroup)
	counts := make([]int64, len(words))
	for i := range words {
		words[i] = "w" + strconv.Itoa(i)
	}
	var stream []int32
	for len(stream) < tokens {
		g := r.IntN(groups)
		n := 5 + r.IntN(20)
		for range n {
			id := int32(g*perGroup + int(float64(perGroup)*math.Pow(r.Float64(), 2)))
			stream = append(stream, id)
			counts[id]++
		}
		stream = append(stream, vocab.SentenceEnd)
	}
	// vocab.New orders words by count; remap the stream to its ids.
	var keepW []string
	var keepC []int64
	for i, c := range counts {
		if c > 0 {
			keepW, keepC = append(keepW, words[i]), append(keepC, c)
		}
	}
	v, err := vocab.New(keepW, keepC)
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range stream {
		if id != vocab.SentenceEnd {
			nid, _ := v.ID([]byte(words[id]))
			stream[i] = nid
		}
	}
	return v, stream
}

func testOptions(kind Kind) Options {
	opt := DefaultOptions()
	opt.Model, opt.Dim, opt.Iter, opt.Threads, opt.Seed, opt.Sample = kind, 12, 2, 1, 7, 1e-2
	opt.NegDim = 4
	return opt
}

func TestSingleThreadIsBitIdentical(t *testing.T) {
	v, stream := syntheticCorpus(t, 20000, 1)
	for _, kind := range Kinds() {
		t.Run(string(kind), func(t *testing.T) {
			m1, _ := seedDecides(t, testOptions(kind), func(o Options) (*Model, Stats, error) { return Train(context.Background(), v, stream, o) })
			for _, x := range m1.In {
				if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
					t.Fatal("non-finite parameter after training")
				}
			}
		})
	}
}

// TestEveryEpochTrainsEveryWord guards against word2vec.c's flaw where the
// thread that reaches the end of the file stops training: the words
// processed must be iter x corpus words whatever the thread count.
func TestEveryEpochTrainsEveryWord(t *testing.T) {
	v, stream := syntheticCorpus(t, 30000, 2)
	var words int64
	for _, id := range stream {
		if id != vocab.SentenceEnd {
			words++
		}
	}
	for _, threads := range []int{1, 2, 3, 7} {
		opt := testOptions(SG)
		opt.Threads, opt.Iter = threads, 3
		var last Progress
		opt.Progress = func(p Progress) { last = p }
		_, st := mustTrain(t, v, stream, opt)
		if st.Words != 3*words {
			t.Errorf("threads %d: processed %d words, want 3 x %d = %d", threads, st.Words, words, 3*words)
		}
		if !last.Done || last.Words != st.Words || last.Total != 3*words {
			t.Errorf("threads %d: final progress %+v", threads, last)
		}
	}
}

// chunk cuts a stream into pieces of n tokens, ignoring sentence ends.
func chunk(stream []int32, n int) [][]int32 { return slices.Collect(slices.Chunk(stream, n)) }

// TestChunkedStreamTrainsLikeFlat: sentences may span chunks, and a chunked
// stream must train to the same vectors as the flat one.
func TestChunkedStreamTrainsLikeFlat(t *testing.T) {
	v, stream := syntheticCorpus(t, 20000, 11)
	opt := testOptions(SG)
	a, _ := mustTrain(t, v, stream, opt)
	b, _, err := TrainChunks(context.Background(), v, chunk(stream, 333), opt)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.In, b.In) || !slices.Equal(a.Out, b.Out) {
		t.Fatal("training on chunks differs from training on the joined stream")
	}
}

// TestWIPSWithIPDSLambdaIsIPDS trains WIPS with lambda frozen at
// (1,..,1,-1,..,-1) (a step of 0) and IPDS with the same q, seed and one thread: the paper's
// Table 1 says they are the same model. The two kernels are written
// separately; multiplying by +-1 is exact in float32, so they must agree to
// the bit (the bound allows for float32 rounding should the kernels ever
// order their sums differently).
func TestWIPSWithIPDSLambdaIsIPDS(t *testing.T) {
	v, stream := syntheticCorpus(t, 20000, 4)
	ipds := testOptions(IPDS)
	wips := ipds
	wips.Model = WIPS
	wips.LambdaInit, wips.LambdaAlpha = "neg:"+strconv.Itoa(ipds.NegDim), 0
	a, _ := mustTrain(t, v, stream, ipds)
	b, _ := mustTrain(t, v, stream, wips)
	var maxDiff, maxAbs float64
	for i := range a.In {
		maxDiff = math.Max(maxDiff, math.Abs(float64(a.In[i]-b.In[i])))
		maxAbs = math.Max(maxAbs, math.Abs(float64(a.In[i])))
	}
	if maxDiff > 1e-4*maxAbs {
		t.Fatalf("WIPS with IPDS's lambda differs from IPDS by %g (largest coordinate %g)", maxDiff, maxAbs)
	}
	if !slices.Equal(b.param("lambda"), IPDSLambda(ipds.Dim, ipds.NegDim)) {
		t.Fatal("frozen lambda moved")
	}
}

func TestTrainRejectsBadOptions(t *testing.T) {
	v, stream := syntheticCorpus(t, 1000, 5)
	bad := map[string]func(*Options){
		"size 0":         func(o *Options) { o.Dim = 0 },
		"negative win":   func(o *Options) { o.Window = -1 },
		"neg-dim 0":      func(o *Options) { o.Model, o.NegDim = IPDS, 0 },
		"neg-dim K":      func(o *Options) { o.Model, o.NegDim = IPDS, o.Dim },
		"unknown model":  func(o *Options) { o.Model = "foo" },
		"bad lambda":     func(o *Options) { o.Model, o.LambdaInit = WIPS, "sometimes" },
		"zero iter":      func(o *Options) { o.Iter = 0 },
		"zero threads":   func(o *Options) { o.Threads = 0 },
		"alpha negative": func(o *Options) { o.Alpha = -1 },
		"share negative": func(o *Options) { o.ShareNoise = -1 },
		"hot rows -2":    func(o *Options) { o.HotRows = -2 },
		"hot sync 0":     func(o *Options) { o.Model, o.Threads, o.HotRows, o.HotSync = SIPS, 2, 64, 0 },
	}
	for name, mod := range bad {
		opt := testOptions(SG)
		mod(&opt)
		if _, _, err := Train(context.Background(), v, stream, opt); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestCancelStopsTraining(t *testing.T) {
	v, stream := syntheticCorpus(t, 200000, 6)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	opt := testOptions(SG)
	opt.Iter = 50
	_, st, err := Train(ctx, v, stream, opt)
	if err == nil {
		t.Fatal("cancelled training returned no error")
	}
	if st.Words >= int64(opt.Iter)*int64(len(stream))/2 {
		t.Fatalf("cancelled training ran on: %d words", st.Words)
	}
}

// TestWIPSLambdaLearns: lambda's magnitudes move from their start.
func TestWIPSLambdaLearns(t *testing.T) {
	v, stream := syntheticCorpus(t, 40000, 8)
	opt := testOptions(WIPS)
	m, _ := mustTrain(t, v, stream, opt)
	moved := 0
	for _, l := range m.param("lambda") {
		if l != 1 {
			moved++
		}
	}
	if moved < len(m.param("lambda"))/2 {
		t.Fatalf("lambda barely moved: %v", m.param("lambda"))
	}
}

// TestDivergenceIsAnErrorNotAPanic: absurd learning rates end the run
// with ErrDiverged, soon after the parameters stop being finite rather than
// at the end of the run, and with no checkpoint of the diverged state.
func TestDivergenceIsAnErrorNotAPanic(t *testing.T) {
	v, stream := syntheticCorpus(t, 20000, 9)
	for _, threads := range []int{1, 2} {
		opt := testOptions(WIPS)
		opt.Alpha, opt.LambdaAlpha, opt.Iter, opt.Threads = 50, 1, 100, threads
		var saved, savedNaN int
		opt.CheckpointEvery = time.Millisecond
		opt.Checkpoint = func(s *Snapshot) error {
			saved++
			if !s.Model.finite() {
				savedNaN++
			}
			return nil
		}
		_, st, err := Train(context.Background(), v, stream, opt)
		if !errors.Is(err, ErrDiverged) || !strings.Contains(err.Error(), "lower -alpha") {
			t.Fatalf("%d threads, absurd learning rates: err = %v, want ErrDiverged with advice", threads, err)
		}
		if total := int64(opt.Iter) * 20000; st.Words > total/10 {
			t.Errorf("%d threads: diverged, yet trained %d of %d words", threads, st.Words, total)
		}
		if savedNaN > 0 {
			t.Errorf("%d threads: %d of %d checkpoints hold NaN or Inf", threads, savedNaN, saved)
		}
	}
}

// TestBatchModeLearns checks -batch trains to a loss close to the exact
// mode's on the same corpus, and stays reproducible on one thread.
func TestBatchModeLearns(t *testing.T) {
	v, stream := syntheticCorpus(t, 40000, 10)
	for _, kind := range Kinds() {
		exact := testOptions(kind)
		exact.Iter = 3
		batch := exact
		batch.Batch = true
		_, se := mustTrain(t, v, stream, exact)
		m1, sb := mustTrain(t, v, stream, batch)
		m2, _, _ := Train(context.Background(), v, stream, batch)
		if !slices.Equal(m1.In, m2.In) {
			t.Errorf("%s: -batch is not reproducible on one thread", kind)
		}
		t.Logf("%s: loss exact %.3f batch %.3f", kind, se.Loss, sb.Loss)
		if sb.Loss > se.Loss*1.1 {
			t.Errorf("%s: batch loss %.3f (pairs %d) vs exact %.3f (pairs %d)", kind, sb.Loss, sb.Pairs, se.Loss, se.Pairs)
		}
	}
}

// TestNoiseSharedByConsecutiveWindows: a draw of noise words serves
// Options.SharedNoise windows in a row, counted from each sentence's first,
// and no draw serves two sentences.
func TestNoiseSharedByConsecutiveWindows(t *testing.T) {
	for _, share := range []int{0, 1, 2, 3} {
		w := testWorkerWith(t, SG, 8, 5000, 5, 3, func(o *Options) { o.ShareNoise = share })
		group := w.r.opt.SharedNoise()
		type window struct {
			sentence, pos int
			noise         []int32
		}
		var windows []window
		for s, n := range []int{7, 4, 1, 3} {
			for pos := range n {
				w.Look.More = pos+1 < n
				w.Look.NextRows = [2]int32{0, -1}
				targets := w.WindowTargets(4999) // the rarest word: hardly ever drawn
				windows = append(windows, window{s, pos, slices.Clone(targets[1:])})
			}
		}
		for i, a := range windows {
			if len(a.noise) != 5 {
				t.Fatalf("share %d: window %d has %d noise words, want 5", share, i, len(a.noise))
			}
			for _, b := range windows[:i] {
				same := a.sentence == b.sentence && a.pos/group == b.pos/group
				if slices.Equal(a.noise, b.noise) != same {
					t.Errorf("share %d: windows %d and %d of sentence %d and %d: same noise %v, want %v",
						share, a.pos, b.pos, a.sentence, b.sentence, !same, same)
				}
			}
		}
	}
}

// TestSharedNoiseIsTheModelsByDefault: 0 leaves the number to the model
// (SG shares a draw between two windows, the one-view models do not), a
// number given is kept, and exact pairs share nothing.
func TestSharedNoiseIsTheModelsByDefault(t *testing.T) {
	for _, tc := range []struct {
		kind  Kind
		share int
		batch bool
		want  int
	}{
		{SG, 0, true, 2}, {WIPS, 0, true, 1}, {SIPS, 0, true, 1}, {HSG, 0, true, 1},
		{WIPS, 3, true, 3}, {SG, 1, true, 1}, {SG, 0, false, 1}, {SG, 4, false, 1},
	} {
		o := DefaultOptions()
		o.Model, o.ShareNoise, o.Batch = tc.kind, tc.share, tc.batch
		if got := o.SharedNoise(); got != tc.want {
			t.Errorf("%s, ShareNoise %d, Batch %v: SharedNoise %d, want %d", tc.kind, tc.share, tc.batch, got, tc.want)
		}
	}
}
