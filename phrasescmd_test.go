package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// phrasesText is a small text and word2phrase's output for it with
// -min-count 2 -threshold 2 (found equal byte for byte).
const (
	phrasesText = "new york is big\r\ni saw new york and new jersey\n\nnew york\vcity new york\tnew york\n" +
		"</s> _new new_york </s> new york\n  new york new york ends without a newline"
	phrasesJoined = " new_york is big\n i saw new_york and new jersey\n\n new york\vcity new_york new_york\n" +
		" </s> _new new_york </s> new_york\n new_york new_york ends without a"
)

func phrasesRun(t *testing.T, args ...string) string {
	t.Helper()
	_, stderr := mustRun(t, append([]string{"phrases", "-min-count", "2", "-threshold", "2", "-debug", "0"}, args...)...)
	return stderr
}

func TestPhrasesWritesWord2phrasesBytes(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.txt"), filepath.Join(dir, "out.txt")
	os.WriteFile(in, []byte(phrasesText), 0o644)
	phrasesRun(t, "-train", in, "-output", out)
	if got, _ := os.ReadFile(out); string(got) != phrasesJoined {
		t.Errorf("got\n%q\nwant\n%q", got, phrasesJoined)
	}
	// word2phrase's flags at their defaults, and -debug 1's summary.
	_, stderr, err := runCmd("phrases", "-train", in, "-output", filepath.Join(dir, "d.txt"), "-debug", "1")
	if err != nil || !strings.Contains(stderr, "words and pairs counted") || strings.Count(stderr, "\n") != 2 {
		t.Errorf("-debug 1: %v, stderr %q", err, stderr)
	}
}

// TestPhrasesReadsWhatTrainReads: several files, compressed or not, are
// one text with a line break between two files; standard input is read
// twice through a scratch file.
func TestPhrasesReadsWhatTrainReads(t *testing.T) {
	dir := t.TempDir()
	half := strings.Index(phrasesText, "\n\n")
	a, b := phrasesText[:half], phrasesText[half+1:]
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(a))
	zw.Close()
	os.WriteFile(filepath.Join(dir, "a.txt.gz"), gz.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "b.txt"), []byte(b), 0o644)
	whole := filepath.Join(dir, "whole.txt")
	os.WriteFile(whole, []byte(a+"\n"+b), 0o644)
	want := filepath.Join(dir, "want.out")
	phrasesRun(t, "-train", whole, "-output", want)
	wantBytes, _ := os.ReadFile(want)
	got := filepath.Join(dir, "got.out")
	phrasesRun(t, "-train", filepath.Join(dir, "a.txt.gz")+","+filepath.Join(dir, "b.txt"), "-output", got)
	if g, _ := os.ReadFile(got); !bytes.Equal(g, wantBytes) {
		t.Errorf("two files: got\n%q\nwant\n%q", g, wantBytes)
	}

	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		w.Write([]byte(a + "\n" + b))
		w.Close()
	}()
	stdin := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = stdin }()
	stdout, _ := mustRun(t, "phrases", "-train", "-", "-output", "-", "-min-count", "2", "-threshold", "2", "-debug", "0")
	if stdout != string(wantBytes) {
		t.Errorf("standard input: got\n%q\nwant\n%q", stdout, wantBytes)
	}
}

func TestPhrasesBadInput(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte(phrasesText), 0o644)
	binary := filepath.Join(dir, "binary.txt")
	os.WriteFile(binary, []byte("new york\x00 new york\n"), 0o644)
	wvc := filepath.Join(dir, "c.wvc")
	mustRun(t, "encode", "-train", good, "-output", wvc, "-min-count", "1", "-quiet")
	outDir := filepath.Join(dir, "out")
	os.Mkdir(outDir, 0o755)
	out := filepath.Join(outDir, "p.txt")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-train", filepath.Join(dir, "nope.txt"), "-output", out}, "no such file"},
		{[]string{"-train", binary, "-output", out}, "NUL"},
		{[]string{"-train", wvc, "-output", out}, "encoded corpus"},
		{[]string{"-train", good, "-output", good}, "good.txt"},
		{[]string{"-train", good}, "-output"},
		{[]string{"-output", out}, "-train"},
		{[]string{"-train", good, "-output", out, "-threshold", "NaN"}, "-threshold"},
		{[]string{"-train", good, "-output", out, "-min-count", "-1"}, "-min-count"},
		{[]string{"-train", good, "-output", filepath.Join(dir, "missing", "p.txt")}, "missing"},
	} {
		refuses(t, c.want, append([]string{"phrases", "-debug", "0"}, c.args...)...)
	}
	if left, _ := os.ReadDir(outDir); len(left) != 0 {
		t.Errorf("failed runs left %v", left)
	}
	if got, _ := os.ReadFile(good); string(got) != phrasesText {
		t.Error("the input was overwritten")
	}
}

// TestHelpLines: every flag of phrases and nearest, and train's -init and
// -alpha, is helped in one line of at most 200 characters.
func TestHelpLines(t *testing.T) {
	for cmd, only := range map[string][]string{"phrases": nil, "nearest": nil, "train": {"init", "alpha"}} {
		var flags []*flag.Flag
		std := stdio{in: strings.NewReader(""), out: io.Discard, err: io.Discard, defined: func(fs *flag.FlagSet) {
			fs.VisitAll(func(f *flag.Flag) {
				if only == nil || slices.Contains(only, f.Name) {
					flags = append(flags, f)
				}
			})
		}}
		run([]string{cmd, "-h"}, std)
		if len(flags) == 0 || only != nil && len(flags) != len(only) {
			t.Fatalf("%s: flags %v", cmd, flags)
		}
		for _, f := range flags {
			if strings.Contains(f.Usage, "\n") || len(f.Usage) > 200 {
				t.Errorf("%s -%s: help of %d characters, want one line of at most 200: %q", cmd, f.Name, len(f.Usage), f.Usage)
			}
		}
	}
}
