package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

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

// TestDemoTableAligned checks that the real-corpus table is one table: SG's
// two rows and the one-view models' rows, whose cells differ in width, all
// end their cells in the header's columns.
func TestDemoTableAligned(t *testing.T) {
	datasets := []string{"simlex999", "yp-130", "wordsim353-sim", "wordsim353-rel"}
	rows := []demoRow{
		{skipgram.SG, "cos", []float64{26.5, 30.1, 68.2, 55.0}, 123456},
		{skipgram.SG, "ip", []float64{20.0, 2.5, 60.75, 48.0}, 123456},
		{skipgram.IPS, "ip", []float64{-5.25, 100, 1, 0}, 98765},
		{skipgram.IPDS, "ipds(q=50)", []float64{12.5, -0.04, 33.3, 7}, 4321},
		{skipgram.WIPS, "wip", []float64{31.4, 41.2, 70.1, 57.9}, 87654},
	}
	var b bytes.Buffer
	if err := writeDemoTable(&b, datasets, rows); err != nil {
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

// TestDemoWritesVectors runs the demo's main part on a small corpus: it
// writes a vectors file and its sidecar per model into -dir, prints the
// table, the neighbours and the next commands, and the files it names work
// with eval and nearest.
func TestDemoWritesVectors(t *testing.T) {
	_, text := corpusFile(t, 300)
	dir := filepath.Join(t.TempDir(), "demo")
	out, stderr, err := runCmd("demo", "-train", text, "-dir", dir, "-models", "sg,wips", "-size", "8", "-iter", "1", "-threads", "1")
	if err != nil {
		t.Fatalf("demo: %v\n%s", err, stderr)
	}
	for _, want := range []string{"wordsim353-sim", "Nearest neighbours", "(not in the vocabulary)", "eval -vectors " + filepath.Join(dir, "sg.bin"), "nearest -vectors " + filepath.Join(dir, "wips.bin")} {
		if !strings.Contains(out, want) {
			t.Errorf("the demo's output has no %q:\n%s", want, out)
		}
	}
	if !strings.Contains(stderr, "training wips (2 of 2)") {
		t.Errorf("stderr %q: want a line per model", stderr)
	}
	for _, f := range []string{"sg.bin", "sg.bin.json", "wips.bin", "wips.bin.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("demo wrote no %s: %v", f, err)
		}
	}
	if out, stderr, err := runCmd("eval", "-vectors", filepath.Join(dir, "wips.bin")); err != nil || !strings.Contains(out, "model wips") {
		t.Errorf("eval on the demo's vectors: %v\n%s%s", err, out, stderr)
	}
	if out, stderr, err := runCmd("nearest", "-vectors", filepath.Join(dir, "sg.bin"), "-n", "3", "g1w1"); err != nil || !strings.Contains(out, "g1w") {
		t.Errorf("nearest on the demo's vectors: %v\n%s%s", err, out, stderr)
	}
}

// TestDemoNeverOverwrites checks that the demo refuses a -dir that already
// holds one of its files, before it trains, and leaves the file as it was.
func TestDemoNeverOverwrites(t *testing.T) {
	_, text := corpusFile(t, 50)
	dir := t.TempDir()
	mine := filepath.Join(dir, "wips.bin.json")
	os.WriteFile(mine, []byte("mine"), 0o644)
	_, _, err := runCmd("demo", "-train", text, "-dir", dir, "-size", "8", "-iter", "1")
	if err == nil || !strings.Contains(err.Error(), "exists") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("demo into a directory holding %s: %v, want one line saying it exists", mine, err)
	}
	if b, _ := os.ReadFile(mine); string(b) != "mine" {
		t.Errorf("%s is now %q", mine, b)
	}
	if _, err := os.Stat(filepath.Join(dir, "sg.bin")); err == nil {
		t.Error("the demo trained and wrote sg.bin although it refused the directory")
	}
	if _, _, err := runCmd("demo", "-models", "", "-dir", t.TempDir()); err == nil || !strings.Contains(err.Error(), "no model") {
		t.Errorf("demo -models '': %v, want a refusal", err)
	}
}

// TestDemoOnTheSample runs the demo as a newcomer does, on the built-in
// sample with its defaults, and checks the score the README promises: SG by
// cosine above 55 on WordSim353-Sim. A quality test (about half a minute on
// two free cores): scripts/quality.sh runs it.
func TestDemoOnTheSample(t *testing.T) {
	if testing.Short() {
		t.Skip("trains two models on the built-in sample")
	}
	t.Setenv("WIPSVEC_CORPUS", "")
	out, stderr, err := runCmd("demo", "-dir", t.TempDir())
	if err != nil {
		t.Fatalf("demo: %v\n%s", err, stderr)
	}
	t.Log(out)
	if !strings.Contains(out, "built-in sample") {
		t.Fatalf("the demo did not train on the built-in sample:\n%s", out)
	}
	col := -1
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) > 2 && f[0] == "model":
			col = slices.Index(f, "wordsim353-sim")
		case col > 0 && len(f) > col && f[0] == "sg" && f[1] == "cos":
			rho, err := strconv.ParseFloat(f[col], 64)
			if err != nil || rho <= 55 {
				t.Errorf("SG by cosine on WordSim353-Sim: %s, want above 55", f[col])
			}
			return
		}
	}
	t.Errorf("no SG cosine row in the demo's table:\n%s", out)
}
