package start

import (
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram"
)

// The help's defaults name every model once, and end as the help's
// sentence does.
func TestDefaultsText(t *testing.T) {
	noise, replicas := SharedNoiseDefaults(), ReplicaDefaults()
	if !strings.HasSuffix(noise, "1 for the others") {
		t.Errorf("SharedNoiseDefaults() = %q", noise)
	}
	if !strings.HasSuffix(replicas, "; cbow, hs tree 64*2/n") {
		t.Errorf("ReplicaDefaults() = %q", replicas)
	}
	words := strings.FieldsFunc(replicas, func(r rune) bool { return r == ',' || r == ':' || r == ';' || r == ' ' })
	for _, k := range skipgram.Kinds() {
		n := 0
		for _, w := range words {
			if w == string(k) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("ReplicaDefaults() = %q names %s %d times", replicas, k, n)
		}
	}
}

func TestModelNames(t *testing.T) {
	names := strings.Split(ModelNames(), ", ")
	if len(names) != len(skipgram.Kinds()) || names[0] != string(skipgram.Kinds()[0]) {
		t.Errorf("ModelNames() = %q", ModelNames())
	}
}
