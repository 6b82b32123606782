package atomicfile

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// unnamedWorks reports whether the kernel and file system give unnamed
// files (O_TMPFILE) in dir, asking them directly.
func unnamedWorks(dir string) bool {
	fd, err := unix.Open(dir, unix.O_RDWR|unix.O_TMPFILE|unix.O_CLOEXEC, 0o600)
	if err == nil {
		unix.Close(fd)
	}
	return err == nil
}

// TestCreateUnnamed: on Linux, where the file system allows it, a File
// has no name until Commit, and nothing shows in its directory.
func TestCreateUnnamed(t *testing.T) {
	dir := t.TempDir()
	if !unnamedWorks(dir) {
		t.Skip("no O_TMPFILE here")
	}
	f, err := Create(filepath.Join(dir, "v.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	if f.tmp != "" {
		t.Errorf("temporary named %s", f.tmp)
	}
	f.OS().WriteString("x")
	wantNames(t, dir)
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	wantContent(t, filepath.Join(dir, "v.txt"), "x")
	wantNames(t, dir, "v.txt")
}

// TestScratchUnnamed: on Linux a scratch file never had a name (the
// kernel shows an O_TMPFILE as "#inode"), so no kill could leave one.
func TestScratchUnnamed(t *testing.T) {
	dir := t.TempDir()
	if !unnamedWorks(dir) {
		t.Skip("no O_TMPFILE here")
	}
	f, err := Scratch(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	link, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(int(f.Fd())))
	if err != nil {
		t.Skip(err)
	}
	if strings.Contains(link, tag) {
		t.Errorf("scratch file had a name: %s", link)
	}
}
