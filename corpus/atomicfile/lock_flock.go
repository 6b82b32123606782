//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package atomicfile

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// lockOwner takes an exclusive flock on a named temporary for as long as
// its owner has it open. The kernel drops the lock when the process dies,
// whatever kills it, so CleanStale can tell a live owner from a dead one
// even where the owner's PID means nothing (another PID namespace). A
// failure only loses that protection.
func lockOwner(f *os.File) {
	unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
}

// removeUnlocked removes the temporary at path unless some process holds
// its lock. A file it cannot open is kept: it cannot tell.
func removeUnlocked(path string) (removed bool, err error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return false, nil
	}
	defer f.Close()
	// EWOULDBLOCK: its owner lives, out of sight. Another error means this
	// file system has no flock, for the owner either: the PID decides.
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err == unix.EWOULDBLOCK {
		return false, nil
	}
	if err := os.Remove(path); err != nil {
		return false, err
	}
	return true, nil
}
