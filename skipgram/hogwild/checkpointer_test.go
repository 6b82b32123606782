package hogwild

import (
	"context"
	"errors"
	"testing"
	"time"
)

// The checkpointer saves once when the workers are done; a cancelled
// context or a stop request saves once more and stops the run; a failed
// save stops it with the error.
func TestCheckpointer(t *testing.T) {
	var taken, stops int
	c := Checkpointer[int]{Gate: NewGate(0), Every: time.Hour,
		Snapshot: func() int { taken++; return taken },
		Save:     func(int) error { return nil },
		Stop:     func() { stops++ }}
	done := make(chan struct{})
	close(done)
	if err := c.Run(context.Background(), done, nil); err != nil || taken != 1 || stops != 0 {
		t.Fatalf("done: err %v, %d snapshots, %d stops", err, taken, stops)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := c.Run(ctx, make(chan struct{}), nil); err != nil || taken != 2 || stops != 1 {
		t.Fatalf("cancelled: err %v, %d snapshots, %d stops", err, taken, stops)
	}
	fail := errors.New("disk full")
	c.Every, c.Save = time.Millisecond, func(int) error { return fail }
	if err := c.Run(context.Background(), make(chan struct{}), nil); err != fail || stops != 2 {
		t.Fatalf("failed save: err %v, %d stops", err, stops)
	}
}
