package hogwild

import (
	"math"
	"slices"
	"sync"
	"testing"
)

// workers are n workers' replicas of the first rows of one matrix, merged
// under one lock by m.
func workers(n int, m Merge, matrix []float32, rows, stride, dim int) ([]*Replicas, []Rows) {
	mu := new(sync.Mutex)
	reps, views := make([]*Replicas, n), make([]Rows, n)
	for i := range reps {
		reps[i] = NewReplicas(mu, m, dim, stride)
		views[i] = reps[i].View(&Scratch{}, matrix, rows, 1)
	}
	return reps, views
}

// TestProjectedMergeCountsASharedMoveOnce: two workers' replicas from one
// start. Where both moved a row the same way, the merged row moves once,
// not twice (as adding would) and not by half (as averaging would); where
// their moves are across each other they add; where only one moved, its
// move is kept; and a merge with nothing new takes the merged rows and
// moves none.
func TestProjectedMergeCountsASharedMoveOnce(t *testing.T) {
	const hot, stride, dim = 3, 4, 2
	matrix := make([]float32, 4*stride)
	for i := range matrix {
		matrix[i] = 1
	}
	reps, views := workers(2, Merge{}, matrix, hot, stride, dim)
	a, b := views[0].priv, views[1].priv
	move := func(p []float32, row int, x, y float32) {
		p[row*stride] += x
		p[row*stride+1] += y
	}
	move(a, 0, 2, 0)
	move(b, 0, 2, 0) // row 0: the same move
	move(a, 1, 2, 0)
	move(b, 1, 0, 3)  // row 1: moves across each other
	move(b, 2, -1, 1) // row 2: only b moved
	reps[0].MergeAll()
	reps[1].MergeAll()
	want := [][2]float32{{3, 1}, {3, 4}, {0, 2}, {1, 1}}
	for row, w := range want {
		if got := [2]float32{matrix[row*stride], matrix[row*stride+1]}; got != w {
			t.Errorf("row %d merged to %v, want %v", row, got, w)
		}
	}
	reps[0].MergeAll()
	for row, w := range want[:hot] {
		for _, p := range [][]float32{a, b} {
			if got := [2]float32{p[row*stride], p[row*stride+1]}; got != w {
				t.Errorf("row %d: a replica holds %v after its merge, want the merged %v", row, got, w)
			}
		}
		if got := [2]float32{matrix[row*stride], matrix[row*stride+1]}; got != w {
			t.Errorf("row %d moved to %v at a merge with no change of its own, want %v", row, got, w)
		}
	}
	if matrix[3*stride] != 1 || matrix[2*stride+2] != 1 {
		t.Errorf("a row past the replicas, or a row's padding, moved: %v", matrix)
	}
}

// TestMeanMerge: merged by the mean, the shared rows move by the mean of
// the workers' changes, and Project sees every merged row.
func TestMeanMerge(t *testing.T) {
	const hot, stride, dim = 2, 4, 3
	matrix := make([]float32, 3*stride)
	projected := 0
	reps, views := workers(2, Merge{Mean: true, Workers: 2, Project: func([]float32) { projected++ }}, matrix, hot, stride, dim)
	for i := range views[0].priv {
		views[0].priv[i], views[1].priv[i] = 1, 3
	}
	reps[0].MergeAll()
	reps[1].MergeAll()
	for i, x := range matrix {
		want := float32(0)
		if i < hot*stride && i%stride < dim {
			want = 2
		}
		if x != want {
			t.Errorf("shared[%d] = %v, want %v", i, x, want)
		}
	}
	if projected != 2*hot {
		t.Errorf("Project saw %d rows, want %d", projected, 2*hot)
	}
}

// TestManyWorkersMergeWithoutOvershoot: n workers each move their replica
// of a row most of the way to where it settles, then merge, round after
// round, as rows as hot as "the" do. Adding the n changes would overshoot
// n-fold and, from three workers on, swing ever wider; merged by
// projection, or by the mean, the shared row settles where the replicas go.
func TestManyWorkersMergeWithoutOvershoot(t *testing.T) {
	const stride, dim, settle, frac = 16, 8, float32(1), float32(0.8)
	for _, mean := range []bool{false, true} {
		for _, n := range []int{2, 3, 16} {
			matrix := make([]float32, 4*stride)
			reps, views := workers(n, Merge{Mean: mean, Workers: n}, matrix, 2, stride, dim)
			worst := float32(0)
			for range 20 {
				for i := range reps {
					x := &views[i].priv[1]
					*x += frac * (settle - *x)
					reps[i].MergeAll()
					worst = max(worst, matrix[1]-settle)
				}
			}
			if d := math.Abs(float64(matrix[1] - settle)); d > 0.05 || worst > 0.5 {
				t.Errorf("mean %v, %d workers: the shared row ended %v from where it settles, and went %v past it; want under 0.05 and 0.5", mean, n, d, worst)
			}
		}
	}
}

// TestRowsAt: a worker's view gives the rows below its replica's count
// from the replica and the others from the shared matrix, each dim long
// and at its own offset, and refuses a row past the matrix.
func TestRowsAt(t *testing.T) {
	const stride, dim, words, hot = 8, 5, 6, 3
	shared, priv := make([]float32, words*stride), make([]float32, hot*stride)
	for i := range shared {
		shared[i] = float32(i)
	}
	for i := range priv {
		priv[i] = -float32(i)
	}
	r := Rows{shared: shared, priv: priv, hot: hot, stride: stride, dim: dim}
	for id := int32(0); id < words; id++ {
		got := r.At(id)
		want := shared[int(id)*stride:][:dim]
		if id < hot {
			want = priv[int(id)*stride:][:dim]
		}
		if !slices.Equal(got, want) || len(got) != dim || cap(got) != dim {
			t.Errorf("row %d: %v (cap %d), want %v", id, got, cap(got), want)
		}
	}
	got := r.At(1)
	got[0] = 100
	if priv[stride] != 100 {
		t.Error("a write to a replicated row did not reach the replica")
	}
	defer func() {
		if recover() == nil {
			t.Error("a row past the matrix did not panic")
		}
	}()
	r.At(words)
}
