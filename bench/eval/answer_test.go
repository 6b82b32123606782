package eval

import (
	"bufio"
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

func TestParseQueries(t *testing.T) {
	for _, tc := range []struct {
		queries []string
		n       int
		stdin   bool
		err     bool
	}{
		{[]string{"-"}, 0, true, false},
		{[]string{"a", "b - c + d"}, 2, false, false},
		{[]string{"a", "-"}, 0, false, true},
		{[]string{"a +"}, 0, false, true},
	} {
		parsed, stdin, err := ParseQueries(tc.queries)
		if len(parsed) != tc.n || stdin != tc.stdin || (err != nil) != tc.err {
			t.Errorf("ParseQueries(%q) = %d parsed, stdin %v, %v", tc.queries, len(parsed), stdin, err)
		}
	}
}

func TestAnswerAllAndLines(t *testing.T) {
	s, err := NewSearcher(queryTable(), embedding.Form{Name: "cos", Cosine: true}.Similarity())
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{"w3", "nope w8", "w8 also"}
	parsed, _, err := ParseQueries(texts)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	unknown, err := s.AnswerAll(&b, texts, parsed, 3)
	if err != nil || !slices.Equal(unknown, []string{"nope", "also"}) || !strings.Contains(b.String(), "\nw3:\n") {
		t.Errorf("AnswerAll: unknown %q, %v;\n%s", unknown, err, b.String())
	}
	b.Reset()
	w := bufio.NewWriter(&b)
	failed, err := s.AnswerLines(w, strings.NewReader("w3\n\n nope \nw8 +\nw8\n"), 2)
	if err != nil || failed != 2 {
		t.Fatalf("AnswerLines: %d failed, %v", failed, err)
	}
	out := b.String()
	for _, want := range []string{"\nw3:\n", "\nnope: line 3: ", "\nw8 +: line 4: ", "\nw8:\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("AnswerLines wrote no %q:\n%s", want, out)
		}
	}
}
