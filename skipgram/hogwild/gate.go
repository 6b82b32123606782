package hogwild

import (
	"sync"
	"sync/atomic"
)

// Gate stops the workers of a run between two blocks, so that a snapshot
// sees a state no block is halfway through: every block claimed so far is
// trained, none after it is begun. A worker reads one atomic flag per block
// to know whether it is wanted; the lock is taken only while a snapshot
// waits.
type Gate struct {
	shut    atomic.Bool // a snapshot waits: workers stop at their next block
	mu      sync.Mutex
	cond    sync.Cond
	running int // workers that have not finished
	stopped int // workers standing at the gate
}

// NewGate returns an open gate for workers workers.
func NewGate(workers int) *Gate {
	g := &Gate{running: workers}
	g.cond.L = &g.mu
	return g
}

// Pass is a worker's check between blocks: while the gate is shut it
// waits. It reports true, so that it reads as a loop condition.
func (g *Gate) Pass() bool {
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

// Leave is a worker's last call: it has finished and will not pass again.
// The last worker to leave runs last, if set, under the gate's lock: no
// worker writes any more, and a snapshot waiting to close the gate sees
// what last left.
func (g *Gate) Leave(last func()) {
	g.mu.Lock()
	g.running--
	if g.running == 0 && last != nil {
		last()
	}
	g.cond.Broadcast()
	g.mu.Unlock()
}

// Close shuts the gate and waits until every worker still running stands
// at it, each having finished its block.
func (g *Gate) Close() {
	g.mu.Lock()
	g.shut.Store(true)
	for g.stopped < g.running {
		g.cond.Wait()
	}
	g.mu.Unlock()
}

// Shut shuts the gate without waiting: workers stop at their next block
// until Open.
func (g *Gate) Shut() { g.shut.Store(true) }

// Open lets the workers go on.
func (g *Gate) Open() {
	g.mu.Lock()
	g.shut.Store(false)
	g.cond.Broadcast()
	g.mu.Unlock()
}

// Hold counts n workers that have not started as standing at the gate, so
// that a snapshot taken before they start waits only for those that run
// (a serial schedule, as the race detector's builds run the workers).
func (g *Gate) Hold(n int) {
	g.mu.Lock()
	g.stopped += n
	g.mu.Unlock()
}

// Release lets one held worker start, once the gate is open.
func (g *Gate) Release() {
	g.mu.Lock()
	for g.shut.Load() {
		g.cond.Wait()
	}
	g.stopped--
	g.mu.Unlock()
}
