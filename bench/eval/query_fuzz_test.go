package eval

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzParseQuery: no panic; an error is one line; a query parsed is its
// words, none a sign or holding whitespace, and written back with its signs
// it parses to itself.
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{"king", "king - man + woman", "new york", "-lrb- - +", "- a\t+ b\n", "a + - b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := ParseQuery(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") && !strings.Contains(s, "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		var b strings.Builder
		for _, term := range q {
			if term.Word == "" || term.Word == "+" || term.Word == "-" || strings.ContainsAny(term.Word, " \t\n\r\v\f") {
				t.Fatalf("%q: word %q", s, term.Word)
			}
			if term.Neg {
				b.WriteString(" - ")
			} else {
				b.WriteString(" + ")
			}
			b.WriteString(term.Word)
		}
		again, err := ParseQuery(b.String())
		if err != nil || !reflect.DeepEqual(again, q) {
			t.Fatalf("%q parsed to %v; written back as %q it parses to %v, %v", s, q, b.String(), again, err)
		}
	})
}
