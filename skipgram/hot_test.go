package skipgram

import (
	"context"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/wipsvec/wipsvec/vocab"
)

// TestReplicaSyncAddsBothWorkersSteps: two workers change their replicas of
// the same hot rows; after both merge, the shared rows hold the start plus
// both changes, the second worker's replica holds that too, and the rows
// past the hot ones are untouched.
func TestReplicaSyncAddsBothWorkersSteps(t *testing.T) {
	const hot, stride, dim, words = 3, 4, 3, 5
	matrix := make([]float32, words*stride)
	for i := range matrix {
		matrix[i] = float32(i)
	}
	start := append([]float32(nil), matrix...)
	a, b := newReplica(&hogwild.Scratch{}, matrix, hot, stride, 1), newReplica(&hogwild.Scratch{}, matrix, hot, stride, 1)
	for i := range a.priv {
		a.priv[i] += 1
		b.priv[i] += 10
	}
	a.sync(stride, dim, 1, nil)
	b.sync(stride, dim, 1, nil)
	for i, x := range matrix {
		want := start[i]
		if i < hot*stride && i%stride < dim {
			want += 11
		}
		if x != want {
			t.Errorf("shared[%d] = %v, want %v", i, x, want)
		}
	}
	for i := range b.priv {
		if i%stride < dim && b.priv[i] != matrix[i] {
			t.Errorf("second replica [%d] = %v, want the merged %v", i, b.priv[i], matrix[i])
		}
	}
	// a merged before b's steps: a sync with no new steps of its own
	// takes b's.
	a.sync(stride, dim, 1, nil)
	for i := range a.priv {
		if i%stride < dim && a.priv[i] != matrix[i] {
			t.Errorf("first replica [%d] = %v after a second sync, want %v", i, a.priv[i], matrix[i])
		}
	}
}

// TestHotRowsByDefaultOnTwoThreadsOnly: the default replicates
// TwoThreadHotRows rows on two threads and none on one or on more, where
// the merges project and cost loss; a count given is kept on two threads
// and more, capped by the rows.
func TestHotRowsByDefaultOnTwoThreadsOnly(t *testing.T) {
	for _, c := range []struct{ hot, threads, rows, want int }{
		{DefaultHotRows, 1, 1000, 0},
		{DefaultHotRows, 2, 1000, TwoThreadHotRows},
		{DefaultHotRows, 2, 10, 10},
		{DefaultHotRows, 3, 1000, 0},
		{DefaultHotRows, 16, 1000, 0},
		{0, 2, 1000, 0},
		{300, 1, 1000, 0},
		{300, 2, 1000, 300},
		{300, 4, 1000, 300},
		{300, 4, 100, 100},
	} {
		o := DefaultOptions()
		o.HotRows, o.Threads = c.hot, c.threads
		if got := hotRows(o, c.rows); got != c.want {
			t.Errorf("-hot-rows %d on %d threads, %d rows: %d replicated, want %d", c.hot, c.threads, c.rows, got, c.want)
		}
	}
}

// TestHotRowsValidOnAnyThreads: rows given are valid on any number of
// threads for every model (on more than two they merge by projection, or
// by the mean, and do not overshoot), as is the default.
func TestHotRowsValidOnAnyThreads(t *testing.T) {
	for _, kind := range Kinds() {
		for _, threads := range []int{2, 3, 16} {
			o := DefaultOptions()
			o.Model, o.Threads = kind, threads
			if err := o.Validate(); err != nil {
				t.Errorf("%s, the default on %d threads: %v", kind, threads, err)
			}
			o.HotRows = 64
			if err := o.Validate(); err != nil {
				t.Errorf("%s, -hot-rows 64 on %d threads: %v", kind, threads, err)
			}
		}
	}
}

