//go:build unix

package atomicfile

import "syscall"

// processGone reports whether no process has the ID pid: signal 0 checks
// for it without sending anything. EPERM (another user's process) and a
// zombie not yet reaped count as alive.
func processGone(pid int) bool {
	return pid > 0 && syscall.Kill(pid, 0) == syscall.ESRCH
}
