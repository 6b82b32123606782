package benchdata

import (
	"bytes"
	"errors"
	"io/fs"
	"testing"
)

// TestBenchmarks checks that every benchmark named is held, with the
// header eval reads and its number of pairs, and that other names are not.
func TestBenchmarks(t *testing.T) {
	pairs := map[string]int{"simlex999": 999, "yp-130": 130, "wordsim353-sim": 203, "wordsim353-rel": 252}
	for _, name := range Names() {
		b, err := ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte(",word1,word2,similarity\n")) {
			t.Errorf("%s: header %q", name, b[:min(len(b), 30)])
		}
		rows := 0
		for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n"))[1:] {
			if !bytes.HasSuffix(line, []byte(",,,")) {
				rows++
			}
		}
		if rows != pairs[name] {
			t.Errorf("%s: %d pairs, want %d", name, rows, pairs[name])
		}
	}
	if len(Names()) != len(pairs) {
		t.Errorf("%d benchmarks, want %d", len(Names()), len(pairs))
	}
	if _, err := ReadFile("google-analogies"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("google-analogies: %v, want fs.ErrNotExist", err)
	}
}
