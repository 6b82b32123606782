package eval

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// writeFile writes content to name in a directory of its own, and returns
// its path.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	return writeFuzzInput(t, t.TempDir(), name, []byte(content))
}

func TestReadDataset(t *testing.T) {
	want := []Pair{{"old", "new", 0}, {"smart", "intelligent", 9.76923076923077}, {"jerusalem", "israel", 8.46}}
	for _, tc := range []struct{ name, content string }{
		{"pandas.csv", ",word1,word2,similarity\n0,old,new,0.0\n1,smart,intelligent,9.76923076923077\n2,Jerusalem,Israel,8.46\n3,,,\n"},
		{"crlf-bom.csv", "\ufeff,word1,word2,similarity\r\n0,old,new,0.0\r\n1,smart,intelligent,9.76923076923077\r\n2,Jerusalem,Israel,8.46\r\n"},
		{"reordered.csv", "similarity,word2,word1\n0,new,old\n9.76923076923077,intelligent,smart\n8.46,Israel,Jerusalem\n"},
		{"three.csv", "old,new,0\nsmart,intelligent,9.76923076923077\nJerusalem,Israel,8.46\n"},
		{"wordsim353.tsv", "# The WordSimilarity-353 Test Collection\n# comment\nold\tnew\t0.00\nsmart\tintelligent\t9.76923076923077\nJerusalem\tIsrael\t8.46\n"},
		{"spaces.txt", "old new 0\n\nsmart  intelligent 9.76923076923077\nJerusalem Israel 8.46"},
		{"header.tsv", "Word 1\tWord 2\tHuman (mean)\nold\tnew\t0\nsmart\tintelligent\t9.76923076923077\nJerusalem\tIsrael\t8.46\n"},
	} {
		d, err := ReadDataset(writeFile(t, tc.name, tc.content))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if wantName := strings.TrimSuffix(tc.name, filepath.Ext(tc.name)); d.Name != wantName {
			t.Errorf("%s: name %q, want %q", tc.name, d.Name, wantName)
		}
		if !reflect.DeepEqual(d.Pairs, want) {
			t.Errorf("%s: pairs %v, want %v", tc.name, d.Pairs, want)
		}
	}
}

func TestReadDatasetErrors(t *testing.T) {
	for _, tc := range []struct{ name, content, want string }{
		{"empty.csv", "", "no word pairs"},
		{"header-only.csv", ",word1,word2,similarity\n", "no word pairs"},
		{"score.csv", ",word1,word2,similarity\n0,a,b,1\n1,c,d,high\n", `line 3: score "high" is not a number`},
		{"nan.csv", ",word1,word2,similarity\n0,a,b,NaN\n", "line 2: score \"NaN\" is not finite"},
		{"columns.csv", ",word1,word2,similarity\n0,a,b,1\n1,c,2\n", "line 3: 3 columns, want 4"},
		{"empty-word.csv", ",word1,word2,similarity\n0,a,,1\n", "line 2: empty word"},
		{"quote.csv", ",word1,word2,similarity\n0,\"a,b,1\n", "line 2"},
		{"two.csv", "a,1\n", "2 columns and no header"},
		{"fields.tsv", "a\tb\t1\nc\td\n", "line 2: 2 fields"},
		{"score.tsv", "a\tb\t1\nc\td\tx\n", `line 2: score "x" is not a number`},
	} {
		path := writeFile(t, tc.name, tc.content)
		_, err := ReadDataset(path)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %v, want one naming the file and saying %q", tc.name, err, tc.want)
		}
	}
	if _, err := ReadDataset(filepath.Join(t.TempDir(), "missing.csv")); err == nil {
		t.Error("reading a missing dataset succeeded")
	}
}

func TestResolveDataset(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "toy.csv")
	if err := os.WriteFile(path, []byte("a,b,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := ResolveDataset(path); err != nil || got != path {
		t.Errorf("ResolveDataset(existing path) = %q, %v", got, err)
	}
	t.Setenv("WIPSVEC_EVAL", filepath.Join(dir, "nothing")+string(os.PathListSeparator)+dir)
	if got, err := ResolveDataset("toy"); err != nil || got != path {
		t.Errorf("ResolveDataset(toy) = %q, %v; want %q", got, err, path)
	}
	if _, err := ResolveDataset("no-such-benchmark"); err == nil || !strings.Contains(err.Error(), "WIPSVEC_EVAL") {
		t.Errorf("ResolveDataset(missing) error %v, want a hint at WIPSVEC_EVAL", err)
	}
	if _, err := ResolveDataset(filepath.Join(dir, "sub", "toy")); err == nil {
		t.Error("a missing path with a directory was looked up by name")
	}
	if _, err := ResolveDataset(""); err == nil {
		t.Error("empty name resolved")
	}
}

// TestFindDatasetBuiltIn checks that where no benchmark file is found the
// four that ship with wipsvec are read from their built-in copies, that a
// file found on disk is read instead, and that any other name is still an
// error naming where it was looked for.
func TestFindDatasetBuiltIn(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("WIPSVEC_EVAL", "")
	d, source, err := FindDataset("wordsim353-sim")
	if err != nil || source != BuiltIn || d.Name != "wordsim353-sim" || len(d.Pairs) != 203 {
		t.Fatalf("wordsim353-sim: source %q, err %v, want the built-in 203 pairs", source, err)
	}
	ds, missing, err := ReadDatasets(append(DefaultDatasets, "rg-65"))
	if err != nil || len(ds) != 4 || !slices.Equal(missing, []string{"rg-65"}) {
		t.Fatalf("ReadDatasets: %d read, missing %v, err %v; want the four built-in ones and rg-65 missing", len(ds), missing, err)
	}
	if _, _, err := FindDataset("rg-65"); err == nil || !strings.Contains(err.Error(), "WIPSVEC_EVAL") {
		t.Errorf("rg-65: %v, want an error saying where it was looked for", err)
	}
	os.MkdirAll(filepath.Join(dir, "data", "eval"), 0o755)
	os.WriteFile(filepath.Join(dir, "data", "eval", "yp-130.csv"), []byte(",word1,word2,similarity\n0,a,b,1\n"), 0o644)
	if d, source, err := FindDataset("yp-130"); err != nil || source != filepath.Join("data", "eval", "yp-130.csv") || len(d.Pairs) != 1 {
		t.Errorf("yp-130 with data/eval/yp-130.csv: source %q, err %v; want the file read", source, err)
	}
}
