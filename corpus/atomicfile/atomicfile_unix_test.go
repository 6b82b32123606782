//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package atomicfile

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// wantRefused checks that Create (and, if write, WriteFile) refuses path
// as not a regular file, naming it (and what), and leaves dir as it was.
// A test must never try to write a real device such as /dev/null: if the
// code were broken, it would replace it (as root).
func wantRefused(t *testing.T, path, what string, write bool) {
	t.Helper()
	dir := filepath.Dir(path)
	before := names(t, dir)
	f, err := Create(path)
	if err == nil {
		f.Abort()
	}
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), what) {
		t.Errorf("Create(%s): %v, want refused as %s", path, err, what)
	}
	if write {
		if err := WriteFile(path, writeString("x")); !errors.Is(err, ErrNotRegular) {
			t.Errorf("WriteFile(%s): %v", path, err)
		}
	}
	wantNames(t, dir, before...)
}

func TestCreateRefusesFIFO(t *testing.T) {
	schemes(t, func(t *testing.T) {
		p := filepath.Join(t.TempDir(), "fifo")
		if err := unix.Mkfifo(p, 0o644); err != nil {
			t.Skip(err)
		}
		wantRefused(t, p, "named pipe", true)
		if fi, err := os.Lstat(p); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("FIFO replaced: %v %v", fi, err)
		}
	})
}

// TestCreateRefusesLinkToDevNull needs no privilege: /dev/null exists.
// It only tries Create, never WriteFile: a broken Create must not cost
// the machine its /dev/null.
func TestCreateRefusesLinkToDevNull(t *testing.T) {
	schemes(t, func(t *testing.T) {
		if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
			t.Skip("no /dev/null")
		}
		wantRefused(t, "/dev/null", "character device", false)
		dir := t.TempDir()
		link := filepath.Join(dir, "out.txt")
		os.Symlink("/dev/null", link)
		wantRefused(t, link, "/dev/null, a character device", false)
		wantLink(t, link, "/dev/null")
	})
}

func TestCreateRefusesSocket(t *testing.T) {
	dir := t.TempDir()
	fd, err := unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM, 0)
	if err != nil {
		t.Skip(err)
	}
	defer unix.Close(fd)
	p := filepath.Join(dir, "sock")
	if err := unix.Bind(fd, &unix.SockaddrUnix{Name: p}); err != nil {
		t.Skip(err)
	}
	wantRefused(t, p, "socket", true)
}

// deadPID returns the ID of a process that has ended.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	// Under -race a process waits a second at exit, for late reports.
	cmd.Env = append(os.Environ(), "GORACE=atexit_sleep_ms=0")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	if !processGone(pid) {
		t.Skipf("PID %d already reused", pid)
	}
	return pid
}

func TestProcessGone(t *testing.T) {
	if processGone(os.Getpid()) || processGone(os.Getppid()) {
		t.Error("a live process counts as gone")
	}
	if processGone(0) || processGone(-1) {
		t.Error("PID 0 or -1 counts as gone")
	}
	if !processGone(deadPID(t)) {
		t.Error("an ended process counts as alive")
	}
}

func TestCleanStale(t *testing.T) {
	dir := t.TempDir()
	dead := strconv.Itoa(deadPID(t))
	self := strconv.Itoa(os.Getpid())
	parent := strconv.Itoa(os.Getppid())
	stale := []string{".v.txt" + tag + dead + "-1", ".scratch" + tag + dead + "-22"}
	kept := []string{
		".v.txt" + tag + self + "-1",   // this process's
		".v.txt" + tag + parent + "-1", // a live process's
		"v.txt" + tag + dead + "-1",    // not this package's names
		".v.txt" + tag + dead,
		".v.txt.tmp" + dead,
		"v.txt",
	}
	for _, n := range append(stale, kept...) {
		os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o600)
	}
	os.Mkdir(filepath.Join(dir, ".d"+tag+dead+"-3"), 0o755) // not a regular file
	kept = append(kept, ".d"+tag+dead+"-3")
	removed, err := CleanStale(dir)
	if removed != len(stale) || err != nil {
		t.Errorf("CleanStale removed %d, %v; want %d", removed, err, len(stale))
	}
	wantNames(t, dir, kept...)
	if _, err := CleanStale(filepath.Join(dir, "no")); err == nil {
		t.Error("CleanStale of a missing directory: no error")
	}
}

// TestCleanStaleKeepsLocked: a temporary whose owner's PID is not running
// here but whose lock is held (an owner in another PID namespace) stays.
func TestCleanStaleKeepsLocked(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, ".v.txt"+tag+strconv.Itoa(deadPID(t))+"-1")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	lockOwner(f)
	if removed, err := CleanStale(dir); removed != 0 || err != nil {
		t.Errorf("CleanStale removed %d, %v", removed, err)
	}
	wantNames(t, dir, filepath.Base(p))
	f.Close()
	if removed, err := CleanStale(dir); removed != 1 || err != nil {
		t.Errorf("CleanStale removed %d, %v; want 1", removed, err)
	}
	wantNames(t, dir)
}

// TestCreateCleansStale: Create removes a dead owner's temporary.
func TestCreateCleansStale(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, ".v.txt"+tag+strconv.Itoa(deadPID(t))+"-1"), []byte("x"), 0o600)
		if err := WriteFile(filepath.Join(dir, "w.txt"), writeString("y")); err != nil {
			t.Fatal(err)
		}
		wantNames(t, dir, "w.txt")
	})
}

// TestScratchCleansStale: so does Scratch, in its directory.
func TestScratchCleansStale(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, ".scratch"+tag+strconv.Itoa(deadPID(t))+"-1"), []byte("x"), 0o600)
		f, err := Scratch(dir)
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		wantNames(t, dir)
	})
}

// TestNamedTemporaryLocked: a named temporary is locked while its owner
// has it, so that no CleanStale anywhere takes it for a dead one's.
func TestNamedTemporaryLocked(t *testing.T) {
	useNamed(t)
	_, _, f := mustCreate(t, "v.txt")
	g, err := os.Open(f.tmp)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if err := unix.Flock(int(g.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != unix.EWOULDBLOCK {
		t.Errorf("flock of a live temporary: %v, want EWOULDBLOCK", err)
	}
}
