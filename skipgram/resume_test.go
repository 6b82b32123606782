package skipgram

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/checkpoint"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/vocab"
)

// sameBits reports whether two float32 slices hold the same bits.
func sameBits(a, b []float32) bool {
	return slices.EqualFunc(a, b, func(x, y float32) bool { return math.Float32bits(x) == math.Float32bits(y) })
}

// sameModel compares the parameters of two trained models to the bit.
// compact is a matrix's n rows without their padding.
func compact(rows []float32, n, dim, stride int) []float32 {
	return hogwild.Compact(make([]float32, n*dim), rows, n, dim, stride)
}

func sameModel(t *testing.T, what string, got, want *Model) {
	t.Helper()
	for i := range want.inRows() {
		if !sameBits(got.Row(i), want.Row(i)) {
			t.Fatalf("%s: row %d differs: %v, want %v", what, i, got.Row(i), want.Row(i))
		}
	}
	if want.Out != nil && !sameBits(compact(got.Out, got.Words, got.Dim, got.Stride), compact(want.Out, want.Words, want.Dim, want.Stride)) {
		t.Fatalf("%s: output rows differ", what)
	}
	want.layerRows(func(name string, rows []float32, n int) {
		if !sameBits(compact(got.Layers[name], n, got.Dim, got.Stride), compact(rows, n, want.Dim, want.Stride)) {
			t.Fatalf("%s: the output layer's rows %q differ", what, name)
		}
	})
	if !sameBits(got.param("lambda"), want.param("lambda")) || !sameBits(got.param("lambda_sq"), want.param("lambda_sq")) {
		t.Fatalf("%s: lambda %v (mean squares %v), want %v (%v)", what, got.param("lambda"), got.param("lambda_sq"), want.param("lambda"), want.param("lambda_sq"))
	}
}

// interrupted runs opt, stopped after claims block claims, through a
// checkpoint file, and resumes it to its end.
func interrupted(t *testing.T, claims int64, opt Options, train func(context.Context, Options) (*Model, Stats, error)) (*Model, Stats, *Snapshot) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "run.ckpt")
	o := opt
	o.Checkpoint = func(s *Snapshot) error { return WriteCheckpoint(path, s) }
	if _, _, err := train(withHooks(context.Background(), testHooks{stopAfter: claims}), o); !errors.Is(err, errStopped) {
		t.Fatalf("stopped after %d claims: %v", claims, err)
	}
	snap, err := ReadCheckpoint(path)
	if err != nil {
		t.Fatal(err)
	}
	if snap.pos.Claims != claims || snap.Done {
		t.Fatalf("the checkpoint stands at claim %d (done %v), want %d", snap.pos.Claims, snap.Done, claims)
	}
	o = opt
	o.Start = Resumed{snap}
	m, st, err := train(context.Background(), o)
	if err != nil {
		t.Fatalf("resumed after %d claims: %v", claims, err)
	}
	return m, st, snap
}

// TestResumeIsBitIdentical interrupts a one-thread seeded run of every
// model at several blocks, writes and reads the checkpoint, resumes it, and
// compares the result with the uninterrupted run's to the bit: the
// parameters, WIPS's lambda and its step's moving square, the words counted and the
// final loss.
func TestResumeIsBitIdentical(t *testing.T) {
	v, stream := syntheticCorpus(t, 320_000, 4) // 4 blocks an epoch
	for _, kind := range Kinds() {
		t.Run(string(kind), func(t *testing.T) {
			opt := DefaultOptions()
			opt.Model, opt.Dim, opt.Iter, opt.Threads, opt.Seed = kind, 12, 3, 1, 5
			opt.NegDim, opt.Batch, opt.Sample = 3, true, 1e-3 // more frequent words: lambda moves sooner
			train := func(ctx context.Context, o Options) (*Model, Stats, error) { return Train(ctx, v, stream, o) }
			resumesAsUninterrupted(t, opt, train, []int64{1, 6, 11}, func(claims int64, snap *Snapshot) {
				// The learning rate goes on from where it stood, not from the start.
				if a := snap.Alpha(); !(a < opt.Alpha) || a <= opt.Alpha*1e-4 {
					t.Fatalf("the checkpoint's learning rate is %g of a start %g", a, opt.Alpha)
				}
				if kind == WIPS && slices.IndexFunc(snap.Model.param("lambda"), func(l float32) bool { return l != 1 && l != -1 }) < 0 {
					t.Fatalf("WIPS's lambda %v has not moved from its signs", snap.Model.param("lambda"))
				}
			})
		})
	}
}

