//go:build unix

package main

import (
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// startHelper starts the test binary as wipsvec running args, with its
// temporary directory in tmp and its standard error to stderr (if not nil).
func startHelper(t *testing.T, tmp string, stderr io.Writer, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^TestBenchTrainHelper$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), benchHelperEnv+"=1", "TMPDIR="+tmp)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// waitFor waits up to timeout for the started cmd's stderr to hold want, and kills cmd and fails the test if it does not.
func waitFor(t *testing.T, cmd *exec.Cmd, stderr *lockedBuilder, want string, timeout time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(timeout); !strings.Contains(stderr.String(), want); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no %q after %v: %s", want, timeout, stderr.String())
		}
	}
}

// interruptAfterCheckpoint runs the command line with -checkpoint ckpt in a child, sends it SIGINT once it has written a checkpoint, and returns its stderr and exit error.
func interruptAfterCheckpoint(t *testing.T, ckpt string, args ...string) (string, error) {
	t.Helper()
	var stderr lockedBuilder
	cmd := startHelper(t, t.TempDir(), &stderr, slices.Concat(args, []string{"-checkpoint", ckpt, "-checkpoint-every", "200ms"})...)
	waitFor(t, cmd, &stderr, "checkpoint: wrote", 30*time.Second)
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	return stderr.String(), err
}

// lockedBuilder is a strings.Builder that a child's output and the test can
// share.
type lockedBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
