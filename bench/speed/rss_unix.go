//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package speed

import (
	"os"
	"syscall"
)

// peakRSS returns a finished child's peak resident set in bytes, 0 if the
// system does not say.
func peakRSS(ps *os.ProcessState) int64 {
	if ps == nil {
		return 0
	}
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	return int64(ru.Maxrss) * maxrssUnit
}
