package atomicfile

import (
	"io/fs"
	"os"
	"strconv"
	"sync"

	"golang.org/x/sys/unix"
)

// haveProcFD reports whether /proc/self/fd is there to link an unnamed
// file by (without it, linkat needs a privilege to link a descriptor).
var haveProcFD = sync.OnceValue(func() bool {
	_, err := os.Stat("/proc/self/fd")
	return err == nil
})

// openUnnamed opens an unnamed file in dir (O_TMPFILE): no one can see
// it, and it vanishes with its last descriptor, whatever ends the
// process, unless linkUnnamed gives it a name. name is the *os.File's
// Name, for error messages. It returns errNoUnnamed where the file system
// (or an old kernel) has no unnamed files.
func openUnnamed(dir, name string) (*os.File, error) {
	if forceNamed || !haveProcFD() {
		return nil, errNoUnnamed
	}
	for {
		fd, err := unix.Open(dir, unix.O_RDWR|unix.O_TMPFILE|unix.O_CLOEXEC, 0o600)
		switch err {
		case nil:
			return os.NewFile(uintptr(fd), name), nil
		case unix.EINTR:
			continue
		case unix.EOPNOTSUPP, unix.EISDIR, unix.EINVAL:
			// EISDIR: a kernel before 3.11 takes O_TMPFILE for
			// O_DIRECTORY; EOPNOTSUPP, EINVAL: the file system's refusal.
			return nil, errNoUnnamed
		default:
			return nil, &fs.PathError{Op: "open", Path: dir, Err: err}
		}
	}
}

// linkUnnamed gives the unnamed file f the name path, which must not
// exist (an error wrapping fs.ErrExist says it does).
func linkUnnamed(f *os.File, path string) error {
	fd := "/proc/self/fd/" + strconv.Itoa(int(f.Fd()))
	if err := unix.Linkat(unix.AT_FDCWD, fd, unix.AT_FDCWD, path, unix.AT_SYMLINK_FOLLOW); err != nil {
		return &os.LinkError{Op: "link", Old: f.Name(), New: path, Err: err}
	}
	return nil
}
