package mpi

import (
	"errors"
	"fmt"
	"slices"
	"sync"
)

// ErrAborted is what a Comm of Local returns from a collective call once
// one of its ranks has called Abort.
var ErrAborted = errors.New("a rank aborted the run")

// Local returns the n ranks of one run inside this process, each a Comm
// for one goroutine: code written for several processes runs, as every
// rank, in a test or on one machine without MPI. Each collective call
// waits for every rank's, as MPI's does; Abort ends every rank's waiting
// call with ErrAborted instead of ending the process.
func Local(n int) []Comm {
	w := &localWorld{n: n, bufs: make([]any, n)}
	w.cond.L = &w.mu
	cs := make([]Comm, n)
	for r := range cs {
		cs[r] = &localComm{w: w, rank: r}
	}
	return cs
}

// localWorld is what the ranks of Local share: the buffers of the
// collective call under way and its round.
type localWorld struct {
	mu      sync.Mutex
	cond    sync.Cond
	n       int
	bufs    []any // each rank's buffer in the call under way
	arrived int   // ranks that have made the call of this round
	left    int   // ranks that have taken its result
	round   int64
	aborted bool
}

type localComm struct {
	w    *localWorld
	rank int
}

func (c *localComm) Rank() int { return c.rank }
func (c *localComm) Size() int { return c.w.n }

func (c *localComm) SumFloat32(buf []float32) error { return collect(c, buf, sumOf[float32]) }
func (c *localComm) SumFloat64(buf []float64) error { return collect(c, buf, sumOf[float64]) }
func (c *localComm) SumInt64(buf []int64) error     { return collect(c, buf, sumOf[int64]) }
func (c *localComm) Barrier() error {
	return collect(c, []byte(nil), func([][]byte, int) []byte { return nil })
}

func (c *localComm) Broadcast(buf []byte, root int) error {
	if root < 0 || root >= c.w.n {
		return fmt.Errorf("broadcast from rank %d of %d", root, c.w.n)
	}
	return collect(c, buf, func(all [][]byte, _ int) []byte { return slices.Clone(all[root]) })
}

func (c *localComm) Abort(int) {
	c.w.mu.Lock()
	c.w.aborted = true
	c.w.cond.Broadcast()
	c.w.mu.Unlock()
}

func (c *localComm) Close() error { return nil }

// sumOf is the element-wise sum of every rank's buffer.
func sumOf[T float32 | float64 | int64](all [][]T, n int) []T {
	out := make([]T, n)
	for _, b := range all {
		for i, v := range b[:n] {
			out[i] += v
		}
	}
	return out
}

// collect is one collective call: every rank leaves its buffer, the last
// to come works out the result from all of them (in rank order, so that
// every run sums alike), and every rank copies it into its buffer.
func collect[T any](c *localComm, buf []T, result func(all [][]T, n int) []T) error {
	w := c.w
	w.mu.Lock()
	defer w.mu.Unlock()
	for w.left > 0 && !w.aborted { // the last round's result is still being taken
		w.cond.Wait()
	}
	if w.aborted {
		return ErrAborted
	}
	round := w.round
	w.bufs[c.rank] = buf
	w.arrived++
	if w.arrived == w.n {
		all := make([][]T, w.n)
		for r, b := range w.bufs {
			all[r] = b.([]T)
			if len(all[r]) != len(buf) {
				w.aborted = true
				w.cond.Broadcast()
				return fmt.Errorf("rank %d's array holds %d elements, rank %d's %d", r, len(all[r]), c.rank, len(buf))
			}
		}
		out := result(all, len(buf))
		for _, b := range all {
			copy(b, out)
		}
		w.arrived, w.left = 0, w.n
		w.round++
		w.cond.Broadcast()
	}
	for w.round == round && !w.aborted {
		w.cond.Wait()
	}
	if w.round == round {
		return ErrAborted
	}
	w.left--
	if w.left == 0 {
		clear(w.bufs)
		w.cond.Broadcast()
	}
	return nil
}

// GatherBytes returns every rank's b, in rank order, on every rank.
func GatherBytes(c Comm, b []byte) ([][]byte, error) {
	all := make([][]byte, c.Size())
	for r := range all {
		var mine []byte
		if r == c.Rank() {
			mine = b
		}
		got, err := BroadcastBytes(c, mine, r)
		if err != nil {
			return nil, err
		}
		all[r] = got
	}
	return all, nil
}
