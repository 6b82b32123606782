package phrase

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"testing/iotest"
)

// FuzzJoin runs both passes on arbitrary text with a small table, so that
// pruning happens too. Properties: no panic; a NUL byte is refused, and
// nothing else is; the word reader agrees with the plain reading of
// word2phrase's rules, through reads of any size; the output is the
// text's words and newlines, each word after a space or a '_', a line's
// first word after a space (at a threshold that is not negative); and it
// does not depend on how the text arrives.
func FuzzJoin(f *testing.F) {
	f.Add([]byte(smallText), int64(2), 2.0)
	f.Add([]byte("x x x x x\n"), int64(1), 0.5)
	f.Add([]byte("y x y z z z z z z\n"), int64(3), 0.5)
	f.Add([]byte("a b a b\r\n\n\ta\vb a b"), int64(0), 0.0)
	f.Fuzz(func(t *testing.T, text []byte, minCount int64, threshold float64) {
		opt := DefaultOptions()
		opt.MinCount, opt.Threshold, opt.TableSize = minCount&7, threshold, 16
		if opt.Check() != nil || threshold < 0 {
			return
		}
		c, err := Count(context.Background(), iotest.HalfReader(bytes.NewReader(text)), opt)
		if bytes.IndexByte(text, 0) >= 0 {
			if !errors.Is(err, ErrBinary) {
				t.Fatalf("text with a NUL byte: %v, want ErrBinary", err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if _, err := c.Join(context.Background(), &out, bytes.NewReader(text)); err != nil {
			t.Fatal(err)
		}
		got := out.Bytes()
		lineStart := true
		for _, ev := range readWords(string(text)) {
			if ev == "\n" {
				if len(got) == 0 || got[0] != '\n' {
					t.Fatalf("output %q: want a newline", got)
				}
				got, lineStart = got[1:], true
				continue
			}
			if len(got) == 0 || got[0] != ' ' && (got[0] != '_' || lineStart) || !strings.HasPrefix(string(got[1:]), ev) {
				t.Fatalf("output %q: want the word %q after a space or, within a line, a '_'", got, ev)
			}
			got, lineStart = got[1+len(ev):], false
		}
		if len(got) > 0 {
			t.Fatalf("output ends with %q beyond the text's words", got)
		}
		// The same text, read a byte at a time, joins the same way.
		c2, err := Count(context.Background(), iotest.OneByteReader(bytes.NewReader(text)), opt)
		if err != nil {
			t.Fatal(err)
		}
		var again bytes.Buffer
		if _, err := c2.Join(context.Background(), &again, iotest.OneByteReader(bytes.NewReader(text))); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again.Bytes(), out.Bytes()) {
			t.Fatalf("read a byte at a time: %q, want %q", again.Bytes(), out.Bytes())
		}
	})
}
