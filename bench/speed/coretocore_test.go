package speed

import (
	"runtime"
	"testing"
	"time"
)

func TestCoreToCore(t *testing.T) {
	d, err := CoreToCore(2000)
	if runtime.GOOS != "linux" || runtime.NumCPU() < 2 {
		if err == nil {
			t.Fatalf("measured %v without two CPUs to pin", d)
		}
		t.Skipf("not measurable here: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	// A line crosses between two cores in tens to hundreds of nanoseconds;
	// under a loaded test run the pinned threads can be descheduled, so the
	// upper bound is loose.
	if d <= 0 || d > 100*time.Microsecond {
		t.Errorf("core-to-core round trip %v", d)
	}
	t.Logf("core-to-core round trip: %v", d)
}
