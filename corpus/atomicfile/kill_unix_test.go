//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package atomicfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The kill tests run this test binary again as a helper (TestHelperProcess)
// that writes through this package, says "ready" at a chosen moment and
// then goes on or waits, and SIGKILL it there.
const (
	helperEnv = "ATOMICFILE_TEST_HELPER" // the moment: write, commit, rename, scratch, unlink
	dirEnv    = "ATOMICFILE_TEST_DIR"
	namedEnv  = "ATOMICFILE_TEST_NAMED" // set: force the named scheme
)

// TestHelperProcess is the helper; it does nothing in a normal run.
func TestHelperProcess(t *testing.T) {
	mode := os.Getenv(helperEnv)
	if mode == "" {
		return
	}
	forceNamed = os.Getenv(namedEnv) != ""
	dir := os.Getenv(dirEnv)
	fail := func(err error) {
		fmt.Println("error", err)
		os.Exit(2)
	}
	// ready says whether a named temporary may exist, then waits to be
	// killed (or for the test to go away).
	ready := func(named bool) {
		fmt.Println("ready", named)
		io.Copy(io.Discard, os.Stdin)
		os.Exit(3)
	}
	mb := make([]byte, 1<<20)
	var f *os.File
	switch mode {
	case "write", "commit", "rename":
		a, err := Create(filepath.Join(dir, "v.txt"))
		if err != nil {
			fail(err)
		}
		f = a.OS()
		for range 8 {
			if _, err := f.Write(mb); err != nil {
				fail(err)
			}
		}
		switch mode {
		case "commit":
			ready(a.tmp != "")
		case "rename":
			beforeRename = func() { ready(true) }
			a.Commit()
			fail(fmt.Errorf("committed"))
		}
		fmt.Println("ready", a.tmp != "")
	case "scratch", "unlink":
		if mode == "unlink" {
			beforeUnlink = func() { ready(true) }
		}
		var err error
		if f, err = Scratch(dir); err != nil {
			fail(err)
		}
		fmt.Println("ready false")
	}
	// Go on writing over the first 8 MB until killed: the kill comes in
	// the middle of writing.
	for i := int64(0); ; i = (i + 1) % 8 {
		if _, err := f.WriteAt(mb, i<<20); err != nil {
			fail(err)
		}
	}
}

// killAt starts the helper writing in dir at the moment mode, waits for it
// to be ready, SIGKILLs it, and returns its PID and whether it said a
// named temporary may exist.
func killAt(t *testing.T, dir, mode string, named bool) (pid int, mayLeave bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, dirEnv+"="+dir)
	if named {
		cmd.Env = append(cmd.Env, namedEnv+"=1")
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(stdout).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	var said string
	select {
	case said = <-line:
	case <-time.After(20 * time.Second):
	}
	cmd.Process.Signal(syscall.SIGKILL)
	werr := cmd.Wait() // reaped: its PID is gone
	if !strings.HasPrefix(said, "ready ") {
		t.Fatalf("helper said %q, exit %v, stderr %q", said, werr, stderr.String())
	}
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("helper not killed: %v", werr)
	}
	return cmd.Process.Pid, said == "ready true"
}

// TestKill kills a writer at several moments and lists its directory:
// there is nothing but the files that were there before, the old output
// untouched, or with the named scheme at most the writer's temporary,
// which the next Create or Scratch in the directory removes.
func TestKill(t *testing.T) {
	for _, named := range []bool{false, true} {
		for _, mode := range []string{"write", "commit", "rename", "scratch", "unlink"} {
			if mode == "unlink" && !named {
				continue // an unnamed scratch file has no name to unlink
			}
			name := mode
			if named {
				name += "/named"
			}
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				os.WriteFile(filepath.Join(dir, "v.txt"), []byte("old"), 0o644)
				os.WriteFile(filepath.Join(dir, "keep.txt"), []byte("keep"), 0o644)
				before := names(t, dir)
				pid, mayLeave := killAt(t, dir, mode, named)
				if runtime.GOOS == "linux" && !named && mode != "rename" && mayLeave && unnamedWorks(dir) {
					t.Errorf("helper used a named temporary where unnamed files work")
				}
				wantContent(t, filepath.Join(dir, "v.txt"), "old")
				var left []string
				for _, n := range names(t, dir) {
					if !slices.Contains(before, n) {
						left = append(left, n)
					}
				}
				if !mayLeave {
					if len(left) != 0 {
						t.Errorf("left behind: %q", left)
					}
					return
				}
				if len(left) != 1 {
					t.Fatalf("left behind: %q, want the helper's temporary", left)
				}
				if owner, ok := ownerPID(left[0]); !ok || owner != pid {
					t.Errorf("left behind %q, not the helper's (PID %d) temporary", left[0], pid)
				}
				if mode == "scratch" || mode == "unlink" {
					f, err := Scratch(dir)
					if err != nil {
						t.Fatal(err)
					}
					f.Close()
				} else {
					f, err := Create(filepath.Join(dir, "other.txt"))
					if err != nil {
						t.Fatal(err)
					}
					f.Abort()
				}
				wantNames(t, dir, before...)
			})
		}
	}
}
