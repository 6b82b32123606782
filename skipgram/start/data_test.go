package start

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/vocab"
)

func edges(t *testing.T, text string) *cgraph.Edges {
	t.Helper()
	e, err := cgraph.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestGraphRows(t *testing.T) {
	old := edges(t, "a b\nb c\n")
	v0, _, err := Graph{MinCount: 1}.Rows(old)
	if err != nil {
		t.Fatal(err)
	}
	from := &skipgram.Snapshot{Vocab: v0, Graph: true}
	next := edges(t, "a b\nc d\nd e\nd a\n")
	settings := skipgram.GraphSettings{Directed: true, Noise: skipgram.NoiseUniform}
	for _, tc := range []struct {
		name  string
		g     Graph
		words int
	}{
		{"new", Graph{MinCount: 1, Settings: settings}, 5},
		{"new, min-count 2", Graph{MinCount: 2, Settings: settings}, 2}, // a and d: degree 2 or more
		{"continued: the checkpoint's nodes", Graph{MinCount: 1, From: From{Checkpoint: from}, Settings: settings}, 3},
		{"continued, updated", Graph{MinCount: 1, From: From{Checkpoint: from, Update: true}, Settings: settings}, 5},
	} {
		v, g, err := tc.g.Rows(next)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if v.Len() != tc.words {
			t.Errorf("%s: %d rows, want %d", tc.name, v.Len(), tc.words)
		}
		if g.Settings() != settings {
			t.Errorf("%s: graph settings %+v, want %+v", tc.name, g.Settings(), settings)
		}
		if tc.g.From.Checkpoint != nil {
			for _, w := range v0.Words { // the checkpoint's nodes stay rows
				if _, ok := v.ID([]byte(w)); !ok {
					t.Errorf("%s: the checkpoint's node %q is no row", tc.name, w)
				}
			}
		}
		src := tc.g.Source(next, v, g, "e.tsv")
		if src.Corpus.Vocab != v.Len() || src.Graph == nil || !src.Graph.Directed || src.MinCount != tc.g.MinCount {
			t.Errorf("%s: source %+v", tc.name, src)
		}
	}
}

func TestTextLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.txt")
	if err := os.WriteFile(path, []byte("the cat the dog the end\nthe cat\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	l, err := Text{Sources: []string{path}, MinCount: 2}.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if l.Vocab.Len() != 2 { // the, cat
		t.Fatalf("new run: %d words %v", l.Vocab.Len(), l.Vocab.Words)
	}
	from := &skipgram.Snapshot{Vocab: l.Vocab, Data: &skipgram.DataSettings{MinCount: 2}}
	resumed := Text{Name: "c", Sources: []string{path}, MinCount: 9, From: From{Checkpoint: from, Resumed: true}}
	r, err := resumed.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.Vocab.Len() != 2 || resumed.Source(r).MinCount != 2 {
		t.Errorf("resumed: %d words, source min-count %d; want the checkpoint's 2 and 2", r.Vocab.Len(), resumed.Source(r).MinCount)
	}
	u, err := Text{Sources: []string{path}, MinCount: 1, From: From{Checkpoint: from, Update: true}}.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer u.Close()
	if u.Vocab.Len() != 4 || u.Vocab.Words[0] != l.Vocab.Words[0] || u.Vocab.Words[1] != l.Vocab.Words[1] {
		t.Errorf("updated: %v, want the checkpoint's words first, then dog and end", u.Vocab.Words)
	}
	if u.Tokens != vocab.CountWords(u.IDs) {
		t.Errorf("updated: %d tokens, the ids hold %d", u.Tokens, vocab.CountWords(u.IDs))
	}
	_, err = Text{Sources: []string{path}, ReadVocab: path, IDs: "disk"}.Load(ctx)
	if ok, _ := refusal(err); !ok {
		t.Errorf("-ids disk with -read-vocab: %v, want a refusal", err)
	}
}

func TestVectors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.vec")
	vec := &embedding.Vectors{Words: []string{"a", "b"}, Dim: 3, Stride: 3, Data: []float32{1, 2, 3, 4, 5, 6}}
	if err := embedding.WriteVectors(path, vec, false); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenVectors(path, true); !errors.As(err, new(*Refusal)) {
		t.Errorf("-update-vocab with vectors: %v, want a refusal", err)
	}
	v, err := OpenVectors(path, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		size   int
		given  bool
		refuse bool
	}{{3, true, false}, {100, false, false}, {4, true, true}} {
		if err := v.Size(tc.size, tc.given); (err != nil) != tc.refuse {
			t.Errorf("Size(%d, given %v) = %v", tc.size, tc.given, err)
		}
	}
	voc, err := vocab.New([]string{"b", "c"}, []int64{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := v.Of(voc)
	if err != nil || len(rows.Words) != 1 || rows.Words[0] != "b" {
		t.Errorf("Of: %v, %v; want b's row alone", rows, err)
	}
	if IsCheckpoint(path) {
		t.Error("a vectors file is taken for a checkpoint")
	}
	if !IsCheckpoint(filepath.Join(t.TempDir(), "missing")) {
		t.Error("a missing file is not left to the checkpoint's reader")
	}
}

func TestTextScratchAndStop(t *testing.T) {
	tmp := os.TempDir()
	for out, want := range map[string][]string{"": {tmp}, "-": {tmp}, filepath.Join("out", "v.bin"): {"out", tmp}} {
		if got := (Text{Output: out}).scratch(); !slices.Equal(got, want) {
			t.Errorf("Output %q: scratch %q, want %q", out, got, want)
		}
	}
	if ok, _ := refusal(fmt.Errorf("%w: %w", ErrMerge, errors.New("x"))); !ok {
		t.Error("a merge that fails is not a refusal")
	}
	path := filepath.Join(t.TempDir(), "c.txt")
	if err := os.WriteFile(path, []byte("the cat\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (Text{Sources: []string{path}}).Load(ctx); err == nil || !strings.Contains(err.Error(), "interrupted while reading") {
		t.Errorf("a stopped read: %v, want it said", err)
	}
}
