package eval

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// TestPrintWordVectors: fastText's format, a word's row when the
// vocabulary has it exactly, else its n-grams' mean, else zeros.
func TestPrintWordVectors(t *testing.T) {
	dir := t.TempDir()
	_, bin := writeModelFiles(t, dir)
	ft := mustLoadModel(t, bin)
	var out bytes.Buffer
	if err := ft.PrintWordVectors(&out, strings.NewReader("cat\n  Cat  xyzzy\n")); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	want := make([]float32, 2)
	for i, w := range []string{"cat", "Cat", "xyzzy"} {
		ft.Sub.Vector(want, w)
		line := w + " "
		for _, x := range want {
			line += strconv.FormatFloat(float64(x), 'g', 5, 64) + " "
		}
		if lines[i] != line {
			t.Errorf("line %d: %q, want %q", i, lines[i], line)
		}
	}
	if len(lines) != 4 || lines[3] != "" {
		t.Errorf("printed %q", out.String())
	}

	p := loadPlain(t, dir, ft.Vectors)
	out.Reset()
	if err := p.PrintWordVectors(&out, strings.NewReader("xyzzy")); err != nil || out.String() != "xyzzy 0 0 \n" {
		t.Errorf("an unknown word without subwords: %q, %v", out.String(), err)
	}
}

// TestPrompted: fastText's nn and analogies, the prompts, a "word score"
// line for each answer, and an unanswerable query said on errw.
func TestPrompted(t *testing.T) {
	v := &embedding.Vectors{Words: []string{"a", "b", "c", "d"}, Dim: 2, Data: []float32{1, 0, 0, 1, 1, 1, -1, 0}}
	s, err := NewSearcher(v, embedding.Form{Name: "ip"}.Similarity())
	if err != nil {
		t.Fatal(err)
	}
	s.MatchExactly()
	var out, errw bytes.Buffer
	failed, err := s.Prompted(&out, &errw, strings.NewReader("a\nA\nc"), "Q? ", 1, 2)
	if err != nil || failed != 1 {
		t.Fatalf("failed %d, %v", failed, err)
	}
	if want := "Q? c 1\nb 0\nQ? Q? a 1\nb 1\nQ? "; out.String() != want {
		t.Errorf("nn printed %q, want %q", out.String(), want)
	}
	if !strings.Contains(errw.String(), "not in the vocabulary: A") {
		t.Errorf("errw %q", errw.String())
	}
	out.Reset()
	if failed, err := s.Prompted(&out, &errw, strings.NewReader("a b c d"), "T? ", 3, 1); err != nil || failed != 0 {
		t.Fatalf("analogies: %d, %v", failed, err)
	}
	// a - b + c scores d at -1 - 0 + -1.
	if want := "T? d -2\nT? "; out.String() != want {
		t.Errorf("analogies printed %q, want %q", out.String(), want)
	}
}
