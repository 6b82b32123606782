package eval

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

func TestWriteTable(t *testing.T) {
	vec, _ := writeModelFiles(t, t.TempDir())
	m := mustLoadModel(t, vec)
	m.Sub = nil
	results := []Result{{Dataset: "a-long-dataset", Pairs: 3, Found: 2, Rho: map[string]float64{m.Sims[0].Name: 0.5, m.Sims[len(m.Sims)-1].Name: math.NaN()}}}
	var b bytes.Buffer
	if err := WriteTable(&b, m, results, nil); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 3 || lines[0] != m.Header() || !strings.HasPrefix(lines[1], "dataset          pairs   found") ||
		!strings.HasPrefix(lines[2], "a-long-dataset       3       2") || !strings.Contains(lines[2], "50.0") || !strings.HasSuffix(lines[2], "-") {
		t.Errorf("table:\n%s", b.String())
	}
}

func TestAnswer(t *testing.T) {
	s, err := NewSearcher(queryTable(), embedding.Form{Name: "cos", Cosine: true}.Similarity())
	if err != nil {
		t.Fatal(err)
	}
	q, err := ParseQuery("w3")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := s.Answer(&b, "w3", q, 2); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if len(lines) != 5 || lines[1] != "w3:" || !strings.HasPrefix(lines[2], "   1  w152  ") || !strings.HasPrefix(lines[3], "   2  w273  ") {
		t.Errorf("answer:\n%q", b.String())
	}
}
