package eval

import (
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// FuzzReadAnalogies reads arbitrary bytes as an analogy test (word2vec's
// questions-words.txt or the CSV form). Properties: no panic; an error is
// one line naming the file and the line, or saying there are no questions;
// and questions that read are written as CSV and read back unchanged, in
// the same sections.
func FuzzReadAnalogies(f *testing.F) {
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := writeFuzzInput(t, dir, "analogies.txt", data)
		qs, sections, err := readAnalogies(path)
		if err != nil {
			checkReadError(t, path, err)
			return
		}
		for _, q := range qs {
			if q.section < 0 || q.section >= len(sections) {
				t.Fatalf("question %q in section %d of %d", q.words, q.section, len(sections))
			}
			for _, w := range q.words {
				if w == "" || w != strings.ToLower(w) {
					t.Fatalf("question %q: words must be non-empty and lowercase", q.words)
				}
			}
		}
		records := [][]string{{"", "type", "word1", "word2", "word3", "target"}}
		for i, q := range qs {
			records = append(records, append([]string{strconv.Itoa(i), sections[q.section]}, q.words[:]...))
		}
		out := filepath.Join(dir, "analogies.csv")
		writeCSV(t, out, records)
		gotQs, gotSections, err := readAnalogies(out)
		if err != nil {
			t.Fatalf("questions written as CSV do not read back: %v", err)
		}
		if !reflect.DeepEqual(gotQs, qs) || !reflect.DeepEqual(gotSections, sections) {
			t.Fatalf("round trip changed the questions:\n%v %q\n%v %q", qs, sections, gotQs, gotSections)
		}
	})
}
