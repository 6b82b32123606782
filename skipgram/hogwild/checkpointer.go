package hogwild

import (
	"context"
	"time"
)

// Checkpointer paces a run's snapshots at its gate: one every Every, one
// when ctx is cancelled or a stop is requested (the run then ends at the
// gate, between blocks, so that it can be resumed), and one when the
// workers are done. The workers wait at the gate only while Snapshot
// copies the state; Save hands the copy on while they go on. It is the
// gate's protocol, apart from what a snapshot holds (the trainer's S).
type Checkpointer[S any] struct {
	Gate     *Gate
	Every    time.Duration
	Snapshot func() S      // copies the state; the workers stand at the gate
	Save     func(S) error // hands a snapshot on; an error stops the run
	Stop     func()        // has the workers end the run when they leave the gate
}

// Run takes the snapshots until done is closed (the workers are done) or
// the run is stopped, by ctx or by stopRequest, and returns Save's error.
func (c Checkpointer[S]) Run(ctx context.Context, done, stopRequest <-chan struct{}) error {
	tick := time.NewTicker(c.Every)
	defer tick.Stop()
	take := func(stop bool) S {
		c.Gate.Close()
		s := c.Snapshot()
		if stop {
			c.Stop()
		}
		c.Gate.Open()
		return s
	}
	for {
		select {
		case <-done:
			return c.Save(take(false))
		default:
		}
		select {
		case <-done:
			return c.Save(take(false))
		case <-ctx.Done():
			return c.Save(take(true))
		case <-stopRequest:
			return c.Save(take(true))
		case <-tick.C:
			if err := c.Save(take(false)); err != nil {
				c.Stop()
				return err
			}
		}
	}
}
