// Package mpi is what wipsvec needs of MPI to train one model from several
// processes: each process's rank among them, sums of float and integer
// arrays across all of them (allreduce), a broadcast, a barrier and an
// abort. Comm is that interface; Init returns the one the build provides.
//
// The default build is pure Go and has one process (Single): under an MPI
// launcher with more than one rank it refuses before anything is read
// (ErrNotBuilt), naming the build that works. Built with -tags mpi it links
// OpenMPI through cgo (pkg-config ompi), with -tags mpich MPICH and its ABI
// family (pkg-config mpich). Every MPI call of such a build runs on one
// locked OS thread, the one that initialised MPI, so MPI needs no more
// than MPI_THREAD_FUNNELED while any goroutine may call a Comm.
package mpi

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strconv"
)

// Comm is the processes of one run and what they do together. Every
// collective call (the sums, Broadcast, Barrier) must be made by every
// rank, in the same order, with arrays of the same length; it returns
// when all have made it.
type Comm interface {
	// Rank is this process's place, 0 to Size()-1; rank 0 writes the
	// outputs and prints.
	Rank() int
	// Size is how many processes the run has.
	Size() int
	// SumFloat32, SumFloat64 and SumInt64 replace buf, on every rank,
	// with the element-wise sum of every rank's buf.
	SumFloat32(buf []float32) error
	SumFloat64(buf []float64) error
	SumInt64(buf []int64) error
	// Broadcast replaces buf on every rank with root's buf.
	Broadcast(buf []byte, root int) error
	// Barrier returns when every rank has called it.
	Barrier() error
	// Abort ends every rank of the run with the exit status code, at
	// once: what a rank does after an error the others cannot know of,
	// so that none waits forever in a collective call.
	Abort(code int)
	// Close ends this process's part in the run (MPI_Finalize).
	Close() error
}

// Single is the Comm of a run of one process: rank 0 of 1, whose sums and
// broadcasts leave every array as it is.
type Single struct{}

func (Single) Rank() int                   { return 0 }
func (Single) Size() int                   { return 1 }
func (Single) SumFloat32([]float32) error  { return nil }
func (Single) SumFloat64([]float64) error  { return nil }
func (Single) SumInt64([]int64) error      { return nil }
func (Single) Broadcast([]byte, int) error { return nil }
func (Single) Barrier() error              { return nil }
func (Single) Abort(code int)              { os.Exit(code) }
func (Single) Close() error                { return nil }

// ErrNotBuilt is Init's error in a build without MPI started by an MPI
// launcher with more than one rank.
var ErrNotBuilt = errors.New("this wipsvec was built without MPI")

// launchers are the environment variables MPI launchers set to the number
// of ranks: OpenMPI's mpirun, PMI's (MPICH's Hydra, Intel MPI, Slurm's
// PMI2), MVAPICH's, and Slurm's srun step (which --mpi=pmix also sets).
var launchers = []string{"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "MV2_COMM_WORLD_SIZE", "SLURM_STEP_NUM_TASKS"}

// Launched returns how many ranks an MPI launcher started this process
// among, and the variable that says so: 1 and "" when none did.
func Launched(getenv func(string) string) (int, string) {
	for _, name := range launchers {
		if n, err := strconv.Atoi(getenv(name)); err == nil && n > 1 {
			return n, name
		}
	}
	return 1, ""
}

// notBuilt is the error of a default build started as one of n ranks.
func notBuilt(n int, variable string) error {
	return fmt.Errorf("%w, but %s=%d says it was started as one of %d ranks: build it with 'go build -tags mpi' (OpenMPI) or '-tags mpich' (MPICH, Intel MPI, MVAPICH)",
		ErrNotBuilt, variable, n, n)
}

// BroadcastBytes returns root's b on every rank, whatever length each
// rank's b has: its length goes first.
func BroadcastBytes(c Comm, b []byte, root int) ([]byte, error) {
	if c.Size() == 1 {
		return b, nil
	}
	var n [8]byte
	if c.Rank() == root {
		binary.LittleEndian.PutUint64(n[:], uint64(len(b)))
	}
	if err := c.Broadcast(n[:], root); err != nil {
		return nil, err
	}
	size := binary.LittleEndian.Uint64(n[:])
	if c.Rank() != root {
		b = make([]byte, size)
	}
	if size == 0 {
		return b, nil
	}
	return b, c.Broadcast(b, root)
}
