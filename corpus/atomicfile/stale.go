package atomicfile

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"
)

// tag marks the names of this package's temporaries:
// .NAME.wipsvec-tmp-PID-RAND, where NAME is the target's name (cut short
// if long), PID the owner's process ID and RAND random digits.
const tag = ".wipsvec-tmp-"

// maxBase bounds the part of a temporary's name taken from its target, so
// that the name stays within a file system's 255 bytes.
const maxBase = 120

// tempName returns a fresh name for a temporary of the target named base.
func tempName(base string) string {
	if len(base) > maxBase {
		base = base[:maxBase]
		for !utf8.ValidString(base) {
			base = base[:len(base)-1]
		}
	}
	return "." + base + tag + strconv.Itoa(os.Getpid()) + "-" + strconv.FormatUint(uint64(rand.Uint32()), 10)
}

// withTempName calls try with prefix joined to fresh temporary names until
// one is not taken, and returns it.
func withTempName(prefix, base string, try func(path string) error) (string, error) {
	for range 100 {
		p := prefix + tempName(base)
		err := try(p)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return p, err
	}
	return "", &fs.PathError{Op: "create", Path: prefix + tempName(base), Err: fs.ErrExist}
}

// createNamed creates a temporary for the target named base in the
// directory prefix, readable by its owner only until Commit.
func createNamed(prefix, base string) (f *os.File, err error) {
	_, err = withTempName(prefix, base, func(p string) error {
		f, err = os.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		return err
	})
	return f, err
}

// linkNamed links the unnamed file f under a temporary name in prefix.
func linkNamed(f *os.File, prefix, base string) (string, error) {
	return withTempName(prefix, base, func(p string) error { return linkUnnamed(f, p) })
}

// ownerPID returns the process ID in the name of one of this package's
// temporaries.
func ownerPID(name string) (int, bool) {
	i := strings.LastIndex(name, tag)
	if !strings.HasPrefix(name, ".") || i < 0 {
		return 0, false
	}
	pid, random, ok := strings.Cut(name[i+len(tag):], "-")
	if !ok || !digits(pid) || !digits(random) {
		return 0, false
	}
	n, err := strconv.Atoi(pid)
	return n, err == nil && n > 0
}

func digits(s string) bool {
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// CleanStale removes from dir the temporaries that this package's named
// scheme left there when their owner died before committing or aborting
// (a kill, a crash, a power cut), and returns how many. A temporary is
// removed only when it is a regular file, its owner's process ID (in its
// name) is not a running process, and, where the system has flock, no
// process holds the lock its owner took on it (which also protects a live
// owner that another PID namespace, such as a container sharing the
// directory, cannot see). When unsure, it keeps the file. The error is
// the first that reading dir or removing a file met; the others still
// went on.
//
// Create and Scratch call it on the directory they write in; a command
// may call it on its own too.
func CleanStale(dir string) (removed int, err error) {
	d, err := os.Open(dir)
	if err != nil {
		return 0, err
	}
	ents, err := d.ReadDir(-1)
	d.Close()
	for _, e := range ents {
		pid, ok := ownerPID(e.Name())
		if !ok || !e.Type().IsRegular() || !processGone(pid) {
			continue
		}
		gone, rerr := removeUnlocked(filepath.Join(dir, e.Name()))
		if gone {
			removed++
		}
		if rerr != nil && !errors.Is(rerr, fs.ErrNotExist) && err == nil {
			err = rerr
		}
	}
	return removed, err
}
