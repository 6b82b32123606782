package demo

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/bench/planted"
	"github.com/wipsvec/wipsvec/skipgram"
)

// cellEnds returns the columns at which the cells of a right-aligned table
// line end: each position where a run of non-blanks stops.
func cellEnds(line string) []int {
	var ends []int
	for i := range len(line) {
		if line[i] != ' ' && (i+1 == len(line) || line[i+1] == ' ') {
			ends = append(ends, i)
		}
	}
	return ends
}

// TestWriteTableAligned checks that the real-corpus table is one table:
// SG's two rows and the one-view models' rows, whose cells differ in width,
// all end their cells in the header's columns.
func TestWriteTableAligned(t *testing.T) {
	datasets := []string{"simlex999", "yp-130", "wordsim353-sim", "wordsim353-rel"}
	rows := []Row{
		{skipgram.SG, "cos", []float64{26.5, 30.1, 68.2, 55.0}, 123456},
		{skipgram.SG, "ip", []float64{20.0, 2.5, 60.75, 48.0}, 123456},
		{skipgram.IPS, "ip", []float64{-5.25, 100, 1, 0}, 98765},
		{skipgram.IPDS, "ipds(q=50)", []float64{12.5, -0.04, 33.3, 7}, 4321},
		{skipgram.WIPS, "wip", []float64{31.4, 41.2, 70.1, 57.9}, 87654},
	}
	var b bytes.Buffer
	if err := WriteTable(&b, datasets, rows); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	if len(lines) != 1+len(rows) {
		t.Fatalf("%d lines, want a header and %d rows:\n%s", len(lines), len(rows), b.String())
	}
	want := cellEnds(lines[0])
	if len(want) != 2+len(datasets)+1 {
		t.Fatalf("header %q has %d cells, want %d", lines[0], len(want), 2+len(datasets)+1)
	}
	for _, l := range lines[1:] {
		if got := cellEnds(l); !slices.Equal(got, want) {
			t.Errorf("row %q ends its cells at %v, the header at %v:\n%s", l, got, want, b.String())
		}
	}
	if !strings.Contains(lines[3], "ips") || !strings.Contains(lines[3], "-5.2") || !strings.HasSuffix(lines[3], "98765") {
		t.Errorf("ips row %q: want the model, its rho x100 to one decimal and its speed", lines[3])
	}
}

// TestFormatLambda checks how WIPS's learned weights are shown: signed, to
// two decimals, as a tuple, with the negative ones counted.
func TestFormatLambda(t *testing.T) {
	l := []float32{1, -0.5, 0.004, -2.125}
	if got, want := formatLambda(l), "(+1.00, -0.50, +0.00, -2.12)"; got != want {
		t.Errorf("formatLambda(%v) = %q, want %q", l, got, want)
	}
	if got := formatLambda(nil); got != "()" {
		t.Errorf("formatLambda(nil) = %q, want ()", got)
	}
	if got := countNegative(l); got != 2 {
		t.Errorf("countNegative(%v) = %d, want 2", l, got)
	}
}

// TestOutputsNeverOverwrite checks that a -dir holding one of the demo's
// files is refused with an ExistsError naming it, and that a fresh
// directory gets a vectors file per model.
func TestOutputsNeverOverwrite(t *testing.T) {
	dir := t.TempDir()
	kinds := []skipgram.Kind{skipgram.SG, skipgram.WIPS}
	got, files, err := outputs(dir, kinds, nil)
	if err != nil || got != dir || !slices.Equal(files, []string{filepath.Join(dir, "sg.bin"), filepath.Join(dir, "wips.bin")}) {
		t.Fatalf("outputs(%s) = %s, %q, %v", dir, got, files, err)
	}
	mine := filepath.Join(dir, "wips.bin.json")
	os.WriteFile(mine, []byte("mine"), 0o644)
	_, _, err = outputs(dir, kinds, nil)
	if !IsExists(err) || !strings.Contains(err.Error(), mine) || !strings.HasPrefix(err.Error(), "demo: ") {
		t.Errorf("outputs into a directory holding %s: %v, want an ExistsError naming it", mine, err)
	}
	if IsExists(fmt.Errorf("demo: other")) {
		t.Error("IsExists of another error")
	}
	tmp, _, err := outputs("", kinds, nil)
	if err != nil || !strings.Contains(filepath.Base(tmp), "wipsvec-demo-") {
		t.Errorf("outputs without a directory: %s, %v; want a new temporary one", tmp, err)
	}
	os.Remove(tmp)
}

// TestNext checks that the commands to go on with are spelled as the user
// ran the demo, name the vectors written, and offer Text9 only to a run on
// the sample.
func TestNext(t *testing.T) {
	models := []*eval.Model{{Path: "d/sg.bin"}, {Path: "d/wips.bin"}}
	var b strings.Builder
	next(&b, "go run .", "d", models, true)
	out := b.String()
	for _, want := range []string{"are in d.", "go run . eval -vectors d/sg.bin ", "go run . nearest -vectors d/wips.bin ", "get-text9.sh", "go run . demo -planted-only"} {
		if !strings.Contains(out, want) {
			t.Errorf("next lacks %q:\n%s", want, out)
		}
	}
	b.Reset()
	next(&b, "wipsvec", "d", models, false)
	if strings.Contains(b.String(), "get-text9.sh") || !strings.Contains(b.String(), "wipsvec eval") {
		t.Errorf("next on a corpus of one's own:\n%s", b.String())
	}
}

// TestCorpus runs the corpus part on a small topical corpus: a vectors
// file and sidecar per model, the table with a row per similarity, the
// neighbours (with words not in the vocabulary said so) and a line per
// model on the log.
func TestCorpus(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.txt")
	if err := os.WriteFile(path, []byte(planted.NewTopics(5, 10, 1, 1).Text(300, 8, 15)), 0o644); err != nil {
		t.Fatal(err)
	}
	opt := skipgram.DefaultOptions()
	opt.Dim, opt.Iter, opt.Threads = 8, 1, 1
	var out, log bytes.Buffer
	vecs := filepath.Join(dir, "vectors")
	err := Corpus(context.Background(), &out, Options{Corpus: path, Dir: vecs, Models: []skipgram.Kind{skipgram.SG, skipgram.WIPS}, Train: opt, Prog: "wipsvec", Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Corpus: " + path, "wordsim353-sim", "(not in the vocabulary)", "  wips (wip)\n", "wipsvec eval -vectors " + filepath.Join(vecs, "sg.bin")} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
	rows := map[string]bool{}
	for _, l := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(l); len(f) == 7 {
			rows[f[0]+" "+f[1]] = true
		}
	}
	for _, want := range []string{"sg cos", "sg ip", "wips wip"} {
		if !rows[want] {
			t.Errorf("the table has no row %q:\n%s", want, out.String())
		}
	}
	if !strings.Contains(log.String(), "training wips (2 of 2)") {
		t.Errorf("log %q: want a line per model", log.String())
	}
	for _, f := range []string{"sg.bin", "sg.bin.json", "wips.bin", "wips.bin.json"} {
		if _, err := os.Stat(filepath.Join(vecs, f)); err != nil {
			t.Errorf("no %s: %v", f, err)
		}
	}
}
