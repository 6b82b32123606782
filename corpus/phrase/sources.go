package phrase

import (
	"fmt"

	"github.com/wipsvec/wipsvec/corpus/encoded"
)

// CheckSources refuses an encoded corpus among sources: its words are ids,
// and phrases are found in the text it was encoded from.
func CheckSources(sources []string) error {
	for _, src := range sources {
		if src != "-" && encoded.IsEncoded(src) {
			return fmt.Errorf("%s is an encoded corpus, whose words are ids: phrases reads the text it was encoded from", src)
		}
	}
	return nil
}
