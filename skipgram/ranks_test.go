package skipgram

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/mpi"
	"github.com/wipsvec/wipsvec/vocab"
)

// rankShares cuts stream into n shares at sentence ends, as many tokens
// each as it can.
func rankShares(stream []int32, n int) [][]int32 {
	var shares [][]int32
	from := 0
	for r := 1; r <= n; r++ {
		to := len(stream) * r / n
		for to < len(stream) && to > 0 && stream[to-1] != vocab.SentenceEnd {
			to++
		}
		shares = append(shares, stream[from:to])
		from = to
	}
	return shares
}

// onRanks trains as every rank of mpi.Local(n) at once, rank r on share r
// of stream with opt and the context ctx(r) gives, and returns the ranks'
// results and errors.
func onRanks(n int, v *vocab.Vocab, stream []int32, opt Options, ctx func(rank int) context.Context) ([]*Result, []error) {
	shares := rankShares(stream, n)
	results, errs := make([]*Result, n), make([]error, n)
	var wg sync.WaitGroup
	for r, c := range mpi.Local(n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j := &Job{Options: opt, Vocab: v, Text: [][]int32{shares[r]}, Ranks: &Ranks{Comm: c, SyncWords: 1500, SyncRows: 8}}
			results[r], errs[r] = j.Train(ctx(r))
			if errs[r] != nil && !errors.Is(errs[r], errStopped) && !errors.Is(errs[r], ErrInterrupted) {
				c.Abort(1) // as the command does, so that no rank waits for this one
			}
		}()
	}
	wg.Wait()
	return results, errs
}

// A run of two ranks checkpoints at the sync after one rank asks, every
// rank's position in rank 0's file; the ranks stopped there and resumed
// from the file end with the same bits as ranks that went on from the
// same checkpoint, and one process refuses to resume it.
func TestRanksCheckpointAndResume(t *testing.T) {
	v, stream := syntheticCorpus(t, 400000, 4)
	// Rank 1 asks after its first block; the sync in its second block
	// tells rank 0, and both stop at the end of the block they train.
	const claims = 1
	for _, kind := range []Kind{SG, WIPS} {
		t.Run(string(kind), func(t *testing.T) {
			opt := testOptions(kind)
			opt.Dim, opt.Iter, opt.Threads, opt.Seed = 16, 2, 1, 9
			dir := t.TempDir()
			saveTo := func(path string) func(*Snapshot) error {
				return func(s *Snapshot) error {
					if s.Done {
						return nil
					}
					return WriteCheckpoint(path, s)
				}
			}

			// Ranks that go on after the checkpoint rank 1 asks for.
			on := opt
			on.Checkpoint = saveTo(filepath.Join(dir, "on.ckpt"))
			wentOn, errs := onRanks(2, v, stream, on, func(r int) context.Context {
				if r == 1 {
					return withHooks(context.Background(), testHooks{snapshotAfter: claims})
				}
				return context.Background()
			})
			for r, err := range errs {
				if err != nil {
					t.Fatalf("rank %d: %v", r, err)
				}
			}
			sameModel(t, "the ranks", wentOn[1].Model, wentOn[0].Model)
			snapOn, err := ReadCheckpoint(filepath.Join(dir, "on.ckpt"))
			if err != nil {
				t.Fatal(err)
			}
			if snapOn.Ranks() != 2 || snapOn.Done || snapOn.ranks.Each[1].Position.Claims != claims+1 {
				t.Fatalf("the checkpoint is of %d ranks (done %v), rank 1 at claim %d; want 2, rank 1 at %d",
					snapOn.Ranks(), snapOn.Done, snapOn.ranks.Each[1].Position.Claims, claims+1)
			}

			// Ranks that stop there, rank 1 asking, and resume.
			path := filepath.Join(dir, "stop.ckpt")
			stop := opt
			stop.Checkpoint = saveTo(path)
			_, errs = onRanks(2, v, stream, stop, func(r int) context.Context {
				if r == 1 {
					return withHooks(context.Background(), testHooks{stopAfter: claims})
				}
				return context.Background()
			})
			if !errors.Is(errs[0], ErrInterrupted) || !errors.Is(errs[1], errStopped) {
				t.Fatalf("the stopped ranks end with %v and %v, want ErrInterrupted and errStopped", errs[0], errs[1])
			}
			snap, err := ReadCheckpoint(path)
			if err != nil {
				t.Fatal(err)
			}
			sameModel(t, "the stopped ranks' checkpoint", snap.Model.expand(), snapOn.Model.expand())
			resume := opt
			resume.Start = Resumed{snap}
			resumed, errs := onRanks(2, v, stream, resume, func(int) context.Context { return context.Background() })
			for r, err := range errs {
				if err != nil {
					t.Fatalf("resumed rank %d: %v", r, err)
				}
			}
			sameModel(t, "resumed", resumed[0].Model, wentOn[0].Model)
			sameModel(t, "resumed rank 1", resumed[1].Model, wentOn[0].Model)

			if _, _, err := Train(context.Background(), v, stream, resume); !errors.Is(err, ErrOtherRanks) {
				t.Errorf("one process resumed the checkpoint of two ranks: %v, want ErrOtherRanks", err)
			}
		})
	}
}

// Three ranks training subwords end with one model, bit for bit: the rows
// the words' bags use averaged, the buckets no bag uses left as the seed
// drew them on every rank (rankSync.everyParameter), not averaged into
// other bits.
func TestRanksAgreeOnEveryBagRow(t *testing.T) {
	v, stream := syntheticCorpus(t, 60000, 5)
	opt := DefaultOptions()
	opt.Dim, opt.Threads, opt.Iter, opt.Seed, opt.Subwords = 16, 1, 1, 3, testSubwords
	results, errs := onRanks(3, v, stream, opt, func(int) context.Context { return context.Background() })
	for r, err := range errs {
		if err != nil {
			t.Fatalf("rank %d: %v", r, err)
		}
	}
	m := results[0].Model
	for r, res := range results[1:] {
		if !sameBits(res.Model.In, m.In) {
			t.Fatalf("rank %d's input rows differ from rank 0's", r+1)
		}
	}
	used := map[int32]bool{}
	for w := range int32(v.Len()) {
		for _, row := range opt.Subwords.AppendWordRows(nil, w, v.Words[w], v.Len()) {
			used[row] = true
		}
	}
	fresh := NewModel(opt, v.Len())
	unused, moved := 0, 0
	for row := int32(v.Len()); row < int32(m.inRows()); row++ {
		same := sameBits(m.Row(int(row)), fresh.Row(int(row)))
		switch {
		case !used[row] && !same:
			t.Fatalf("bucket %d, which no word uses, is not the seed's draw", row)
		case !used[row]:
			unused++
		case !same:
			moved++
		}
	}
	if unused == 0 || moved == 0 {
		t.Fatalf("%d unused buckets kept, %d used ones trained: want some of each", unused, moved)
	}
}
