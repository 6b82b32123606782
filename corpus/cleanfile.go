package corpus

import (
	"io"

	"github.com/wipsvec/wipsvec/corpus/atomicfile"
)

// CleanFile cleans src (Clean) into the file path through atomicfile, so
// that it appears only complete and synced: a failed or interrupted run
// never leaves a truncated corpus that a later training run would use.
func CleanFile(path string, src io.Reader) (CleanStats, error) {
	var st CleanStats
	err := atomicfile.WriteFile(path, func(w io.Writer) error {
		var err error
		st, err = Clean(w, src)
		return err
	})
	return st, err
}
