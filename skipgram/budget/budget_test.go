package budget

import (
	"strings"
	"testing"
)

func TestBudget(t *testing.T) {
	need := Memory{Matrices: 3 << 30, Tables: 1 << 20, Threads: 2 << 20}
	b := Budget{Need: need, Threads: 4, Available: 2 << 30, Known: true}
	if b.Fits() || b.Err() == nil {
		t.Errorf("%v fits", b)
	}
	if !strings.Contains(b.Err().Error(), "the run needs about") {
		t.Errorf("error %q does not name the estimate", b.Err())
	}
	line := b.String()
	for _, want := range []string{"memory: about ", "4 threads", "available"} {
		if !strings.Contains(line, want) {
			t.Errorf("line %q lacks %q", line, want)
		}
	}
	if strings.Contains(line, "adjacency") {
		t.Errorf("line %q names a graph's lists for a text", line)
	}
	b.Available = 4 << 30
	if !b.Fits() || b.Err() != nil {
		t.Errorf("%v does not fit", b)
	}
	b.Known, b.Available = false, 0
	if !b.Fits() || strings.Contains(b.String(), "available") {
		t.Errorf("unknown memory: fits %v, line %q", b.Fits(), b)
	}
}
