package corpus

import (
	"errors"
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

// ErrStdinAmongFiles refuses "-" among the files of ExpandFiles.
var ErrStdinAmongFiles = errors.New("- (standard input) is the default input and cannot be combined with files")

// ExpandFiles expands each of args (Expand) into one list of files, in
// order; "-" cannot be one of them.
func ExpandFiles(args []string) ([]string, error) {
	var paths []string
	for _, arg := range args {
		if arg == "-" {
			return nil, ErrStdinAmongFiles
		}
		p, err := Expand(arg)
		if err != nil {
			return nil, err
		}
		paths = append(paths, p...)
	}
	return paths, nil
}
