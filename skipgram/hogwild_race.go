//go:build race

package skipgram

// runWorkers runs the workers one after another under the race detector:
// Hogwild's lock-free writes race by design, so race builds check everything
// else (each worker's own state, the reporter, the shared counters) on a
// serial schedule. Results equal a multi-threaded run's only in distribution.
func runWorkers(workers []*worker) {
	for _, w := range workers {
		w.run()
	}
}
