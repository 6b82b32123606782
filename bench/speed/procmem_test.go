package speed

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// TestRunSampled runs a child that holds 64 MB of anonymous memory for a
// moment and checks that the sample sees it (Linux), or says it cannot.
func TestRunSampled(t *testing.T) {
	if os.Getenv("WIPSVEC_PROCMEM_CHILD") == "1" {
		b := make([]byte, 64<<20)
		for i := range b {
			b[i] = 1
		}
		exec.Command("sleep", "0.2").Run()
		runtime.KeepAlive(b)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestRunSampled$")
	cmd.Env = append(os.Environ(), "WIPSVEC_PROCMEM_CHILD=1")
	m, err := runSampled(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "linux" {
		if m.Known {
			t.Fatalf("memory %+v known outside Linux", m)
		}
		return
	}
	if !m.Known || m.Anon < 64<<20 || m.File <= 0 {
		t.Fatalf("memory %+v: want at least 64 MB anonymous and some file-backed", m)
	}
}
