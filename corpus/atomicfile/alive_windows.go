package atomicfile

import (
	"math"

	"golang.org/x/sys/windows"
)

// stillActive is the exit code GetExitCodeProcess gives a running process.
const stillActive = 259

// processGone reports whether no running process has the ID pid. Opening
// a process that does not exist fails with ERROR_INVALID_PARAMETER; one
// that exited may still be open somewhere, and then has an exit code.
// Any other answer (access denied, say) counts as alive.
func processGone(pid int) bool {
	if pid <= 0 || uint64(pid) > math.MaxUint32 {
		return false
	}
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return err == windows.ERROR_INVALID_PARAMETER
	}
	defer windows.CloseHandle(h)
	var code uint32
	if err := windows.GetExitCodeProcess(h, &code); err != nil {
		return false
	}
	return code != stillActive
}
