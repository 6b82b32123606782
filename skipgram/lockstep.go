package skipgram

import "sync"

// A turnstile makes a run's workers take turns, a sentence each, in the
// order of their ids (Options.lockstep, for tests). On a machine of two
// CPUs the workers of a many-thread run otherwise train two at a time, a
// time slice each, so a worker's replicas see few of the others' merges
// between two of their own; taking turns a sentence at a time, every
// worker sees between two of its merges what all the others merged, as on
// a machine with a core for each. It is how the tests show on two CPUs
// what sixteen cores showed: replicas merged by adding diverge (SG's loss
// after an epoch of the shared corpus's first 40 MiB: 11.3 on sixteen
// workers taking turns, 2.59 on two CPUs left to the scheduler; after an
// epoch of all of it on sixteen cores, 12.8), and merged by projection
// they end 0.035 above plain Hogwild's loss, as on sixteen cores (0.034).
type turnstile struct {
	mu     sync.Mutex
	cond   sync.Cond
	turn   int    // the worker whose turn it is
	active []bool // the workers that have not left
}

func newTurnstile(workers int) *turnstile {
	t := &turnstile{active: make([]bool, workers)}
	t.cond.L = &t.mu
	for i := range t.active {
		t.active[i] = true
	}
	return t
}

// wait returns when it is worker id's turn.
func (t *turnstile) wait(id int) {
	t.mu.Lock()
	for t.turn != id {
		t.cond.Wait()
	}
	t.mu.Unlock()
}

// pass hands the turn from worker id to the next that has not left.
func (t *turnstile) pass(id int) {
	t.mu.Lock()
	t.next(id)
	t.mu.Unlock()
}

// leave takes worker id out of the turns, passing its turn on if it has it.
func (t *turnstile) leave(id int) {
	t.mu.Lock()
	t.active[id] = false
	if t.turn == id {
		t.next(id)
	}
	t.mu.Unlock()
}

// next gives the turn to the first worker after id that has not left; the
// caller holds mu.
func (t *turnstile) next(id int) {
	n := len(t.active)
	for k := 1; k <= n; k++ {
		if j := (id + k) % n; t.active[j] {
			t.turn = j
			break
		}
	}
	t.cond.Broadcast()
}
