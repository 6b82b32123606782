//go:build mpi || mpich

package mpi

/*
#include <mpi.h>

static int wv_init(int *provided) { return MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, provided); }
static int wv_funneled(void) { return MPI_THREAD_FUNNELED; }
static int wv_rank(int *r) { return MPI_Comm_rank(MPI_COMM_WORLD, r); }
static int wv_size(int *s) { return MPI_Comm_size(MPI_COMM_WORLD, s); }
static int wv_sum_f32(float *b, int n) { return MPI_Allreduce(MPI_IN_PLACE, b, n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD); }
static int wv_sum_f64(double *b, int n) { return MPI_Allreduce(MPI_IN_PLACE, b, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); }
static int wv_sum_i64(long long *b, int n) { return MPI_Allreduce(MPI_IN_PLACE, b, n, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD); }
static int wv_bcast(void *b, int n, int root) { return MPI_Bcast(b, n, MPI_BYTE, root, MPI_COMM_WORLD); }
static int wv_barrier(void) { return MPI_Barrier(MPI_COMM_WORLD); }
static int wv_abort(int code) { return MPI_Abort(MPI_COMM_WORLD, code); }
static int wv_finalize(void) { return MPI_Finalize(); }
*/
import "C"

import (
	"fmt"
	"os"
	"runtime"
	"sync"
	"unsafe"
)

// Built reports whether this build links MPI.
const Built = true

// maxCount is the most elements one MPI call moves: its count is a C int.
const maxCount = 1 << 28

// world is MPI_COMM_WORLD. Its calls run on one goroutine locked to the OS
// thread that initialised MPI (MPI_THREAD_FUNNELED): every method hands
// that goroutine a function and waits for it.
type world struct {
	calls      chan func()
	rank, size int
	closeOnce  sync.Once
	closeErr   error
}

// Init initialises MPI and returns MPI_COMM_WORLD as a Comm.
func Init() (Comm, error) {
	w := &world{calls: make(chan func())}
	ready := make(chan error)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread is MPI's until the process ends
		var provided, rank, size C.int
		if rc := C.wv_init(&provided); rc != 0 {
			ready <- fmt.Errorf("mpi: MPI_Init_thread failed (%d)", int(rc))
			return
		}
		if provided < C.wv_funneled() {
			ready <- fmt.Errorf("mpi: the MPI library gives thread level %d, below MPI_THREAD_FUNNELED", int(provided))
			return
		}
		C.wv_rank(&rank)
		C.wv_size(&size)
		w.rank, w.size = int(rank), int(size)
		ready <- nil
		for f := range w.calls {
			f()
		}
	}()
	if err := <-ready; err != nil {
		return nil, err
	}
	return w, nil
}

func (w *world) Rank() int { return w.rank }
func (w *world) Size() int { return w.size }

// call runs f on MPI's thread and returns its MPI error code as an error.
func (w *world) call(what string, f func() C.int) error {
	done := make(chan C.int)
	w.calls <- func() { done <- f() }
	if rc := <-done; rc != 0 {
		return fmt.Errorf("mpi: %s failed (%d)", what, int(rc))
	}
	return nil
}

// chunks calls f on pieces of n elements of at most maxCount each.
func chunks(n int, f func(lo, count int) C.int) func() C.int {
	return func() C.int {
		for lo := 0; lo < n; lo += maxCount {
			if rc := f(lo, min(maxCount, n-lo)); rc != 0 {
				return rc
			}
		}
		return 0
	}
}

// sum is an allreduce sum in place of the n elements of size bytes at p,
// in pieces of at most maxCount, by f (the C call of their type).
func (w *world) sum(p unsafe.Pointer, n, size int, f func(p unsafe.Pointer, n C.int) C.int) error {
	return w.call("MPI_Allreduce", func() C.int {
		if n == 0 {
			return f(nil, 0)
		}
		return chunks(n, func(lo, k int) C.int { return f(unsafe.Add(p, lo*size), C.int(k)) })()
	})
}

func (w *world) SumFloat32(b []float32) error {
	defer runtime.KeepAlive(b)
	return w.sum(unsafe.Pointer(unsafe.SliceData(b)), len(b), 4, func(p unsafe.Pointer, n C.int) C.int { return C.wv_sum_f32((*C.float)(p), n) })
}

func (w *world) SumFloat64(b []float64) error {
	defer runtime.KeepAlive(b)
	return w.sum(unsafe.Pointer(unsafe.SliceData(b)), len(b), 8, func(p unsafe.Pointer, n C.int) C.int { return C.wv_sum_f64((*C.double)(p), n) })
}

func (w *world) SumInt64(b []int64) error {
	defer runtime.KeepAlive(b)
	return w.sum(unsafe.Pointer(unsafe.SliceData(b)), len(b), 8, func(p unsafe.Pointer, n C.int) C.int { return C.wv_sum_i64((*C.longlong)(p), n) })
}

func (w *world) Broadcast(b []byte, root int) error {
	if len(b) == 0 {
		return nil
	}
	defer runtime.KeepAlive(b)
	return w.call("MPI_Bcast", chunks(len(b), func(lo, n int) C.int {
		return C.wv_bcast(unsafe.Pointer(&b[lo]), C.int(n), C.int(root))
	}))
}

func (w *world) Barrier() error {
	return w.call("MPI_Barrier", func() C.int { return C.wv_barrier() })
}

// Abort is called from the goroutine that failed, not MPI's thread, which
// may be waiting in a collective call that will never complete.
func (w *world) Abort(code int) {
	C.wv_abort(C.int(code))
	os.Exit(code)
}

func (w *world) Close() error {
	w.closeOnce.Do(func() {
		w.closeErr = w.call("MPI_Finalize", func() C.int { return C.wv_finalize() })
	})
	return w.closeErr
}
