package start

import (
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram"
)

// The help's default ends as the help's sentence does.
func TestDefaultsText(t *testing.T) {
	if noise := SharedNoiseDefaults(); !strings.HasSuffix(noise, "1 for the others") {
		t.Errorf("SharedNoiseDefaults() = %q", noise)
	}
}

func TestModelNames(t *testing.T) {
	names := strings.Split(ModelNames(), ", ")
	if len(names) != len(skipgram.Kinds()) || names[0] != string(skipgram.Kinds()[0]) {
		t.Errorf("ModelNames() = %q", ModelNames())
	}
}
