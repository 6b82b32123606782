package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// schemes runs f once with this system's scheme and once with the named
// scheme forced (the same on systems without unnamed files).
func schemes(t *testing.T, f func(t *testing.T)) {
	t.Run("default", f)
	t.Run("named", func(t *testing.T) {
		useNamed(t)
		f(t)
	})
}

// useNamed makes Create use the named scheme until t ends.
func useNamed(t *testing.T) {
	forceNamed = true
	t.Cleanup(func() { forceNamed = false })
}

// names lists dir's entries.
func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var s []string
	for _, e := range ents {
		s = append(s, e.Name())
	}
	return s
}

// wantNames fails unless dir holds exactly want.
func wantNames(t *testing.T, dir string, want ...string) {
	t.Helper()
	got := names(t, dir)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s holds %q, want %q", dir, got, want)
	}
}

// wantContent fails unless the file at path holds want.
func wantContent(t *testing.T, path, want string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != want {
		t.Errorf("%s holds %q, want %q", path, b, want)
	}
}

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

func TestWriteFileNew(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		p := filepath.Join(dir, "v.txt")
		if err := WriteFile(p, writeString("hello\n")); err != nil {
			t.Fatal(err)
		}
		wantContent(t, p, "hello\n")
		wantNames(t, dir, "v.txt")
		if runtime.GOOS != "windows" {
			if fi, _ := os.Stat(p); fi.Mode() != 0o644 {
				t.Errorf("mode %v, want 0644", fi.Mode())
			}
		}
	})
}

func TestWriteFileRelative(t *testing.T) {
	schemes(t, func(t *testing.T) {
		t.Chdir(t.TempDir())
		if err := WriteFile("v.txt", writeString("x")); err != nil {
			t.Fatal(err)
		}
		wantContent(t, "v.txt", "x")
		wantNames(t, ".", "v.txt")
	})
}

func TestWriteFileReplaceKeepsMode(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix modes")
	}
	schemes(t, func(t *testing.T) {
		for _, mode := range []fs.FileMode{0o600, 0o755, 0o640} {
			dir := t.TempDir()
			p := filepath.Join(dir, "v.txt")
			if err := os.WriteFile(p, []byte("old"), mode); err != nil {
				t.Fatal(err)
			}
			os.Chmod(p, mode) // whatever the umask
			if err := WriteFile(p, writeString("new")); err != nil {
				t.Fatal(err)
			}
			wantContent(t, p, "new")
			wantNames(t, dir, "v.txt")
			if fi, _ := os.Stat(p); fi.Mode() != mode {
				t.Errorf("mode %v, want %v", fi.Mode(), mode)
			}
		}
	})
}

func TestWriteFileErrorKeepsOld(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		p := filepath.Join(dir, "v.txt")
		os.WriteFile(p, []byte("old"), 0o644)
		boom := errors.New("boom")
		err := WriteFile(p, func(w io.Writer) error {
			w.Write(make([]byte, 3<<20)) // past the buffer: in the file
			return boom
		})
		if err != boom {
			t.Fatalf("err = %v, want boom", err)
		}
		wantContent(t, p, "old")
		wantNames(t, dir, "v.txt")
	})
}

func TestWriteFilePanicKeepsOld(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		p := filepath.Join(dir, "v.txt")
		os.WriteFile(p, []byte("old"), 0o644)
		func() {
			defer func() { recover() }()
			WriteFile(p, func(w io.Writer) error {
				w.Write(make([]byte, 3<<20))
				panic("boom")
			})
		}()
		wantContent(t, p, "old")
		wantNames(t, dir, "v.txt")
	})
}

// TestFileRandomAccess writes, seeks back and rewrites, as the encoded
// corpus writer does.
func TestFileRandomAccess(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir, p, f := mustCreate(t, "c.wvc")
		o := f.OS()
		o.Write([]byte("0000 body"))
		if _, err := o.WriteAt([]byte("HEAD"), 0); err != nil {
			t.Fatal(err)
		}
		b := make([]byte, 4)
		if _, err := o.ReadAt(b, 5); err != nil || string(b) != "body" {
			t.Fatalf("read back %q, %v", b, err)
		}
		if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s visible before Commit: %v", p, err)
		}
		if err := f.Commit(); err != nil {
			t.Fatal(err)
		}
		wantContent(t, p, "HEAD body")
		wantNames(t, dir, "c.wvc")
	})
}

