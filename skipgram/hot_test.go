package skipgram

import (
	"context"
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/graphdata"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/vocab"
)

// TestReplicasByModel: by default no model's own rows are replicated, on
// any number of threads, but HSG's on text (4,096*2/n, none of a graph's
// nodes), and CBOW's context rows and hierarchical softmax's top inner
// nodes are, ArchHotRows*2/n of them; a count given is kept on two threads
// and more, capped by the rows, and none on one.
func TestReplicasByModel(t *testing.T) {
	for _, c := range []struct {
		model              Kind
		hot, threads, rows int
		want, arch         int // the rows replicated; with -cbow 1 -hs 1 (hot rows and tree rows)
	}{
		{SIPS, DefaultHotRows, 1, 10000, 0, 0},
		{SIPS, DefaultHotRows, 2, 10000, 0, ArchHotRows},
		{IPS, DefaultHotRows, 16, 10000, 0, ArchHotRows / 8},
		{IPDS, DefaultHotRows, 2, 10000, 0, ArchHotRows},
		{SG, DefaultHotRows, 4, 10000, 0, ArchHotRows / 2},
		{WIPS, DefaultHotRows, 2, 10, 0, 10},
		{SG, 300, 1, 1000, 0, 0},
		{SG, 300, 4, 1000, 300, 300},
		{WIPS, 300, 4, 100, 100, 100},
		{SIPS, 0, 2, 10000, 0, 0},
		{HSG, DefaultHotRows, 1, 10000, 0, 0},
		{HSG, DefaultHotRows, 2, 10000, 4096, ArchHotRows},
		{HSG, DefaultHotRows, 4, 10000, 2048, ArchHotRows / 2},
		{HSG, DefaultHotRows, 2, 1000, 1000, ArchHotRows},
		{HSG, 0, 2, 10000, 0, 0},
	} {
		o := DefaultOptions()
		o.Model, o.HotRows, o.Threads = c.model, c.hot, c.threads
		if h := hotRows(o, c.rows); h != c.want {
			t.Errorf("%s, -hot-rows %d on %d threads, %d rows: %d hot rows, want %d", c.model, c.hot, c.threads, c.rows, h, c.want)
		}
		if p := newPlan(o, c.rows, 1000, true); p.HotRows != min(max(c.hot, 0), c.rows) && c.threads > 1 {
			t.Errorf("%s, -hot-rows %d on %d threads, a graph of %d nodes: %d hot rows, want %d", c.model, c.hot, c.threads, c.rows, p.HotRows, min(max(c.hot, 0), c.rows))
		}
		if p := newPlan(o, c.rows, 0, false); p.HotRows != c.want {
			t.Errorf("%s, -hot-rows %d on %d threads, a text of %d words: the plan's %d hot rows, want %d", c.model, c.hot, c.threads, c.rows, p.HotRows, c.want)
		}
		o.CBOW, o.HS = true, true
		if h, tr := hotRows(o, c.rows), min(o.LayerReplicaRows(), c.rows); h != c.arch || tr != c.arch {
			t.Errorf("%s with -cbow 1 -hs 1, -hot-rows %d on %d threads: %d hot rows, %d tree rows, want %d", c.model, c.hot, c.threads, h, tr, c.arch)
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

// groupGap is the mean cosine of the word vectors of two words of one
// topic group of syntheticCorpus, less that of two words of different
// groups: what training on it learns.
func groupGap(m *Model, v *vocab.Vocab) float64 {
	group := func(w string) int { n, _ := strconv.Atoi(w[1:]); return n / 25 }
	var in, out float64
	var nin, nout int
	for i := range v.Len() {
		for j := i + 1; j < v.Len(); j++ {
			c := embedding.Cosine(m.Row(i), m.Row(j))
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
			plain, _ := mustTrain(t, v, stream, opt)
			opt.HotRows, opt.HotSync = 40, 1
			hot, _ := mustTrain(t, v, stream, opt)
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
	g := graphdata.TreeClosure(3, 6)
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

// hotRows is how many of rows rows each worker of a run with options o
// replicates per matrix (the plan's HotRows).
func hotRows(o Options, rows int) int { return min(o.HotReplicaRows(), rows) }
