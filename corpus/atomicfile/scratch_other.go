//go:build !windows

package atomicfile

import "os"

// openScratch creates a named scratch file in the directory prefix and
// unlinks it at once: its data lives on with the descriptor.
func openScratch(prefix string) (*os.File, error) {
	f, err := createNamed(prefix, "scratch")
	if err != nil {
		return nil, err
	}
	lockOwner(f)
	if beforeUnlink != nil {
		beforeUnlink()
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
