package planted

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/bench/eval"
)

// TestTopics: every line of the text draws its words from one group, in
// the lengths asked; a pair is rated 9 exactly when its words share a
// group; a seed gives the same text and pairs again, and the benchmarks
// written read back as datasets of n pairs.
func TestTopics(t *testing.T) {
	topics := NewTopics(3, 4, 1, 2)
	text := topics.Text(200, 2, 5)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != 200 {
		t.Fatalf("%d lines, want 200", len(lines))
	}
	groups := map[string]bool{}
	for _, l := range lines {
		words := strings.Fields(l)
		if len(words) < 2 || len(words) > 5 {
			t.Fatalf("line %q: %d words, want 2 to 5", l, len(words))
		}
		for _, w := range words {
			if w[:2] != words[0][:2] {
				t.Fatalf("line %q mixes groups", l)
			}
			groups[w[:2]] = true
		}
	}
	if len(groups) != 3 {
		t.Errorf("groups used: %v, want 3", groups)
	}
	pairs := topics.Pairs(100)
	for _, p := range pairs {
		same := p.A[:2] == p.B[:2]
		if same != (p.Score == 9) || !same && p.Score != 1 {
			t.Errorf("pair %v rated %v", p, p.Score)
		}
	}
	again := NewTopics(3, 4, 1, 2)
	if again.Text(200, 2, 5) != text || again.Pairs(100)[99] != pairs[99] {
		t.Error("one seed gave two draws")
	}
	dir := t.TempDir()
	if err := again.Benchmarks(dir, 30); err != nil {
		t.Fatal(err)
	}
	for _, name := range eval.DefaultDatasets {
		d, err := eval.ReadDataset(filepath.Join(dir, name+".csv"))
		if err != nil || len(d.Pairs) != 30 {
			t.Fatalf("%s: %v, %+v", name, err, d)
		}
	}
}
