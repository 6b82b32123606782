package hogwild

import "sync"

// Turns make a run's workers take turns, in the order of their ids, each
// turn as long as the worker makes it (skipgram's: a chunk of words,
// between two merges of its replicas). On a machine of two CPUs the
// workers of a many-thread run otherwise train two at a time, a time slice
// each, so a worker sees few of the others' merges between two of its own;
// taking turns, every worker sees between two of its merges what all the
// others merged, as on a machine with a core for each. Tests use them to
// show on two CPUs what many cores do.
type Turns struct {
	mu     sync.Mutex
	cond   sync.Cond
	turn   int    // the worker whose turn it is
	active []bool // the workers that have not left
}

// NewTurns returns the turns of workers workers, worker 0's first.
func NewTurns(workers int) *Turns {
	t := &Turns{active: make([]bool, workers)}
	t.cond.L = &t.mu
	for i := range t.active {
		t.active[i] = true
	}
	return t
}

// Wait returns when it is worker id's turn.
func (t *Turns) Wait(id int) {
	t.mu.Lock()
	for t.turn != id {
		t.cond.Wait()
	}
	t.mu.Unlock()
}

// Pass hands the turn from worker id to the next that has not left.
func (t *Turns) Pass(id int) {
	t.mu.Lock()
	t.next(id)
	t.mu.Unlock()
}

// Leave takes worker id out of the turns, passing its turn on if it has it.
func (t *Turns) Leave(id int) {
	t.mu.Lock()
	t.active[id] = false
	if t.turn == id {
		t.next(id)
	}
	t.mu.Unlock()
}

// next gives the turn to the first worker after id that has not left; the
// caller holds mu.
func (t *Turns) next(id int) {
	n := len(t.active)
	for k := 1; k <= n; k++ {
		if j := (id + k) % n; t.active[j] {
			t.turn = j
			break
		}
	}
	t.cond.Broadcast()
}