// resumesAsUninterrupted trains opt with train uninterrupted, then
// interrupted after each count of claims and resumed: each resumed run
// ends with the uninterrupted run's model, words, pairs and loss; check
// looks at the checkpoint it resumed from.
func resumesAsUninterrupted(t *testing.T, opt Options, train func(context.Context, Options) (*Model, Stats, error), claims []int64, check func(claims int64, snap *Snapshot)) {
	t.Helper()
	want, wst, err := train(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range claims {
		got, st, snap := interrupted(t, c, opt, train)
		sameModel(t, "resumed after "+itoa(c)+" blocks", got, want)
		if st.Words != wst.Words || st.Pairs != wst.Pairs || st.Loss != wst.Loss {
			t.Fatalf("after %d blocks: %d words, %d pairs, loss %v; uninterrupted %d, %d, %v",
				c, st.Words, st.Pairs, st.Loss, wst.Words, wst.Pairs, wst.Loss)
		}
		if check != nil {
			check(c, snap)
		}
	}
}

// TestResumeGraphIsBitIdentical is TestResumeIsBitIdentical on a graph.
func TestResumeGraphIsBitIdentical(t *testing.T) {
	e := treeEdges(t, 3, 5)
	for _, kind := range []Kind{IPS, WIPS, HSG} {
		t.Run(string(kind), func(t *testing.T) {
			opt := DefaultGraphOptions()
			opt.Model, opt.Dim, opt.Iter, opt.Threads, opt.Seed = kind, 6, 6, 1, 3
			train := func(ctx context.Context, o Options) (*Model, Stats, error) {
				_, g, err := NewGraph(e, 1)
				if err != nil {
					return nil, Stats{}, err
				}
				g.Noise = DefaultGraphNoise
				return TrainGraph(ctx, g, o)
			}
			resumesAsUninterrupted(t, opt, train, []int64{3, 40, 90}, nil)
		})
	}
}

// TestResumeRefusesOtherRuns: a checkpoint resumed on another corpus, with
// other options, or after its run has finished, is refused.
func TestResumeRefusesOtherRuns(t *testing.T) {
	v, stream := syntheticCorpus(t, 200_000, 1)
	opt := DefaultOptions()
	opt.Model, opt.Dim, opt.Iter, opt.Threads = IPS, 8, 2, 1
	var snap, last *Snapshot
	o := opt
	o.Checkpoint = func(s *Snapshot) error { snap = s; return nil }
	if _, _, err := Train(withHooks(context.Background(), testHooks{stopAfter: 2}), v, stream, o); !errors.Is(err, errStopped) {
		t.Fatal(err)
	}
	o = opt
	o.Checkpoint = func(s *Snapshot) error { last = s; return nil }
	if _, _, err := Train(context.Background(), v, stream, o); err != nil || !last.Done {
		t.Fatalf("a finished run's last snapshot: %v, done %v", err, last != nil && last.Done)
	}

	other := slices.Clone(stream)
	other[10], other[20] = other[20], other[10]
	o = opt
	o.Start = Resumed{snap}
	if _, _, err := Train(context.Background(), v, other, o); !errors.Is(err, ErrOtherCorpus) {
		t.Errorf("resumed on another corpus: %v", err)
	}
	o.Window = 3
	if _, _, err := Train(context.Background(), v, stream, o); err == nil || !strings.Contains(err.Error(), "settings differ") {
		t.Errorf("resumed with another window: %v", err)
	}
	o = opt
	o.Start = Resumed{last}
	if _, _, err := Train(context.Background(), v, stream, o); err == nil || !strings.Contains(err.Error(), "finished") {
		t.Errorf("resumed a finished run: %v", err)
	}
}

// TestReadCheckpointRefusesDamage: a truncated, corrupt or other-version
// checkpoint is refused with one line naming the file and its kind.
func TestReadCheckpointRefusesDamage(t *testing.T) {
	v, stream := syntheticCorpus(t, 100_000, 1)
	opt := DefaultOptions()
	opt.Model, opt.Dim, opt.Iter, opt.Threads = WIPS, 8, 1, 1
	dir := t.TempDir()
	path := filepath.Join(dir, "run.ckpt")
	opt.Checkpoint = func(s *Snapshot) error { return WriteCheckpoint(path, s) }
	if _, _, err := Train(context.Background(), v, stream, opt); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		edit func([]byte) []byte
		kind error
	}{
		{"truncated", func(b []byte) []byte { return b[:len(b)-100] }, checkpoint.ErrTruncated},
		{"a flipped parameter", func(b []byte) []byte { b[len(b)-1] ^= 1; return b }, checkpoint.ErrCorrupt},
		{"a flipped padding byte", func(b []byte) []byte { b[len(b)-4*8-1] ^= 1; return b }, checkpoint.ErrCorrupt},
		{"a flipped header", func(b []byte) []byte { b[40] ^= 1; return b }, checkpoint.ErrCorrupt},
		{"another version", func(b []byte) []byte { b[8] = 9; return b }, checkpoint.ErrVersion},
		{"not a checkpoint", func(b []byte) []byte { return []byte("2 3\nx 1 2 3\ny 1 2 3\n") }, checkpoint.ErrNotCheckpoint},
		{"bytes after the end", func(b []byte) []byte { return append(b, 0) }, checkpoint.ErrCorrupt},
	} {
		p := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_"))
		if err := os.WriteFile(p, tc.edit(slices.Clone(good)), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadCheckpoint(p)
		if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), p) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line naming the file, of kind %v", tc.name, err, tc.kind)
		}
	}
}

