package vocab

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// lineError is the shape of an error that names a line of the file.
var lineError = regexp.MustCompile(`^line ([0-9]+): `)

// FuzzRead reads arbitrary bytes as a -read-vocab file. Properties: no
// panic; an error names a line that exists (or one past the last, for a
// problem found at the end), or says the file is empty or its counts
// overflow; and a vocabulary that reads writes and reads back unchanged.
func FuzzRead(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Read(bytes.NewReader(data))
		if err != nil {
			msg := err.Error()
			if m := lineError.FindStringSubmatch(msg); m != nil {
				n, _ := strconv.Atoi(m[1])
				if lines := bytes.Count(data, []byte{'\n'}) + 1; n < 1 || n > lines {
					t.Fatalf("error names line %d of a %d-line file: %q", n, lines, msg)
				}
				return
			}
			if msg != "vocabulary file has no words" && msg != "vocab: total count overflows int64" {
				t.Fatalf("error names no line: %q", msg)
			}
			return
		}
		var b bytes.Buffer
		if err := v.Write(&b); err != nil {
			t.Fatal(err)
		}
		got, err := Read(&b)
		if err != nil {
			t.Fatalf("written vocabulary does not read back: %v\n%q", err, b.String())
		}
		if !slices.Equal(got.Words, v.Words) || !slices.Equal(got.Counts, v.Counts) || got.Total != v.Total {
			t.Fatalf("round trip changed the vocabulary: %q %v -> %q %v", v.Words, v.Counts, got.Words, got.Counts)
		}
		for i, w := range v.Words {
			if id, ok := got.ID([]byte(w)); !ok || int(id) != i {
				t.Fatalf("word %q has id %d, %v after the round trip, want %d", w, id, ok, i)
			}
		}
	})
}
