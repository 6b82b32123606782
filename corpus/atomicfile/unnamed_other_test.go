//go:build !linux

package atomicfile

// unnamedWorks reports that there are no unnamed files off Linux.
func unnamedWorks(dir string) bool { return false }
