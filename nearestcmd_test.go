package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// nearestVectors writes a plain word2vec file (no sidecar) of six words in
// two dimensions.
func nearestVectors(t *testing.T) string {
	t.Helper()
	v := &embedding.Vectors{Words: []string{"king", "man", "woman", "queen", "apple", "pear"}, Dim: 2,
		Data: []float32{1, 1, 1, 0, 0, 1, 0.1, 2, -1, -0.2, -1, -0.3}}
	path := filepath.Join(t.TempDir(), "v.bin")
	if err := embedding.WriteVectors(path, v, true); err != nil {
		t.Fatal(err)
	}
	return path
}

// answers returns the words of each query's answer, in order.
func answers(out string) map[string][]string {
	got := map[string][]string{}
	var q string
	for _, line := range strings.Split(out, "\n") {
		switch f := strings.Fields(line); {
		case strings.HasSuffix(line, ":") && !strings.HasPrefix(line, " "):
			q = strings.TrimSuffix(line, ":")
		case len(f) == 3 && strings.HasPrefix(line, " "):
			got[q] = append(got[q], f[1])
		}
	}
	return got
}

func TestNearestExpressions(t *testing.T) {
	vec := nearestVectors(t)
	stdout, _ := mustRun(t, "nearest", "-vectors", vec, "-n", "2", "king - man + woman", "apple pear", "man")
	got := answers(stdout)
	// king - man + woman: (1,1)/√2 - (1,0) + (0,1) points at (-0.29, 1.71): queen.
	for q, want := range map[string]string{"king - man + woman": "queen", "apple pear": "woman", "man": "king"} {
		if len(got[q]) != 2 || got[q][0] != want {
			t.Errorf("%s: %v, want %s first", q, got[q], want)
		}
	}
	for _, w := range got["king - man + woman"] {
		if w == "king" || w == "man" || w == "woman" {
			t.Errorf("the query's word %s answered it", w)
		}
	}
}

// TestNearestReadsQueriesFromStdin: with -, the queries come one a line;
// one with an unknown word gets one line naming it, the others answer,
// and the exit status says some did not.
func TestNearestReadsQueriesFromStdin(t *testing.T) {
	vec := nearestVectors(t)
	var out, errb bytes.Buffer
	in := strings.NewReader("king - man + woman\n\nkingz - man\napple pear\n- +\n")
	err := run([]string{"nearest", "-vectors", vec, "-n", "2", "-"}, stdio{in: in, out: &out, err: &errb})
	if !oneLine(err, "2 queries") {
		t.Errorf("error %v, want one line counting 2 queries not answered", err)
	}
	got := answers(out.String())
	if got["king - man + woman"][0] != "queen" || got["apple pear"][0] != "woman" {
		t.Errorf("answers %v", got)
	}
	lines := strings.Split(out.String(), "\n")
	var unknown []string
	for _, l := range lines {
		if strings.Contains(l, "kingz") || strings.Contains(l, "- +") {
			unknown = append(unknown, l)
		}
	}
	if len(unknown) != 2 || !strings.Contains(unknown[0], "not in the vocabulary: kingz") || !strings.Contains(unknown[1], "line 5") {
		t.Errorf("lines about the failed queries: %q", unknown)
	}
}

func TestNearestBadQueries(t *testing.T) {
	vec := nearestVectors(t)
	for _, args := range [][]string{
		{"king -"},
		{"-", "king"},
		{},
	} {
		refuses(t, "", append([]string{"nearest", "-vectors", vec}, args...)...)
	}
	stdout, _, err := runCmd("nearest", "-vectors", vec, "king", "zzz", "yyy")
	if err == nil || !strings.Contains(err.Error(), "zzz, yyy") || len(answers(stdout)["king"]) == 0 {
		t.Errorf("unknown words: %v, stdout %q: want king answered and one line naming zzz, yyy", err, stdout)
	}
	if _, err := os.Stat(vec); err != nil {
		t.Fatal(err)
	}
}
