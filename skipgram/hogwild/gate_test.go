package hogwild

import "testing"

// TestGateLastLeaverSettles: the last worker to leave, and only it, runs
// the run's last step.
func TestGateLastLeaverSettles(t *testing.T) {
	g := NewGate(3)
	calls := 0
	last := func() { calls++ }
	for i := range 3 {
		if calls != 0 {
			t.Fatalf("last ran after %d of 3 workers left", i)
		}
		g.Leave(last)
	}
	if calls != 1 {
		t.Fatalf("last ran %d times, want once", calls)
	}
}
