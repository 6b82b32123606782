package mpi_test

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/mpi"
)

// onEveryRank runs f as every rank of Local(n), each on its own goroutine,
// and returns their errors in rank order.
func onEveryRank(n int, f func(c mpi.Comm) error) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for r, c := range mpi.Local(n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[r] = f(c)
		}()
	}
	wg.Wait()
	return errs
}

// Local's ranks sum, broadcast and gather as MPI's do, round after round.
func TestLocalCollectives(t *testing.T) {
	const n = 3
	errs := onEveryRank(n, func(c mpi.Comm) error {
		r := c.Rank()
		for round := range 50 {
			ints := []int64{int64(r), int64(round)}
			floats := []float32{float32(r) / 2, 1}
			if err := c.SumInt64(ints); err != nil {
				return err
			}
			if err := c.SumFloat32(floats); err != nil {
				return err
			}
			if want := []int64{0 + 1 + 2, n * int64(round)}; !slices.Equal(ints, want) {
				return fmt.Errorf("rank %d round %d: sum %v, want %v", r, round, ints, want)
			}
			if want := []float32{1.5, n}; !slices.Equal(floats, want) {
				return fmt.Errorf("rank %d round %d: sum %v, want %v", r, round, floats, want)
			}
			root := round % n
			b := []byte{byte(r), byte(round)}
			if err := c.Broadcast(b, root); err != nil {
				return err
			}
			if b[0] != byte(root) || b[1] != byte(round) {
				return fmt.Errorf("rank %d round %d: broadcast %v from rank %d", r, round, b, root)
			}
		}
		all, err := mpi.GatherBytes(c, []byte(fmt.Sprint("rank", r, slices.Repeat([]byte{'x'}, r))))
		if err != nil {
			return err
		}
		for q, b := range all {
			if want := fmt.Sprint("rank", q, slices.Repeat([]byte{'x'}, q)); string(b) != want {
				return fmt.Errorf("rank %d gathered %q from rank %d, want %q", r, b, q, want)
			}
		}
		return c.Barrier()
	})
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// A rank's Abort ends the others' waiting calls, and arrays of other
// lengths fail the call, instead of either hanging.
func TestLocalAbort(t *testing.T) {
	errs := onEveryRank(3, func(c mpi.Comm) error {
		if c.Rank() == 1 {
			c.Abort(1)
			return nil
		}
		return c.Barrier()
	})
	for r, err := range errs {
		if r != 1 && !errors.Is(err, mpi.ErrAborted) {
			t.Errorf("rank %d: %v, want ErrAborted", r, err)
		}
	}
	errs = onEveryRank(2, func(c mpi.Comm) error { return c.SumInt64(make([]int64, 1+c.Rank())) })
	for r, err := range errs {
		if err == nil {
			t.Errorf("rank %d summed arrays of other lengths without an error", r)
		}
	}
}
