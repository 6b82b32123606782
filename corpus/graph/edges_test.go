package graph

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestReadSpacesTabsAndSkips(t *testing.T) {
	in := "# a comment\n\na b\nb\tc\n% konect comment\nc c\r\n  c   a  \n"
	e, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a", "b", "c"}; !reflect.DeepEqual(e.Nodes, want) {
		t.Errorf("nodes %q, want %q", e.Nodes, want)
	}
	if want := []int32{0, 1, 1, 2, 2, 0}; !reflect.DeepEqual(e.Pairs, want) {
		t.Errorf("pairs %v, want %v", e.Pairs, want)
	}
	if e.Weights != nil || e.SelfLoops != 1 || e.Comments != 3 {
		t.Errorf("weights %v, self-loops %d, comments %d; want nil, 1, 3", e.Weights, e.SelfLoops, e.Comments)
	}
	if got, want := e.Degrees(), []int64{2, 2, 2}; !reflect.DeepEqual(got, want) {
		t.Errorf("degrees %v, want %v", got, want)
	}
	if !strings.Contains(e.Summary(), "3 nodes, 3 edges") || !strings.Contains(e.Summary(), "1 self-loop") {
		t.Errorf("summary %q", e.Summary())
	}
}

func TestReadWeightsNoFinalNewline(t *testing.T) {
	e, err := Read(strings.NewReader("x y 0.5\ny z 2"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []float32{0.5, 2}; !reflect.DeepEqual(e.Weights, want) {
		t.Errorf("weights %v, want %v", e.Weights, want)
	}
	if e.Weight(1) != 2 || e.Len() != 2 {
		t.Errorf("weight(1) %v, len %d", e.Weight(1), e.Len())
	}
}

func TestReadBadInput(t *testing.T) {
	for in, want := range map[string]string{
		"":             "no edges",
		"# only\n\n":   "no edges",
		"a a\nb b\n":   "no edges (2 self-loop",
		"a b\nc\n":     "line 2: one field",
		"a b c d\n":    "line 1: 4 fields",
		"a b 1\nc d\n": "line 2: 2 fields, but earlier lines have 3",
		"a b\nc d 1\n": "line 2: 3 fields, but earlier lines have 2",
		"a b -1\n":     "weight \"-1\"",
		"a b 0\n":      "not a finite positive",
		"a b NaN\n":    "not a finite positive",
		"a b x\n":      "weight \"x\"",
		"a b 1e99\n":   "not a finite positive",
		"a b\n" + strings.Repeat("x", maxLine+10) + " y\n": "line 2: longer than",
		// Node names that are not valid UTF-8: Latin-1, a lone
		// continuation byte, a sequence cut short; on a self-loop too.
		"a b\ncaf\xe9 b\n":    `line 2: node name "caf\xe9" is not valid UTF-8 (is the file in another encoding, such as Latin-1?)`,
		"a b 1\n\na \x80 2\n": `line 3: node name "\x80" is not valid UTF-8`,
		"a \xe2\x82\n":        `line 1: node name "\xe2\x82" is not valid UTF-8`,
		"a b\n\xe9 \xe9\n":    `line 2: node name "\xe9" is not valid UTF-8`,
	} {
		_, err := Read(strings.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Read(%.20q) = %v, want error containing %q", in, err, want)
		}
	}
}

// TestReadUTF8Names: names that are valid UTF-8 beyond ASCII are read as
// they are, and a comment line is not checked.
func TestReadUTF8Names(t *testing.T) {
	e, err := Read(strings.NewReader("# caf\xe9\ncafé naïve\n日本 cafe\u0301\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"café", "naïve", "日本", "cafe\u0301"}; !reflect.DeepEqual(e.Nodes, want) {
		t.Errorf("nodes %q, want %q", e.Nodes, want)
	}
}

func TestReadFileCompressedAndEmpty(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte("a b\nb c\n"))
	zw.Close()
	gz := filepath.Join(dir, "g.gz")
	os.WriteFile(gz, buf.Bytes(), 0o644)
	e, err := ReadFile(gz)
	if err != nil || e.Len() != 2 {
		t.Fatalf("ReadFile gz: %v, %v", e, err)
	}
	empty := filepath.Join(dir, "empty")
	os.WriteFile(empty, nil, 0o644)
	if _, err := ReadFile(empty); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("empty file: %v", err)
	}
	self := filepath.Join(dir, "self")
	os.WriteFile(self, []byte("a a\n"), 0o644)
	if _, err := ReadFile(self); err == nil || !strings.Contains(err.Error(), self+": no edges") {
		t.Errorf("self-loops only: %v", err)
	}
}

// FuzzRead checks that Read never panics and that what it accepts is a
// well-formed edge list that survives a write and a read unchanged.
func FuzzRead(f *testing.F) {
	for _, s := range []string{"a b\n", "a\tb\t0.5\nb c 2\n", "# c\n\nx x\ny z", "a\n", "a b c d", "a b 1\nc d", "caf\xe9 b\n", "café b\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		e, err := Read(strings.NewReader(in))
		if err != nil {
			if e != nil {
				t.Fatal("edges with an error")
			}
			return
		}
		if e.Len() == 0 || len(e.Pairs)%2 != 0 {
			t.Fatalf("%d pair ids", len(e.Pairs))
		}
		if e.Weights != nil && len(e.Weights) != e.Len() {
			t.Fatalf("%d weights for %d edges", len(e.Weights), e.Len())
		}
		seen := map[string]bool{}
		for _, n := range e.Nodes {
			if n == "" || seen[n] || strings.ContainsAny(n, " \t\r\n\v\f\x00") || !utf8.ValidString(n) {
				t.Fatalf("bad node name %q", n)
			}
			seen[n] = true
		}
		for i := range e.Len() {
			u, v := e.Pairs[2*i], e.Pairs[2*i+1]
			if u < 0 || v < 0 || int(u) >= len(e.Nodes) || int(v) >= len(e.Nodes) || u == v {
				t.Fatalf("edge %d: %d -> %d of %d nodes", i, u, v, len(e.Nodes))
			}
			if w := e.Weight(i); !(w > 0) {
				t.Fatalf("edge %d: weight %v", i, w)
			}
		}
		var buf bytes.Buffer
		if err := Write(&buf, e); err != nil {
			t.Fatal(err)
		}
		back, err := Read(&buf)
		if err != nil {
			t.Fatalf("re-read: %v", err)
		}
		if !reflect.DeepEqual(back.Nodes, e.Nodes) || !reflect.DeepEqual(back.Pairs, e.Pairs) || !reflect.DeepEqual(back.Weights, e.Weights) {
			t.Fatalf("round trip changed the edges")
		}
	})
}
