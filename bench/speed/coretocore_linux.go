package speed

import (
	"errors"
	"fmt"
	"runtime"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

// CoreToCore measures the round trip of one cache line between the first two
// CPUs this process may run on: two threads, each pinned to one of them,
// take turns incrementing a shared counter rounds times, and the result is
// the mean time per round trip (two transfers of the line).
//
// It is the cost Hogwild pays whenever a thread touches a row the other
// thread wrote last, and on a virtual machine it is a property of where the
// host placed the vCPUs at that moment: on a 2-vCPU guest of a chiplet
// server it has been seen to flip between about 60 ns (one core complex)
// and about 350 ns (two) from one run to the next. The benchmark records it
// before every multi-threaded run so that their speed can be read with it.
func CoreToCore(rounds int) (time.Duration, error) {
	var allowed unix.CPUSet
	if err := unix.SchedGetaffinity(0, &allowed); err != nil {
		return 0, fmt.Errorf("core-to-core: %w", err)
	}
	var cpus []int
	for c := 0; c < 1024 && len(cpus) < 2; c++ {
		if allowed.IsSet(c) {
			cpus = append(cpus, c)
		}
	}
	if len(cpus) < 2 {
		return 0, errors.New("core-to-core: fewer than two CPUs")
	}
	if rounds < 1 {
		rounds = 1
	}

	var line struct {
		_ [64]byte
		v atomic.Int64
		_ [56]byte
	}
	const abort = -1
	partnerErr := make(chan error, 1)
	go func() {
		// The partner answers every odd value with the next even one.
		runtime.LockOSThread() // never unlocked: the thread exits with the goroutine, pinning and all
		if err := pinThread(cpus[1]); err != nil {
			line.v.Store(abort)
			partnerErr <- err
			return
		}
		partnerErr <- nil
		for i := int64(1); i < 2*int64(rounds); i += 2 {
			for spins := 1; ; spins++ {
				v := line.v.Load()
				if v == i {
					break
				}
				if v == abort {
					return
				}
				yieldNow(spins)
			}
			line.v.Store(i + 1)
		}
	}()

	// The caller's own thread is the other end, pinned for the measurement
	// and given its affinity back afterwards.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := pinThread(cpus[0]); err != nil {
		line.v.Store(abort)
		return 0, fmt.Errorf("core-to-core: %w", err)
	}
	defer unix.SchedSetaffinity(0, &allowed)
	if err := <-partnerErr; err != nil {
		return 0, fmt.Errorf("core-to-core: %w", err)
	}
	start := time.Now()
	// Each side waits for its own turn's value before writing the next, so
	// neither overwrites a value the other has not yet seen.
	for i := int64(0); i <= 2*int64(rounds); i += 2 {
		for spins := 1; line.v.Load() != i; spins++ {
			if yieldNow(spins) && time.Since(start) > time.Second {
				line.v.Store(abort)
				return 0, errors.New("core-to-core: the partner thread did not answer for a second")
			}
		}
		if i < 2*int64(rounds) {
			line.v.Store(i + 1)
		}
	}
	return time.Since(start) / time.Duration(rounds), nil
}

// yieldNow gives up the processor every 2^16 spins (tenths of a millisecond,
// against round trips of nanoseconds): with every P held by a spinning
// thread, the partner could otherwise wait forever for the Go scheduler to
// run it.
func yieldNow(spins int) bool {
	if spins&(1<<16-1) != 0 {
		return false
	}
	runtime.Gosched()
	return true
}

func pinThread(cpu int) error {
	var set unix.CPUSet
	set.Set(cpu)
	return unix.SchedSetaffinity(0, &set)
}
