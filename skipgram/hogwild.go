//go:build !race

package skipgram

import "sync"

// runWorkers runs every worker in its own goroutine. They write the shared
// parameter matrices without locks (Hogwild): updates are sparse, so
// collisions are rare and cost little. This is a data race by design, which
// is why race-detector builds use hogwild_race.go instead.
func runWorkers(workers []*worker) {
	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.run()
		}()
	}
	wg.Wait()
}
