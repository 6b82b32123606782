package demo

import (
	"os"
	"path/filepath"

	"github.com/wipsvec/wipsvec/corpus"
)

// DefaultPlaces says where DefaultCorpus looks, for a flag's help.
const DefaultPlaces = "$WIPSVEC_CORPUS or data/text9"

// DefaultCorpus is the corpus the demo trains on when it is given none:
// $WIPSVEC_CORPUS, then data/text9 (where scripts/get-text9.sh puts it);
// "" for the built-in sample. The demo is for a user's checkout, so it
// looks in fewer places than corpus.Default.
func DefaultCorpus() string {
	return corpus.FirstFile(os.Getenv("WIPSVEC_CORPUS"), filepath.Join("data", "text9"))
}
