package main

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestDemoWritesVectors runs the demo's main part on a small corpus: it
// writes a vectors file and its sidecar per model into -dir, prints the
// table, the neighbours and the next commands, and the files it names work
// with eval and nearest.
func TestDemoWritesVectors(t *testing.T) {
	_, text := corpusFile(t, 300)
	dir := filepath.Join(t.TempDir(), "demo")
	out, stderr := mustRun(t, "demo", "-train", text, "-dir", dir, "-models", "sg,wips", "-size", "8", "-iter", "1", "-threads", "1")
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
	if !oneLine(err, "exists") {
		t.Fatalf("demo into a directory holding %s: %v, want one line saying it exists", mine, err)
	}
	if ue := (usageError{}); !errors.As(err, &ue) {
		t.Errorf("demo into a directory holding %s: %v, want a usage error (exit 2)", mine, err)
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
	out, _ := mustRun(t, "demo", "-dir", t.TempDir())
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
