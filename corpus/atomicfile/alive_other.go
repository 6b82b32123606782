//go:build !unix && !windows

package atomicfile

// processGone cannot tell where there is no way to ask about a process:
// every temporary is kept.
func processGone(pid int) bool { return false }
