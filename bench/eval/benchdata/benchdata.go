// Package benchdata holds the four word-similarity benchmarks that ship with
// wipsvec (SimLex-999, YP-130, WordSim353's similarity and relatedness
// halves), so that eval and demo score vectors with nothing downloaded. The
// files are those of the public collection vecto-ai/word-benchmarks, as
// they are; README.md beside them gives each one's source, citation and
// licence.
package benchdata

import (
	"embed"
	"fmt"
	"io/fs"
)

//go:embed *.csv
var files embed.FS

// names are the benchmarks held, by the names eval looks them up under.
var names = []string{"simlex999", "yp-130", "wordsim353-sim", "wordsim353-rel"}

// Names returns the names of the benchmarks held, in eval's default order.
func Names() []string { return append([]string(nil), names...) }

// ReadFile returns the CSV text of the benchmark called name (such as
// "simlex999"), or an error that wraps fs.ErrNotExist when none is held.
func ReadFile(name string) ([]byte, error) {
	b, err := fs.ReadFile(files, name+".csv")
	if err != nil {
		return nil, fmt.Errorf("built-in benchmark %q: %w", name, fs.ErrNotExist)
	}
	return b, nil
}