func TestAbortAndCommitTwice(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir, p, f := mustCreate(t, "v.txt")
		f.OS().WriteString("x")
		f.Abort()
		f.Abort()
		if err := f.Commit(); err == nil {
			t.Error("Commit after Abort succeeded")
		}
		wantNames(t, dir)

		f, err := Create(p)
		if err != nil {
			t.Fatal(err)
		}
		f.OS().WriteString("y")
		if err := f.Commit(); err != nil {
			t.Fatal(err)
		}
		f.Abort()
		if err := f.Commit(); err == nil {
			t.Error("second Commit succeeded")
		}
		wantContent(t, p, "y")
		wantNames(t, dir, "v.txt")
	})
}

// TestCommitRefusesTargetTurnedDirectory: what appeared at the target
// since Create is not replaced if it is not a regular file.
func TestCommitRefusesTargetTurnedDirectory(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir, p, f := mustCreate(t, "v.txt")
		os.Mkdir(p, 0o755)
		if err := f.Commit(); !errors.Is(err, ErrNotRegular) {
			t.Errorf("Commit over a directory: %v", err)
		}
		wantNames(t, dir, "v.txt")
		if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
			t.Errorf("directory replaced: %v %v", fi, err)
		}
	})
}

func TestCreateRefusesDirectory(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		sub := filepath.Join(dir, "sub")
		os.Mkdir(sub, 0o755)
		for _, p := range []string{sub, sub + string(os.PathSeparator), filepath.Join(dir, "new") + string(os.PathSeparator)} {
			_, err := Create(p)
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "directory") {
				t.Errorf("Create(%s): %v", p, err)
			}
		}
		wantNames(t, dir, "sub")
		wantNames(t, sub)
	})
}

func TestCreateMissingDirectory(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		_, err := Create(filepath.Join(dir, "no", "v.txt"))
		if !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("err = %v, want not exist", err)
		}
	})
}

// symlinkOrSkip makes a symbolic link, or skips the test where that is
// not allowed (Windows without the privilege).
func symlinkOrSkip(t *testing.T, old, new string) {
	t.Helper()
	if err := os.Symlink(old, new); err != nil {
		t.Skip("cannot make symbolic links:", err)
	}
}

func wantLink(t *testing.T, path, dest string) {
	t.Helper()
	got, err := os.Readlink(path)
	if err != nil || got != dest {
		t.Errorf("%s is no longer a link to %s: %q, %v", path, dest, got, err)
	}
}

func TestSymlinkWritesTarget(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		real := filepath.Join(dir, "real.txt")
		link := filepath.Join(dir, "link.txt")
		os.WriteFile(real, []byte("old"), 0o600)
		symlinkOrSkip(t, "real.txt", link)
		if err := WriteFile(link, writeString("new")); err != nil {
			t.Fatal(err)
		}
		wantLink(t, link, "real.txt")
		wantContent(t, real, "new")
		wantNames(t, dir, "link.txt", "real.txt")
		if fi, _ := os.Stat(real); runtime.GOOS != "windows" && fi.Mode() != 0o600 {
			t.Errorf("target's mode %v, want 0600", fi.Mode())
		}
	})
}

// TestSymlinkChain follows relative and absolute links across
// directories, one of them by "..".
func TestSymlinkChain(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		sub := filepath.Join(dir, "sub")
		os.Mkdir(sub, 0o755)
		real := filepath.Join(dir, "real.txt")
		os.WriteFile(real, []byte("old"), 0o644)
		symlinkOrSkip(t, "b", filepath.Join(dir, "a"))
		symlinkOrSkip(t, filepath.Join("sub", "c"), filepath.Join(dir, "b"))
		symlinkOrSkip(t, filepath.Join(dir, "sub", "d"), filepath.Join(sub, "c"))
		symlinkOrSkip(t, filepath.Join("..", "real.txt"), filepath.Join(sub, "d"))
		if err := WriteFile(filepath.Join(dir, "a"), writeString("new")); err != nil {
			t.Fatal(err)
		}
		wantContent(t, real, "new")
		wantLink(t, filepath.Join(dir, "a"), "b")
		wantLink(t, filepath.Join(sub, "d"), filepath.Join("..", "real.txt"))
		wantNames(t, dir, "a", "b", "real.txt", "sub")
		wantNames(t, sub, "c", "d")
	})
}

