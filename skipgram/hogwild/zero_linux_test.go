package hogwild

import (
	"os"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestZeroLinesResident: every page of a zero matrix is in memory before
// any worker writes it, so that no worker takes its first-write faults (and
// the TLB flushes they send to the other CPUs). The matrix is larger than
// anything the test binary freed before, so its pages come fresh from the
// OS and only the writing can have brought them in.
func TestZeroLinesResident(t *testing.T) {
	const n = 64 << 20 / 4 // 64 MiB
	m := ZeroLines(n)
	page := uintptr(os.Getpagesize())
	start := uintptr(unsafe.Pointer(&m[0])) &^ (page - 1)
	end := uintptr(unsafe.Pointer(&m[n-1])) + 4
	vec := make([]byte, (end-start+page-1)/page)
	_, _, errno := unix.Syscall(unix.SYS_MINCORE, start, end-start, uintptr(unsafe.Pointer(&vec[0])))
	if errno != 0 {
		t.Skipf("mincore: %v", errno)
	}
	missing := 0
	for _, v := range vec {
		if v&1 == 0 {
			missing++
		}
	}
	if missing > 0 {
		t.Errorf("%d of %d pages of a zero matrix not resident", missing, len(vec))
	}
	for i, x := range m { // after mincore: reading maps pages too
		if x != 0 {
			t.Fatalf("m[%d] = %v", i, x)
		}
	}
}
