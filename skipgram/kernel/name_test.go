package kernel

import (
	"runtime"
	"testing"
)

// TestKernelsName checks that the name reported in summaries is the set of
// kernels actually dispatched to: the assembly only on amd64 without the
// purego tag and with AVX2+FMA.
func TestKernelsName(t *testing.T) {
	want := "generic"
	if runtime.GOARCH == "amd64" && !pureGo && hasAVX2FMAForName() {
		want = "avx2+fma"
	}
	if got := Name(); got != want {
		t.Errorf("Name() = %q, want %q", got, want)
	}
}