// TestManyWorkersMergeWithoutOvershoot: n workers each move their replica
// of a hot row most of the way to where it settles, then merge, round
// after round, as rows as hot as "the" do. Adding the n changes would
// overshoot n-fold and, from three workers on, swing ever wider; on more
// than two threads the merges project (the mean for HSG, which swings a
// little past), and the shared row settles where the replicas go.
func TestManyWorkersMergeWithoutOvershoot(t *testing.T) {
	const words, settle, frac = 200, float32(1), float32(0.8)
	for _, kind := range []Kind{SG, SIPS, WIPS, HSG} {
		for _, threads := range []int{3, 16} {
			o := DefaultOptions()
			o.Model, o.Dim, o.Threads, o.HotRows = kind, 8, threads, 64
			r := &run{opt: &o, model: NewModel(o, words)}
			workers := make([]*worker, threads)
			for i := range workers {
				workers[i] = &worker{r: r}
				workers[i].views()
			}
			wantEvery := DefaultHotSync
			for _, rep := range workers[0].replicas {
				if rep.every != wantEvery || rep.projected == kind.def().meanMerge || len(rep.shared) != 64*r.model.Stride {
					t.Fatalf("%s on %d threads: %d hot rows merged every %d tokens, projected %v; want 64 every %d, projected %v",
						kind, threads, len(rep.shared)/r.model.Stride, rep.every, rep.projected, wantEvery, !kind.def().meanMerge)
				}
			}
			// Coordinate 1 of row 0 (space-like for HSG, which the lift
			// keeps) moves towards settle; the others stay.
			const row, col = 0, 1
			worst := float32(0)
			for range 20 {
				for _, w := range workers {
					x := &w.in.priv[row*r.model.Stride+col]
					*x += frac * (settle - *x)
					w.syncHot()
					worst = max(worst, r.model.In[row*r.model.Stride+col]-settle)
				}
			}
			got := r.model.In[row*r.model.Stride+col]
			if d := math.Abs(float64(got - settle)); d > 0.05 || worst > 0.5 {
				t.Errorf("%s on %d threads: the shared row ended %v from where it settles, and went %v past it; want under 0.05 and 0.5",
					kind, threads, d, worst)
			}
		}
	}
}

// TestReplicaSyncMeanMerge: with share 1/2 (a model's meanMerge on two
// threads) the shared rows move by the mean of the two workers' changes.
func TestReplicaSyncMeanMerge(t *testing.T) {
	const hot, stride, dim = 2, 4, 3
	matrix := make([]float32, 3*stride)
	a, b := newReplica(&hogwild.Scratch{}, matrix, hot, stride, 1), newReplica(&hogwild.Scratch{}, matrix, hot, stride, 1)
	for i := range a.priv {
		a.priv[i], b.priv[i] = 1, 3
	}
	a.sync(stride, dim, 0.5, nil)
	b.sync(stride, dim, 0.5, nil)
	for i, x := range matrix {
		want := float32(0)
		if i < hot*stride && i%stride < dim {
			want = 2
		}
		if x != want {
			t.Errorf("shared[%d] = %v, want %v", i, x, want)
		}
	}
}

// TestProjectedMergeCountsASharedMoveOnce: two workers' replicas of the
// target rows past the hot ones, from one start. Where both moved a row the same way, the
// merged row moves once, not twice (as adding would) and not by half (as
// averaging would); where their moves are across each other they add;
// where only one moved, its move is kept; and a merge with nothing new
// takes the merged rows and moves none.
func TestProjectedMergeCountsASharedMoveOnce(t *testing.T) {
	const hot, stride, dim = 3, 4, 2
	matrix := make([]float32, 4*stride)
	for i := range matrix {
		matrix[i] = 1
	}
	a, b := newReplica(&hogwild.Scratch{}, matrix, hot, stride, 1), newReplica(&hogwild.Scratch{}, matrix, hot, stride, 1)
	set := func(r *replica, row int, x, y float32) {
		r.priv[row*stride] += x
		r.priv[row*stride+1] += y
	}
	set(a, 0, 2, 0)
	set(b, 0, 2, 0) // row 0: the same move
	set(a, 1, 2, 0)
	set(b, 1, 0, 3) // row 1: moves across each other
	set(a, 2, 0, 0)
	set(b, 2, -1, 1) // row 2: only b moved
	a.projectedMerge(stride, dim)
	b.projectedMerge(stride, dim)
	want := [][2]float32{{3, 1}, {3, 4}, {0, 2}, {1, 1}}
	for row, w := range want {
		got := [2]float32{matrix[row*stride], matrix[row*stride+1]}
		if got != w {
			t.Errorf("row %d merged to %v, want %v", row, got, w)
		}
	}
	// b merged last and holds the merged rows; a, with nothing new of its
	// own, takes them at its next merge and moves nothing.
	a.projectedMerge(stride, dim)
	for row, w := range want[:hot] {
		for _, r := range []*replica{a, b} {
			if got := [2]float32{r.priv[row*stride], r.priv[row*stride+1]}; got != w {
				t.Errorf("row %d: a replica holds %v after its merge, want the merged %v", row, got, w)
			}
		}
		if got := [2]float32{matrix[row*stride], matrix[row*stride+1]}; got != w {
			t.Errorf("row %d moved to %v at a merge with no change of its own, want %v", row, got, w)
		}
	}
	if matrix[3*stride] != 1 || matrix[2*stride+2] != 1 {
		t.Errorf("a row past the replicas, or a row's padding, moved: %v", matrix)
	}
}

