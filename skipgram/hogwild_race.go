//go:build race

package skipgram

// runWorkers runs the workers one after another under the race detector:
// Hogwild's lock-free writes race by design, so race builds check everything
// else (each worker's own state, the reporter, the shared counters) on a
// serial schedule. Results equal a multi-threaded run's only in distribution.
//
// A worker that has not started yet stands at the gate, as one between two
// blocks does: a snapshot taken meanwhile (a checkpoint, a stop) waits only
// for the worker that runs, and the next one starts only while the gate is
// open.
func runWorkers(workers []*worker) {
	if len(workers) == 0 {
		return
	}
	for _, w := range workers {
		w.turns = nil // one after another, no worker waits for another's turn
	}
	g := workers[0].r.gate
	g.Hold(len(workers))
	for _, w := range workers {
		g.Release()
		w.run()
	}
}
