// Package atomicfile writes wipsvec's output files so that a reader sees
// each one whole or not at all, a killed process leaves nothing behind,
// and a user's own files are never overwritten by mistake.
//
// Its one job is the lifetime of a file being written. A File is written
// where no one can see it and appears at its path, complete, only when
// committed: on Linux it is an unnamed file (O_TMPFILE) linked into the
// directory at the end, so a process killed while writing, even by
// SIGKILL, leaves no trace; elsewhere, and on Linux file systems that
// refuse unnamed files, it is a hidden temporary beside the target whose
// name records its owner's process ID (.NAME.wipsvec-tmp-PID-RAND), which
// the next Create or Scratch in that directory removes once the owner is
// gone (see CleanStale). (On Linux too, replacing an existing file links
// the finished file under such a name for the instant before the rename.)
// Scratch gives a file that is never meant to be seen at all, such as a
// temporary encoded corpus of several GB.
//
// Writing to a symbolic link writes the file it points to (the link stays
// a link); an existing output that is not a regular file (a directory, a
// device such as /dev/null, a FIFO, a socket) is refused rather than
// replaced. CheckOutputs lets a command refuse, before it reads any input,
// an output that is one of its inputs or another of its outputs.
//
// Like any atomic replacement, committing gives the target a new inode:
// other hard links to the old file keep the old content.
package atomicfile

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// Errors that CheckOutputs and Create wrap, for errors.Is.
var (
	// ErrSameFile: an output is an input, or two outputs are one file.
	ErrSameFile = errors.New("same file")
	// ErrNotRegular: an output exists and is not a regular file.
	ErrNotRegular = errors.New("not a regular file")
	// ErrNotWritable: no file can be created in an output's directory.
	ErrNotWritable = errors.New("not writable")
)

// errNoUnnamed says that unnamed files cannot be had here.
var errNoUnnamed = errors.New("no unnamed files")

// maxLinks bounds a chain of symbolic links, as the kernel does (ELOOP).
const maxLinks = 40

// Test hooks: forceNamed makes Create and Scratch use the named scheme
// even where unnamed files work; beforeRename, if set, runs in Commit
// just before a temporary name is renamed over the target, and
// beforeUnlink in Scratch just before a named scratch file is unlinked.
var (
	forceNamed   bool
	beforeRename func()
	beforeUnlink func()
)

// File is an output being written. It is invisible until Commit puts it,
// complete, at its path; Abort (or a crash) leaves the path as it was.
type File struct {
	f      *os.File
	path   string // as the caller named it
	target string // path with its symbolic links resolved
	tmp    string // the temporary's name, "" while the file is unnamed
	done   bool   // committed or aborted
}

// Create starts writing the file at path. A symbolic link at path (or a
// chain of them, relative or absolute) is followed to its final target,
// which is what Commit replaces; the target need not exist, but its
// directory must. An existing target that is not a regular file is
// refused with an error wrapping ErrNotRegular and naming it.
//
// Create first removes the stale temporaries of this package in the
// target's directory (see CleanStale).
func Create(path string) (*File, error) {
	target, fi, err := resolve(path)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(path, target, fi); err != nil {
		return nil, &fs.PathError{Op: "create", Path: path, Err: err}
	}
	prefix, base := split(target)
	CleanStale(dirOf(prefix))
	a := &File{path: path, target: target}
	if a.f, err = openUnnamed(dirOf(prefix), target); err != nil {
		if !errors.Is(err, errNoUnnamed) {
			return nil, err
		}
		if a.f, err = createNamed(prefix, base); err != nil {
			return nil, err
		}
		a.tmp = a.f.Name()
	}
	lockOwner(a.f)
	return a, nil
}

// OS returns the file being written, with random access: a writer may
// seek, read back and rewrite it. Do not close it or use its name: the
// file may have none yet, and Commit and Abort close it.
func (a *File) OS() *os.File { return a.f }

