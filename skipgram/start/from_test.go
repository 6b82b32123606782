package start

import (
	"testing"

	"github.com/wipsvec/wipsvec/skipgram"
)

// TestFromStart checks that a new run's job is left as it is and a
// resumed one is given its checkpoint (continued and vectors starts are
// checked end to end by the train command's tests).
func TestFromStart(t *testing.T) {
	var j skipgram.Job
	if err := (From{}).Start(&j); err != nil || j.Start != nil {
		t.Errorf("new: %v, %+v", err, j.Options)
	}
	snap := &skipgram.Snapshot{}
	if err := (From{Checkpoint: snap, Resumed: true}).Start(&j); err != nil || j.Start != (skipgram.Resumed{Snapshot: snap}) {
		t.Errorf("resumed: %v, start %v, want %p resumed", err, j.Start, snap)
	}
}
