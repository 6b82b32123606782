//go:build !(linux || freebsd || netbsd || openbsd || dragonfly || darwin)

package speed

import "os"

// peakRSS returns 0, "not available": Windows keeps a process's memory
// counters only while a handle to it is open, and os/exec closes the child's
// handle when it is reaped, before its usage could be read. Other systems
// without ru_maxrss say nothing either. Reports print 0 as unknown.
func peakRSS(ps *os.ProcessState) int64 { return 0 }
