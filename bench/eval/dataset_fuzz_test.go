package eval

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// readError is the shape of a reader's error about the content of a file:
// it names the line (csv.ParseError says "record on line N" or "parse error
// on line N"), or says that nothing usable was found.
var readError = regexp.MustCompile(`(^|[ :])line [0-9]+[:,]|: no (word pairs|questions)$`)

// writeFuzzInput writes data to name in dir, for a reader to read, and
// returns its path.
func writeFuzzInput(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkReadError fails the test unless err, from reading path, is one
// line naming the file and a line, or saying there is nothing usable.
func checkReadError(t *testing.T, path string, err error) {
	t.Helper()
	msg := err.Error()
	if !strings.Contains(msg, path) || strings.Contains(msg, "\n") || !readError.MatchString(msg) {
		t.Fatalf("error is not one line naming the file and a line: %q", msg)
	}
}

// writeCSV writes records to path as CSV.
func writeCSV(t *testing.T, path string, records [][]string) {
	t.Helper()
	fo, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := csv.NewWriter(fo)
	for _, r := range records {
		w.Write(r)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	if err := fo.Close(); err != nil {
		t.Fatal(err)
	}
}

// FuzzReadDataset reads arbitrary bytes as a word-similarity benchmark (CSV
// or tab/space separated). Properties: no panic; an error is one line
// naming the file and the line, or saying it has no pairs; and pairs that
// read are written as CSV and read back unchanged.
func FuzzReadDataset(f *testing.F) {
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := writeFuzzInput(t, dir, "bench.txt", data)
		d, err := ReadDataset(path)
		if err != nil {
			checkReadError(t, path, err)
			return
		}
		for _, p := range d.Pairs {
			if p.A == "" || p.B == "" || p.A != strings.ToLower(p.A) || p.B != strings.ToLower(p.B) {
				t.Fatalf("pair %q %q: words must be non-empty and lowercase", p.A, p.B)
			}
		}
		// Write the pairs the way pandas does (an index column, then the
		// named columns) and read them back.
		records := [][]string{{"", "word1", "word2", "similarity"}}
		for i, p := range d.Pairs {
			records = append(records, []string{strconv.Itoa(i), p.A, p.B, strconv.FormatFloat(p.Score, 'g', -1, 64)})
		}
		out := filepath.Join(dir, "bench.csv")
		writeCSV(t, out, records)
		got, err := ReadDataset(out)
		if err != nil {
			t.Fatalf("pairs written as CSV do not read back: %v", err)
		}
		if !reflect.DeepEqual(got.Pairs, d.Pairs) {
			t.Fatalf("round trip changed the pairs:\n%v\n%v", d.Pairs, got.Pairs)
		}
	})
}
