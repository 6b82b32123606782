package skipgram

import (
	"sync"
	"sync/atomic"
)

// gate stops the workers of a run between two blocks, so that a snapshot
// sees a state no block is halfway through: every block claimed so far is
// trained, none after it is begun. A worker reads one atomic flag per block
// to know whether it is wanted; the lock is taken only while a snapshot
// waits.
type gate struct {
	shut    atomic.Bool // a snapshot waits: workers stop at their next block
	mu      sync.Mutex
	cond    sync.Cond
	running int // workers that have not finished
	stopped int // workers standing at the gate
}

func newGate(workers int) *gate {
	g := &gate{running: workers}
	g.cond.L = &g.mu
	return g
}

// pass is a worker's check between blocks: while the gate is shut it
// waits. It reports true, so that it reads as a loop condition.
func (g *gate) pass() bool {
	if !g.shut.Load() {
		return true
	}
	g.mu.Lock()
	g.stopped++
	g.cond.Broadcast()
	for g.shut.Load() {
		g.cond.Wait()
	}
	g.stopped--
	g.mu.Unlock()
	return true
}

// leave is a worker's last call: it has finished and will not pass again.
// The last worker to leave runs last, if set, under the gate's lock: no
// worker writes any more, and a snapshot waiting to close the gate sees
// what last left.
func (g *gate) leave(last func()) {
	g.mu.Lock()
	g.running--
	if g.running == 0 && last != nil {
		last()
	}
	g.cond.Broadcast()
	g.mu.Unlock()
}

// close shuts the gate and waits until every worker still running stands
// at it, each having finished its block.
func (g *gate) close() {
	g.mu.Lock()
	g.shut.Store(true)
	for g.stopped < g.running {
		g.cond.Wait()
	}
	g.mu.Unlock()
}

// open lets the workers go on.
func (g *gate) open() {
	g.mu.Lock()
	g.shut.Store(false)
	g.cond.Broadcast()
	g.mu.Unlock()
}
