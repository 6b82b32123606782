package skipgram

import "context"

// testHooks are what only tests set: they reach a run through its context,
// so that Options holds nothing a caller cannot use.
type testHooks struct {
	// stopAfter snapshots and stops the run after this many block claims,
	// as a cancelled ctx would.
	stopAfter int64
	// lockstep has the workers of a run take turns (hogwild.Turns) as if
	// each had a core of its own: a turn is a chunk of words, from one
	// publication of the worker's progress, where its replicas merge
	// (worker.flush), to the next, so that between two of its merges a
	// worker sees what every other merged. Not with checkpoints: a worker
	// at the gate would keep its turn.
	lockstep bool
	// snapshotAfter asks the ranks of a run of several for a checkpoint
	// after this many block claims of this rank, as rank 0's
	// CheckpointEvery would.
	snapshotAfter int64
}

type hooksKey struct{}

// hooksOf is what ctx carries for a run; none outside tests.
func hooksOf(ctx context.Context) testHooks {
	h, _ := ctx.Value(hooksKey{}).(testHooks)
	return h
}
