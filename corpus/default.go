package corpus

import (
	"os"
	"path/filepath"
)

// DefaultPlaces says where Default looks, for a flag's help.
const DefaultPlaces = "$WIPSVEC_CORPUS, data/text9, ../shared/data/enwiki17m.txt.zst"

// Default finds a real corpus where the scripts put one, then beside the
// checkout (DefaultPlaces), for the commands that time or test on one
// without being told which. It returns "" if there is none.
func Default() string {
	return FirstFile(os.Getenv("WIPSVEC_CORPUS"), filepath.Join("data", "text9"), filepath.Join("..", "shared", "data", "enwiki17m.txt.zst"))
}

// FirstFile returns the first of paths that is a file, skipping "", or ""
// if none is.
func FirstFile(paths ...string) string {
	for _, p := range paths {
		if fi, err := os.Stat(p); p != "" && err == nil && !fi.IsDir() {
			return p
		}
	}
	return ""
}