func itoa(n int64) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		if n /= 10; n == 0 {
			return string(b)
		}
	}
}

// TestContinueKeepsRowsAtRateZero continues a finished run on new text with
// new words (a merged vocabulary) at learning rate 0: every old word keeps
// its row and its output row to the bit, wherever the merged vocabulary
// puts it, and a new word has a new row; with a positive rate the rows
// move.
func TestContinueKeepsRowsAtRateZero(t *testing.T) {
	v, stream := syntheticCorpus(t, 100_000, 1)
	for _, kind := range []Kind{SG, WIPS, IPDS} {
		opt := DefaultOptions()
		opt.Model, opt.Dim, opt.Iter, opt.Threads = kind, 8, 1, 1
		var snap *Snapshot
		opt.Checkpoint = func(s *Snapshot) error { snap = s; return nil }
		if _, _, err := Train(context.Background(), v, stream, opt); err != nil || !snap.Done {
			t.Fatal(err)
		}
		// New text: the old words and ten new ones, in other proportions.
		words := slices.Clone(v.Words)
		counts := slices.Clone(v.Counts)
		for i := range 10 {
			words = append(words, "new"+itoa(int64(i)))
			counts = append(counts, int64(50+i))
		}
		slices.Reverse(counts[:len(v.Counts)])
		added, err := vocab.New(words, counts)
		if err != nil {
			t.Fatal(err)
		}
		merged, err := vocab.Merge(snap.Vocab, added, 1)
		if err != nil {
			t.Fatal(err)
		}
		var text []int32
		for i := range 20_000 {
			text = append(text, int32(i%added.Len()))
			if i%10 == 9 {
				text = append(text, vocab.SentenceEnd)
			}
		}
		ids := added.RemapTo(merged).Apply(nil, text)
		o := opt
		o.Checkpoint, o.Alpha = nil, 0
		continued := snap.Continue(merged, 7)
		o.Start = Continued{continued}
		init := continued.Vectors(merged.Words)
		fresh := make(map[string][]float32)
		for i, w := range merged.Words {
			fresh[w] = slices.Clone(init.Row(i))
		}
		m, _ := mustTrain(t, merged, ids, o)
		old := snap.Model
		for i, w := range merged.Words {
			j, ok := snap.Vocab.ID([]byte(w))
			if !ok {
				if !sameBits(m.Row(i), fresh[w]) || m.Row(i)[0] == 0 {
					t.Fatalf("%s: new word %s has row %v, want its new row %v", kind, w, m.Row(i), fresh[w])
				}
				continue
			}
			if !sameBits(m.Row(i), old.In[int(j)*old.Dim:][:old.Dim]) {
				t.Fatalf("%s: %s moved at rate 0: %v, was %v", kind, w, m.Row(i), old.In[int(j)*old.Dim:][:old.Dim])
			}
			if old.Out != nil && !sameBits(m.Out[i*m.Stride:][:m.Dim], old.Out[int(j)*old.Dim:][:old.Dim]) {
				t.Fatalf("%s: %s's output row moved at rate 0", kind, w)
			}
		}
		if !sameBits(m.param("lambda"), old.param("lambda")) {
			t.Fatalf("%s: lambda moved at rate 0", kind)
		}
		o.Alpha, o.Start = 0.025, Continued{snap.Continue(merged, 7)}
		m, _, err = Train(context.Background(), merged, ids, o)
		if err != nil {
			t.Fatal(err)
		}
		if j, _ := snap.Vocab.ID([]byte(merged.Words[0])); sameBits(m.Row(0), old.In[int(j)*old.Dim:][:old.Dim]) {
			t.Fatalf("%s: the most frequent word did not move at rate 0.025", kind)
		}
	}
}