// Commit syncs the file to disk, gives it mode 0644 or the mode of the
// file it replaces (not on Windows, which has no such modes), and puts it
// at its target in one step, replacing what was there, then syncs the
// directory. After Commit returns nil the file
// is complete at its target, even after a crash. On an error the target
// is left as it was and the temporary is removed.
func (a *File) Commit() (err error) {
	if a.done {
		return &fs.PathError{Op: "commit", Path: a.path, Err: fs.ErrClosed}
	}
	defer func() {
		if err != nil {
			a.Abort()
		}
	}()
	mode := fs.FileMode(0o644)
	if fi, err := os.Lstat(a.target); err == nil {
		// The target may have changed since Create; still never replace
		// what is not a regular file.
		if err := checkRegular(a.path, a.target, fi); err != nil {
			return &fs.PathError{Op: "commit", Path: a.path, Err: err}
		}
		mode = fi.Mode().Perm()
	}
	// Windows keeps only a read-only flag, which would forbid the rename
	// over the target if it were set; the temporary has it clear.
	if runtime.GOOS != "windows" {
		if err := a.f.Chmod(mode); err != nil {
			return err
		}
	}
	if err := a.f.Sync(); err != nil {
		return err
	}
	prefix, base := split(a.target)
	if a.tmp == "" {
		// Link the unnamed file straight at the target if nothing is
		// there, otherwise under a temporary name renamed over it (a link
		// cannot replace a file).
		err := linkUnnamed(a.f, a.target)
		if errors.Is(err, fs.ErrExist) {
			var tmp string
			if tmp, err = linkNamed(a.f, prefix, base); err == nil {
				a.tmp = tmp
			}
		}
		if err != nil {
			return err
		}
		// Synced and linked: closing cannot lose the data.
		a.f.Close()
	} else if err := a.f.Close(); err != nil {
		return err
	}
	if a.tmp != "" {
		if beforeRename != nil {
			beforeRename()
		}
		if err := os.Rename(a.tmp, a.target); err != nil {
			return err
		}
	}
	a.done = true
	syncDir(dirOf(prefix))
	return nil
}

// Abort gives up the file: it closes it and removes the temporary, and
// leaves the target as it was. It may be called any number of times, and
// after Commit, where it does nothing; deferring it right after Create
// cleans up on every early return.
func (a *File) Abort() {
	if a.done {
		return
	}
	a.done = true
	a.f.Close()
	if a.tmp != "" {
		os.Remove(a.tmp)
	}
}

// WriteFile replaces the file at path with what write produces, through a
// File: readers see the old file or the complete new one, and an error
// (or a panic) in write leaves the old file untouched and no temporary.
// The writer is buffered (1 MiB).
func WriteFile(path string, write func(io.Writer) error) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	w := bufio.NewWriterSize(f.OS(), 1<<20)
	if err := write(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Commit()
}

// resolve follows the symbolic links at path to the final target, which
// need not exist (fi is then nil). Relative links are joined to the
// link's directory without cleaning the result, so that ".." is resolved
// by the kernel, through any linked directory, as it would be on open.
func resolve(path string) (target string, fi fs.FileInfo, err error) {
	target = path
	for i := 0; ; i++ {
		fi, err = os.Lstat(target)
		if errors.Is(err, fs.ErrNotExist) {
			return target, nil, nil
		}
		if err != nil {
			return "", nil, err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return target, fi, nil
		}
		if i == maxLinks {
			return "", nil, &fs.PathError{Op: "open", Path: path, Err: errors.New("too many levels of symbolic links")}
		}
		link, err := os.Readlink(target)
		if err != nil {
			return "", nil, err
		}
		target = joinLink(target, link)
	}
}

// joinLink returns where the link at path pointing to dest leads.
func joinLink(path, dest string) string {
	if filepath.IsAbs(dest) {
		return dest
	}
	if len(dest) > 0 && os.IsPathSeparator(dest[0]) { // Windows: \x is on path's volume
		return filepath.VolumeName(path) + dest
	}
	prefix, _ := split(path)
	return prefix + dest
}

// split splits path after its last separator: prefix is the directory
// with its trailing separator ("" for the current directory), kept as
// written so that prefix+name is in the same directory as path.
func split(path string) (prefix, base string) {
	v := len(filepath.VolumeName(path))
	i := len(path) - 1
	for i >= v && !os.IsPathSeparator(path[i]) {
		i--
	}
	if i < v {
		return path[:v], path[v:]
	}
	return path[:i+1], path[i+1:]
}

// dirOf returns the directory that a prefix from split names.
func dirOf(prefix string) string {
	if prefix == "" || prefix == filepath.VolumeName(prefix) {
		return prefix + "."
	}
	return prefix
}

// checkRegular refuses an existing target that is not a regular file (fi
// nil: it does not exist) and a path that can only name a directory.
func checkRegular(path, target string, fi fs.FileInfo) error {
	if fi == nil {
		if _, base := split(target); base == "" || base == "." || base == ".." {
			return &notRegularError{kind: "a directory name"}
		}
		return nil
	}
	if fi.Mode().IsRegular() {
		return nil
	}
	e := &notRegularError{kind: kind(fi.Mode())}
	if target != path {
		e.target = target
	}
	return e
}

// notRegularError says what an output is instead of a regular file.
type notRegularError struct {
	target string // the link's final target, "" if not a link
	kind   string
}

func (e *notRegularError) Error() string {
	if e.target != "" {
		return "leads to " + e.target + ", " + e.kind + ", not a regular file"
	}
	return e.kind + ", not a regular file"
}

func (e *notRegularError) Is(target error) bool { return target == ErrNotRegular }

// kind describes a file that is not regular.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file"
}

// syncDir makes a rename or link in dir durable. Not every platform can
// sync a directory, and the file's data is already safe, so a failure is
// not an error.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
