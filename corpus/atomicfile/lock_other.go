//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package atomicfile

import "os"

// lockOwner does nothing where there is no flock. On Windows a file
// cannot be removed while its owner has it open, which protects it the
// same way.
func lockOwner(f *os.File) {}

// removeUnlocked removes the temporary at path.
func removeUnlocked(path string) (removed bool, err error) {
	if err := os.Remove(path); err != nil {
		return false, err
	}
	return true, nil
}
