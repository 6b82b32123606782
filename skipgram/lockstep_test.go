//go:build !race

package skipgram

import (
	"context"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
)

// TestManyWorkersReplicasHoldInLockstep trains sixteen workers that take
// turns a sentence at a time, as on sixteen cores, with and without 64
// hot rows given: merged by projection, the replicas must learn the topic
// groups as well as plain Hogwild and end near its loss. Merged by adding,
// they diverged here as they did on a 16-core machine, which two CPUs left
// to the scheduler never showed.
func TestManyWorkersReplicasHoldInLockstep(t *testing.T) {
	if testing.Short() {
		t.Skip("trains six models of sixteen workers on 1.6M tokens")
	}
	const workers = 16
	v, stream := syntheticCorpus(t, workers*hogwild.BlockWords, 5)
	for _, kind := range []Kind{SG, SIPS, WIPS} {
		t.Run(string(kind), func(t *testing.T) {
			opt := testOptions(kind)
			opt.Threads, opt.Iter, opt.Dim = workers, 1, 16
			ctx := withHooks(context.Background(), testHooks{lockstep: true})
			opt.HotRows = 0
			plain, plainSt, err := Train(ctx, v, stream, opt)
			if err != nil {
				t.Fatal(err)
			}
			opt.HotRows = 64
			hot, hotSt, err := Train(ctx, v, stream, opt)
			if err != nil {
				t.Fatalf("replicas: %v (plain Hogwild's loss %.4f)", err, plainSt.Loss)
			}
			gp, gh := groupGap(plain, v), groupGap(hot, v)
			t.Logf("%s: loss %.4f plain, %.4f with replicas; group gap %.3f and %.3f", kind, plainSt.Loss, hotSt.Loss, gp, gh)
			if !(gp > 0.1) || !(gh > 0.8*gp) || !(hotSt.Loss < plainSt.Loss+0.1) {
				t.Errorf("%s, replicas on %d workers in lockstep: loss %.4f and group gap %.3f, against %.4f and %.3f without",
					kind, workers, hotSt.Loss, gh, plainSt.Loss, gp)
			}
		})
	}
}