// TestResumeKeepsTheCheckpointsBlocks: a run on several threads records how
// its lanes' last blocks were cut, and a resumed run cuts its corpus the
// same way: a checkpoint from before the cut (no tail recorded) resumes on
// the blocks it had, and one whose blocks this build cannot make again is
// refused with one line instead of training other text than it recorded.
func TestResumeKeepsTheCheckpointsBlocks(t *testing.T) {
	v, stream := syntheticCorpus(t, 4*hogwild.BlockWords, 2)
	opt := DefaultOptions()
	opt.Model, opt.Dim, opt.Iter, opt.Threads = SG, 8, 1, 2
	var snap *Snapshot
	o := opt
	o.Checkpoint = func(s *Snapshot) error { snap = s; return nil }
	if _, _, err := Train(withHooks(context.Background(), testHooks{stopAfter: 2}), v, stream, o); !errors.Is(err, errStopped) {
		t.Fatal(err)
	}
	uniform := len(hogwild.SplitBlocks([][]int32{stream}, hogwild.BlockWords))
	if snap.pos.Tail != hogwild.TailCut || snap.pos.Blocks != uniform+2*(hogwild.TailCut-1) {
		t.Fatalf("the checkpoint records %d blocks cut with tail %d, want %d and %d", snap.pos.Blocks, snap.pos.Tail, uniform+2*(hogwild.TailCut-1), hogwild.TailCut)
	}

	resume := func(pos checkpoint.Position) error {
		s := *snap
		s.pos = pos
		o := opt
		o.Start = Resumed{&s}
		_, _, err := Train(context.Background(), v, stream, o)
		return err
	}
	if err := resume(snap.pos); err != nil {
		t.Fatalf("resumed: %v", err)
	}
	old := snap.pos
	old.Tail, old.Blocks = 0, uniform
	if err := resume(old); err != nil {
		t.Fatalf("resumed a checkpoint from before the tail was cut: %v", err)
	}
	bad := snap.pos
	bad.Tail = 0
	if err := resume(bad); err == nil || !strings.Contains(err.Error(), "blocks") {
		t.Fatalf("resumed a checkpoint whose blocks differ: %v", err)
	}
}