// TestSymlinkDotDotThroughLinkedDirectory: a link's ".." is its real
// directory's parent, not what cleaning the path by name would give.
func TestSymlinkDotDotThroughLinkedDirectory(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		deep := filepath.Join(dir, "other", "deep")
		os.MkdirAll(deep, 0o755)
		symlinkOrSkip(t, deep, filepath.Join(dir, "x"))
		symlinkOrSkip(t, filepath.Join("..", "t.txt"), filepath.Join(deep, "l"))
		if err := WriteFile(filepath.Join(dir, "x", "l"), writeString("new")); err != nil {
			t.Fatal(err)
		}
		wantContent(t, filepath.Join(dir, "other", "t.txt"), "new")
		wantNames(t, dir, "other", "x")
		wantNames(t, filepath.Join(dir, "other"), "deep", "t.txt")
	})
}

func TestDanglingSymlinkCreatesTarget(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		os.Mkdir(filepath.Join(dir, "sub"), 0o755)
		link := filepath.Join(dir, "link.txt")
		symlinkOrSkip(t, filepath.Join("sub", "new.txt"), link)
		if err := WriteFile(link, writeString("new")); err != nil {
			t.Fatal(err)
		}
		wantLink(t, link, filepath.Join("sub", "new.txt"))
		wantContent(t, filepath.Join(dir, "sub", "new.txt"), "new")
		wantNames(t, dir, "link.txt", "sub")
	})
}

func TestSymlinkLoop(t *testing.T) {
	dir := t.TempDir()
	symlinkOrSkip(t, "b", filepath.Join(dir, "a"))
	symlinkOrSkip(t, "a", filepath.Join(dir, "b"))
	if _, err := Create(filepath.Join(dir, "a")); err == nil || !strings.Contains(err.Error(), "symbolic links") {
		t.Errorf("err = %v, want too many links", err)
	}
	wantNames(t, dir, "a", "b")
}

func TestOwnerPID(t *testing.T) {
	for _, c := range []struct {
		name string
		pid  int
		ok   bool
	}{
		{".v.txt.wipsvec-tmp-123-456", 123, true},
		{".v.wipsvec-tmp-9.txt.wipsvec-tmp-77-1", 77, true},
		{"." + tag + "5-6", 5, true},
		{"v.txt.wipsvec-tmp-123-456", 0, false},
		{".v.txt.wipsvec-tmp-123", 0, false},
		{".v.txt.wipsvec-tmp-123-", 0, false},
		{".v.txt.wipsvec-tmp--456", 0, false},
		{".v.txt.wipsvec-tmp-12a-456", 0, false},
		{".v.txt.wipsvec-tmp-0-456", 0, false},
		{".v.txt.wipsvec-tmp-123-456.bak", 0, false},
		{".v.txt.tmp123", 0, false},
	} {
		pid, ok := ownerPID(c.name)
		if pid != c.pid || ok != c.ok {
			t.Errorf("ownerPID(%q) = %d, %v; want %d, %v", c.name, pid, ok, c.pid, c.ok)
		}
	}
}

func TestTempNameLongTarget(t *testing.T) {
	for _, base := range []string{strings.Repeat("a", 250), strings.Repeat("é", 120)} {
		n := tempName(base)
		if len(n) > 255 || !strings.HasPrefix(n, ".") {
			t.Errorf("tempName of %d bytes: %d bytes", len(base), len(n))
		}
		if pid, ok := ownerPID(n); !ok || pid != os.Getpid() {
			t.Errorf("ownerPID(%q) = %d, %v", n, pid, ok)
		}
	}
	dir := t.TempDir()
	p := filepath.Join(dir, strings.Repeat("a", 250))
	useNamed(t)
	if err := WriteFile(p, writeString("x")); err != nil {
		t.Fatal(err)
	}
	wantContent(t, p, "x")
}

// TestNamedTemporaryVisibleName: the named scheme's temporary is where
// CleanStale looks for it, under this process's ID.
func TestNamedTemporaryVisibleName(t *testing.T) {
	useNamed(t)
	dir, _, f := mustCreate(t, "v.txt")
	n := names(t, dir)
	if len(n) != 1 || !strings.HasPrefix(n[0], ".v.txt"+tag+fmt.Sprint(os.Getpid())+"-") {
		t.Fatalf("%s holds %q", dir, n)
	}
	if pid, ok := ownerPID(n[0]); !ok || pid != os.Getpid() {
		t.Errorf("ownerPID(%q) = %d, %v", n[0], pid, ok)
	}
	// Its owner lives: it stays.
	if removed, err := CleanStale(dir); removed != 0 || err != nil {
		t.Errorf("CleanStale removed %d, %v", removed, err)
	}
	f.Abort()
	wantNames(t, dir)
}

// mustCreate starts the file name in a new directory, to be given up at
// the end of the test if it is not committed.
func mustCreate(t *testing.T, name string) (dir, path string, f *File) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, name)
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(f.Abort)
	return dir, path, f
}
