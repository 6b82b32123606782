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

// Estimate counts two views twice, the tree's rows with hierarchical
// softmax, the buckets with subwords, and a dense copy for snapshots.
func TestEstimate(t *testing.T) {
	base := Sizes{Rows: 1000, Dim: 10, Stride: 16, Views: 1, Threads: 2, WorkerBytes: 100}
	one := Estimate(base)
	if one.Matrices != 4*1000*16 || one.Threads != 200 || one.Snapshot != 0 {
		t.Errorf("one view: %+v", one)
	}
	two := base
	two.Views, two.OutputRows, two.OutputTables, two.Snapshots = 2, 999, 1, true
	if m := Estimate(two); m.Matrices != 4*(2*1000+999)*16 || m.Snapshot != 4*(2*1000+999)*10 || m.Tables <= one.Tables {
		t.Errorf("two views with a tree: %+v", m)
	}
	sub := base
	sub.ExtraRows, sub.BagTables = 500, 1
	if m := Estimate(sub); m.Matrices != 4*1500*16 || m.Tables <= one.Tables {
		t.Errorf("subwords: %+v", m)
	}
}