// TestTargetRowsOnTwoThreads: the rows a model's targets are drawn from
// have replicas of their own on two threads with the default hot rows, on
// text only, for every model; any other thread count or -hot-rows given
// keeps the one count of every matrix.
func TestTargetRowsOnTwoThreads(t *testing.T) {
	for _, c := range []struct {
		model       Kind
		hot, thread int
		graph       bool
		want        int
	}{
		{SG, DefaultHotRows, 2, false, TwoThreadTargetRows},
		{SG, DefaultHotRows, 2, true, 0},
		{SG, DefaultHotRows, 1, false, 0},
		{SG, DefaultHotRows, 3, false, 0},
		{SG, 0, 2, false, 0},
		{SG, 64, 2, false, 0},
		{IPS, DefaultHotRows, 2, false, TwoThreadTargetRows},
		{SIPS, DefaultHotRows, 2, false, TwoThreadTargetRows},
		{IPDS, DefaultHotRows, 2, false, TwoThreadTargetRows},
		{WIPS, DefaultHotRows, 2, false, TwoThreadTargetRows},
		{WIPS, DefaultHotRows, 2, true, 0},
		{WIPS, 64, 2, false, 0},
		{HSG, DefaultHotRows, 2, false, TwoThreadTargetRows},
		{HSG, DefaultHotRows, 2, true, 0},
	} {
		o := DefaultOptions()
		o.Model, o.HotRows, o.Threads = c.model, c.hot, c.thread
		if got := o.TargetReplicaRows(c.graph); got != c.want {
			t.Errorf("%s, -hot-rows %d on %d threads, graph %v: %d target rows apart, want %d", c.model, c.hot, c.thread, c.graph, got, c.want)
		}
	}
}

