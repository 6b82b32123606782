//go:build !linux

package atomicfile

import "os"

// openUnnamed reports that this system has no unnamed files (Linux's
// O_TMPFILE): Create and Scratch use named temporaries instead.
func openUnnamed(dir, name string) (*os.File, error) { return nil, errNoUnnamed }

// linkUnnamed is never called where openUnnamed opens nothing.
func linkUnnamed(f *os.File, path string) error { return errNoUnnamed }
