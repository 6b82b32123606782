package fasttext

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// FuzzRead reads arbitrary bytes as a fastText model, as nearest and
// train -init read a file they are given. Properties: no panic and no
// allocation the data cannot back; an error is one line that wraps one of
// the package's errors; a model that reads writes the same bytes back.
func FuzzRead(f *testing.F) {
	good := encode(f, testModel([]string{"</s>", "naïve"}, 2, 3))
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add(put(good, 4, 11, 4))
	f.Add([]byte("2 2\na 1 2\nb 3 4\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, size := range []int64{int64(len(data)), -1} {
			m, err := read(bytes.NewReader(data), size)
			if err != nil {
				known := false
				for _, e := range []error{ErrNotFastText, ErrVersion, ErrQuantized, ErrTruncated, ErrCorrupt} {
					known = known || errors.Is(err, e)
				}
				if !known || strings.Contains(err.Error(), "\n") {
					t.Fatalf("error %q is not one line wrapping the package's errors", err)
				}
				continue
			}
			out := encode(t, m)
			if m.Version == Version && !bytes.Equal(out, data) {
				t.Fatalf("a model that reads writes back other bytes:\n%q\n%q", data, out)
			}
			again, err := read(bytes.NewReader(out), int64(len(out)))
			if err != nil {
				t.Fatalf("a written model does not read: %v", err)
			}
			again.Version = m.Version
			if !reflect.DeepEqual(again, m) {
				t.Fatalf("round trip changed the model:\n%+v\n%+v", m, again)
			}
		}
	})
}
