package corpus

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// events lists a Scanner's tokens, with "\n" for each sentence end.
func events(t *testing.T, r io.Reader) []string {
	t.Helper()
	sc := NewScanner(r)
	ev := scanEvents(sc, "\n")
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ev
}

// multiDir writes a directory of plain, gzip and zstd files, some without a
// final newline, and returns it with the files' texts in sorted path order.
func multiDir(t *testing.T) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	texts := map[string]string{
		"a.txt":          "one two\nthree", // no final '\n': "three" must not join "four"
		"b/c.gz":         "four five\n",
		"b/d/e.zst":      "six\n\nseven eight",
		"b/f":            "nine",
		"z.txt":          "ten eleven\n",
		".hidden":        "never read",
		"b/.git/x":       "never read",
		"b/d/.swp.txt":   "never read",
		"b/d/g.gz.notgz": "twelve", // plain text, whatever the name says
	}
	for name, text := range texts {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		data := []byte(text)
		switch filepath.Ext(name) {
		case ".gz":
			data = gzipped(t, text)
		case ".zst":
			data = zstded(t, text)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	order := []string{"a.txt", "b/c.gz", "b/d/e.zst", "b/d/g.gz.notgz", "b/f", "z.txt"}
	var want []string
	for _, n := range order {
		want = append(want, texts[n])
	}
	return dir, want
}

func TestExpandDirectorySorted(t *testing.T) {
	dir, _ := multiDir(t)
	got, err := Expand(dir)
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, p := range got {
		r, _ := filepath.Rel(dir, p)
		rel = append(rel, filepath.ToSlash(r))
	}
	want := []string{"a.txt", "b/c.gz", "b/d/e.zst", "b/d/g.gz.notgz", "b/f", "z.txt"}
	if !slices.Equal(rel, want) {
		t.Fatalf("Expand(dir) = %q, want %q", rel, want)
	}
}

// TestFilesEqualConcatenation checks that a directory, a comma list and a
// glob read exactly as the concatenated texts with a line break between
// files, and that the stats count files and bytes.
func TestFilesEqualConcatenation(t *testing.T) {
	dir, texts := multiDir(t)
	want := events(t, strings.NewReader(strings.Join(texts, "\n")))
	if !slices.Contains(want, "three") || want[slices.Index(want, "three")+1] != "\n" {
		t.Fatalf("reference lacks the file boundary after three: %q", want)
	}
	var bytes int64
	for _, s := range texts {
		bytes += int64(len(s))
	}
	args := map[string]string{
		"dir": dir,
		"list": strings.Join([]string{filepath.Join(dir, "a.txt"), filepath.Join(dir, "b"),
			filepath.Join(dir, "z.txt")}, ","),
		"glob": filepath.Join(dir, "[abz]*"),
	}
	for name, arg := range args {
		t.Run(name, func(t *testing.T) {
			f, err := OpenArg(arg)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if got := events(t, f); !slices.Equal(got, want) {
				t.Fatalf("events\n got %q\nwant %q", got, want)
			}
			st := f.Stats()
			if st.Files != 6 || st.Total != 6 || st.Bytes != bytes {
				t.Fatalf("stats %+v, want 6 of 6 files, %d bytes", st, bytes)
			}
		})
	}
}

func TestExpandErrors(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	os.Mkdir(empty, 0o755)
	for _, arg := range []string{
		filepath.Join(dir, "missing.txt"),
		filepath.Join(dir, "nothing*.txt"),
		empty,
		",",
		"-," + filepath.Join(dir, "x"),
	} {
		if files, err := Expand(arg); err == nil {
			t.Errorf("Expand(%q) = %q, want an error", arg, files)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("Expand(%q): error of several lines: %q", arg, err)
		}
	}
}

// TestFilesMissingLater checks that a file that disappears after Expand is
// reported by Read, naming it.
func TestFilesMissingLater(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.WriteFile(a, []byte("x y\n"), 0o644)
	f, err := OpenFiles([]string{a, b})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, err = io.ReadAll(f)
	if err == nil || !strings.Contains(err.Error(), b) {
		t.Fatalf("err = %v, want one naming %s", err, b)
	}
}
