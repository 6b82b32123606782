package atomicfile

import (
	"errors"
	"os"
)

// Scratch returns a new empty file in dir (the system's temporary
// directory if dir is ""), for data the process writes and reads back
// itself, such as an encoded corpus it maps: the file never becomes
// visible as output and is gone when the process ends, whatever ends it.
// Closing the file releases it; use it only by its descriptor, never by
// its name.
//
// On Linux it is an unnamed file (O_TMPFILE) that is never linked. Where
// that is refused, and on other Unix systems, it is a named temporary
// (.scratch.wipsvec-tmp-PID-RAND) that Scratch unlinks right after
// opening it: the descriptor stays usable, and a kill in the moment
// between leaves a name that the next Create or Scratch in dir removes.
// On Windows, where an open file cannot be unlinked, it is opened
// delete-on-close, so the system removes it when its last handle is
// closed, also when the process is killed.
//
// Scratch first removes stale temporaries in dir (see CleanStale).
func Scratch(dir string) (*os.File, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	prefix := dir
	if !os.IsPathSeparator(dir[len(dir)-1]) {
		prefix += string(os.PathSeparator)
	}
	CleanStale(dir)
	f, err := openUnnamed(dir, prefix+"(scratch)")
	if errors.Is(err, errNoUnnamed) {
		f, err = openScratch(prefix)
	}
	return f, err
}
