package corpus

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// partText is a text of random tokens, some longer than the test's block,
// with every separator.
func partText(r *rand.Rand, tokens int) string {
	var b strings.Builder
	seps := []string{" ", "  ", "\n", "\t", "\r\n", " \v", "\f"}
	for i := 0; i < tokens; i++ {
		n := 1 + r.IntN(12)
		if r.IntN(200) == 0 {
			n = 3000 // crosses several of the test's blocks
		}
		for j := 0; j < n; j++ {
			b.WriteByte(byte('a' + r.IntN(26)))
		}
		b.WriteString(seps[r.IntN(len(seps))])
	}
	return b.String()
}

// readParts reads each part of paths and returns their tokens.
func readParts(t *testing.T, paths []string, of int) [][]string {
	t.Helper()
	var parts [][]string
	for rank := 0; rank < of; rank++ {
		f, err := OpenPart(paths, Part{Rank: rank, Of: of})
		if err != nil {
			t.Fatalf("part %d of %d: %v", rank, of, err)
		}
		b, err := io.ReadAll(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, strings.Fields(string(b)))
	}
	return parts
}

// TestPartsCoverTheTextOnce reads a text in 1 to 7 parts, as one plain
// file (byte ranges), as one zstd file and as two files (blocks dealt), and
// as many files (whole files dealt): every token is read once, whole.
func TestPartsCoverTheTextOnce(t *testing.T) {
	defer func(b int64) { dealBlock = b }(dealBlock)
	dealBlock = 1000
	r := rand.New(rand.NewPCG(1, 2))
	dir := t.TempDir()
	text := partText(r, 20000)
	plain := filepath.Join(dir, "plain.txt")
	os.WriteFile(plain, []byte(text), 0o644)
	var z bytes.Buffer
	zw, _ := zstd.NewWriter(&z)
	zw.Write([]byte(text))
	zw.Close()
	zst := filepath.Join(dir, "text.zst")
	os.WriteFile(zst, z.Bytes(), 0o644)
	half := len(text) / 2
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	os.WriteFile(a, []byte(text[:half]), 0o644)
	os.WriteFile(b, []byte(text[half:]), 0o644)
	var many []string
	for i, piece := range strings.SplitAfter(text, "\n") {
		if i >= 40 {
			break
		}
		p := filepath.Join(dir, "many", string(rune('a'+i/26))+string(rune('a'+i%26)))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(piece), 0o644)
		many = append(many, p)
	}
	wantAll := strings.Fields(text)
	var manyText []string
	for _, p := range many {
		b, _ := os.ReadFile(p)
		manyText = append(manyText, strings.Fields(string(b))...)
	}
	cases := []struct {
		name    string
		paths   []string
		want    []string
		inOrder bool // the parts in rank order are the text
	}{
		{"one plain file", []string{plain}, wantAll, true},
		{"one zstd file", []string{zst}, wantAll, false},
		{"two files", []string{a, b}, strings.Fields(text[:half] + "\n" + text[half:]), false},
		{"many files", many, manyText, false},
	}
	for _, c := range cases {
		for of := 1; of <= 7; of++ {
			parts := readParts(t, c.paths, of)
			var got []string
			for _, p := range parts {
				got = append(got, p...)
			}
			if !c.inOrder {
				got, c.want = slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(c.want))
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%s in %d parts: %d tokens, want %d (or not the same)", c.name, of, len(got), len(c.want))
			}
			for rank, p := range parts {
				if len(p) == 0 && c.name != "many files" {
					t.Errorf("%s in %d parts: part %d is empty", c.name, of, rank)
				}
			}
		}
	}
}

func TestPartRefusals(t *testing.T) {
	dir := t.TempDir()
	tiny := filepath.Join(dir, "tiny.txt")
	os.WriteFile(tiny, []byte("one two\n"), 0o644)
	if _, err := OpenPart([]string{tiny}, Part{Rank: 3, Of: 4}); !errors.Is(err, ErrEmptyPart) {
		t.Errorf("a two-word text in 4 parts: %v, want ErrEmptyPart", err)
	}
	if _, err := OpenPart([]string{"-"}, Part{Rank: 0, Of: 2}); err == nil || !strings.Contains(err.Error(), "standard input") {
		t.Errorf("standard input in 2 parts: %v", err)
	}
}