// TestWorkersKeepTargetRowsApart: a two-thread worker on text trains the
// first TwoThreadTargetRows rows its targets are drawn from (SG's output
// matrix, WIPS's and HSG's one matrix) in a replica: the first TwoThreadHotRows of
// them merged every DefaultHotSync tokens by adding, as the other hot
// rows, the rest every Kind.TargetSync() tokens by projection; HSG's both
// by the mean. The memory estimate counts every replicated row.
func TestWorkersKeepTargetRowsApart(t *testing.T) {
	const words = TwoThreadTargetRows + 100
	type merge struct {
		rows, every int
		projected   bool
	}
	for _, c := range []struct {
		model      Kind
		sync       int
		replicated int     // rows, every matrix's together
		views      []merge // the worker's replicas, in order
		hot, past  float32 // the same move by both workers, merged in a hot row and past them
	}{
		{SG, 2_000_000, TwoThreadHotRows + TwoThreadTargetRows, []merge{
			{TwoThreadHotRows, DefaultHotSync, false},                 // input
			{TwoThreadTargetRows - TwoThreadHotRows, 2_000_000, true}, // output, past the hot rows
			{TwoThreadHotRows, DefaultHotSync, false},                 // output, the hot rows
		}, 2, 1},
		{WIPS, 200_000, TwoThreadTargetRows, []merge{
			{TwoThreadTargetRows - TwoThreadHotRows, 200_000, true}, // past the hot rows
			{TwoThreadHotRows, DefaultHotSync, false},               // the hot rows
		}, 2, 1},
		{HSG, 200_000, TwoThreadTargetRows, []merge{
			{TwoThreadTargetRows - TwoThreadHotRows, 200_000, false}, // past the hot rows, by the mean
			{TwoThreadHotRows, DefaultHotSync, false},                // the hot rows, by the mean
		}, 1.5, 1.5},
	} {
		o := DefaultOptions()
		o.Model, o.Dim, o.Threads = c.model, 8, 2
		if got := c.model.TargetSync(); got != c.sync {
			t.Fatalf("%s merges its target rows every %d tokens, want %d", c.model, got, c.sync)
		}
		r := &run{opt: &o, model: NewModel(o, words)}
		w := &worker{r: r}
		w.views()
		stride := r.model.Stride
		wantIn := TwoThreadHotRows
		if c.model.Views() == 1 {
			wantIn = TwoThreadTargetRows
		}
		if int(w.in.hot) != wantIn || int(w.out.hot) != TwoThreadTargetRows {
			t.Fatalf("%s: the worker trains %d input and %d target rows apart, want %d and %d", c.model, w.in.hot, w.out.hot, wantIn, TwoThreadTargetRows)
		}
		var got []merge
		for _, rep := range w.replicas {
			got = append(got, merge{len(rep.shared) / stride, rep.every, rep.projected})
		}
		if !slices.Equal(got, c.views) {
			t.Fatalf("%s: replicas (rows, merged every, projected) %v, want %v", c.model, got, c.views)
		}
		// The same move by both workers: a hot row adds it twice, a row
		// past them counts it once; HSG's mean adds half of this worker's
		// move to the other's in both (the move is along a space-like
		// coordinate, which the lift back onto the hyperboloid keeps).
		targets := r.model.Out
		if targets == nil {
			targets = r.model.In
		}
		hot0, past0 := targets[0], targets[TwoThreadHotRows*stride] // WIPS's rows start drawn
		for _, row := range []int{0, TwoThreadHotRows} {
			targets[row*stride] += 1    // the other worker's merged move
			w.out.priv[row*stride] += 1 // this worker made the same move
		}
		w.syncHot()
		near := func(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-6 }
		if hot, past := targets[0]-hot0, targets[TwoThreadHotRows*stride]-past0; !near(hot, c.hot) || !near(past, c.past) {
			t.Errorf("%s: the same move merged to %v in a hot row and %v past them, want %v and %v", c.model, hot, past, c.hot, c.past)
		}
		none := o
		none.HotRows = 0
		extra := EstimateMemory(o, words).Threads - EstimateMemory(none, words).Threads
		if want := 2 * int64(c.replicated) * 2 * 4 * int64(stride); extra < want || extra > want+pagesAround {
			t.Errorf("%s: the estimate counts %d bytes of replicas, want %d and the pages around them", c.model, extra, want)
		}
	}
}

// groupGap is the mean cosine of the word vectors of two words of one
// topic group of syntheticCorpus, less that of two words of different
// groups: what training on it learns.
func groupGap(m *Model, v *vocab.Vocab) float64 {
	group := func(w string) int { n, _ := strconv.Atoi(w[1:]); return n / 25 }
	cos := func(a, b []float32) float64 {
		var ab, aa, bb float64
		for i := range a {
			ab += float64(a[i]) * float64(b[i])
			aa += float64(a[i]) * float64(a[i])
			bb += float64(b[i]) * float64(b[i])
		}
		return ab / math.Sqrt(aa*bb)
	}
	var in, out float64
	var nin, nout int
	for i := range v.Len() {
		for j := i + 1; j < v.Len(); j++ {
			c := cos(m.Row(i), m.Row(j))
			if group(v.Words[i]) == group(v.Words[j]) {
				in, nin = in+c, nin+1
			} else {
				out, nout = out+c, nout+1
			}
		}
	}
	return in/float64(nin) - out/float64(nout)
}

// TestHotRowsKeepWhatTrainingLearns trains on two threads with and without
// replicas of the hottest rows, merged at every chance: the topic groups
// must come out as well separated with them as without. A merge that lost
// a worker's steps, or took them twice, would fail it.
func TestHotRowsKeepWhatTrainingLearns(t *testing.T) {
	if testing.Short() {
		t.Skip("trains six models on 400,000 tokens; the race build runs its workers one after another anyway")
	}
	v, stream := syntheticCorpus(t, 4*hogwild.BlockWords, 4) // blocks for both workers
	for _, kind := range []Kind{SG, IPS, WIPS} {
		t.Run(string(kind), func(t *testing.T) {
			opt := testOptions(kind)
			opt.Threads, opt.Iter, opt.Dim = 2, 2, 16
			opt.HotRows = 0
			plain, _, err := Train(context.Background(), v, stream, opt)
			if err != nil {
				t.Fatal(err)
			}
			opt.HotRows, opt.HotSync = 40, 1
			hot, _, err := Train(context.Background(), v, stream, opt)
			if err != nil {
				t.Fatal(err)
			}
			gp, gh := groupGap(plain, v), groupGap(hot, v)
			t.Logf("%s: within-group minus between-group cosine %.3f plain, %.3f with 40 hot rows", kind, gp, gh)
			if !(gp > 0.1) || !(gh > 0.8*gp) {
				t.Errorf("%s: group gap %.3f with hot rows against %.3f without", kind, gh, gp)
			}
		})
	}
}

// TestHotRowsStayOnTheHyperboloid: HSG's merged rows are put back on the
// hyperboloid (a mix of two workers' steps is not on it). It trains a
// graph, which takes 10 ms.
func TestHotRowsStayOnTheHyperboloid(t *testing.T) {
	g := treeGraph(3, 6)
	opt := graphOptions(HSG)
	opt.Threads, opt.HotRows, opt.HotSync = 2, 20, 1
	m, _, err := TrainGraph(context.Background(), g, opt)
	if err != nil {
		t.Fatal(err)
	}
	if w, tc, want := offHyperboloid(m); w >= 0 {
		t.Fatalf("row %d: time coordinate %v, want %v", w, tc, want)
	}
}

// offHyperboloid reports the first row of m.In off the hyperboloid
// (<y, y>_M = -1): whose time coordinate is not sqrt(1 + its spatial
// part's squared norm), to float32's precision; -1 if none is.
func offHyperboloid(m *Model) (row int, tc, want float64) {
	for w := range m.Words {
		y := m.In[w*m.Stride:][:m.Dim]
		var s float64
		for _, x := range y[:len(y)-1] {
			s += float64(x) * float64(x)
		}
		if tc, want := float64(y[len(y)-1]), math.Sqrt(1+s); math.Abs(tc-want) > 1e-5*want {
			return w, tc, want
		}
	}
	return -1, 0, 0
}

// TestSettleLiftsEveryRow: after a run of several workers every row is put
// back on the hyperboloid, whatever interleaved writes left in it; after a
// run of one, the rows are left bit for bit.
func TestSettleLiftsEveryRow(t *testing.T) {
	opt := graphOptions(HSG)
	m := NewModel(opt, 50)
	for w := range m.Words { // the state a torn write can leave
		m.In[w*m.Stride+m.Dim-1] *= 0.9
	}
	torn := append([]float32(nil), m.In...)
	(&run{opt: &opt, model: m}).settle()
	if !slices.Equal(m.In, torn) {
		t.Fatal("settle changed a one-thread run's rows")
	}
	opt.Threads = 2
	(&run{opt: &opt, model: m}).settle()
	if w, tc, want := offHyperboloid(m); w >= 0 {
		t.Fatalf("row %d after settle: time coordinate %v, want %v", w, tc, want)
	}
}

// TestRowsAt: a worker's view gives the rows below its replica's count
// from the replica and the others from the shared matrix, each dim long
// and at its own offset, and refuses a row past the matrix.
func TestRowsAt(t *testing.T) {
	const stride, dim, words, hot = 8, 5, 6, 3
	shared, priv := make([]float32, words*stride), make([]float32, hot*stride)
	for i := range shared {
		shared[i] = float32(i)
	}
	for i := range priv {
		priv[i] = -float32(i)
	}
	r := rows{shared: shared, priv: priv, hot: hot, stride: stride, dim: dim}
	for id := int32(0); id < words; id++ {
		got := r.at(id)
		want := shared[int(id)*stride:][:dim]
		if id < hot {
			want = priv[int(id)*stride:][:dim]
		}
		if !slices.Equal(got, want) || len(got) != dim || cap(got) != dim {
			t.Errorf("row %d: %v (cap %d), want %v", id, got, cap(got), want)
		}
	}
	got := r.at(1)
	got[0] = 100
	if priv[stride] != 100 {
		t.Error("a write to a replicated row did not reach the replica")
	}
	defer func() {
		if recover() == nil {
			t.Error("a row past the matrix did not panic")
		}
	}()
	r.at(words)
}
