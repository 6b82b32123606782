package eval

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ParseQueries parses the queries of a command line, before the (slow)
// read of the vectors, so that a typo fails at once. A lone "-" asks for
// the queries of standard input instead (stdin, none parsed); "-" among
// other queries is refused.
func ParseQueries(queries []string) (parsed [][]Term, stdin bool, err error) {
	if len(queries) == 1 && queries[0] == "-" {
		return nil, true, nil
	}
	parsed = make([][]Term, len(queries))
	for i, q := range queries {
		if q == "-" {
			return nil, false, errors.New("- (queries from standard input) stands alone, without other queries")
		}
		if parsed[i], err = ParseQuery(q); err != nil {
			return nil, false, err
		}
	}
	return parsed, false, nil
}

// AnswerAll writes the answers to the queries texts (parsed as
// ParseQueries parsed them), and returns the words of those that name a
// word it does not know, together, for one error after the answers it
// could give.
func (s *Searcher) AnswerAll(w io.Writer, texts []string, parsed [][]Term, n int) (unknown []string, err error) {
	for i, text := range texts {
		var ue *UnknownError
		if err := s.Answer(w, text, parsed[i], n); errors.As(err, &ue) {
			unknown = append(unknown, ue.Words...)
		} else if err != nil {
			return unknown, err
		}
	}
	return unknown, nil
}

// AnswerLines answers the queries of r, one a line, each flushed as it is
// answered. A query that cannot be answered says why in one line, in the
// answers' place, and the others go on; failed counts them.
func (s *Searcher) AnswerLines(w *bufio.Writer, r io.Reader, n int) (failed int, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		q, err := ParseQuery(text)
		if err == nil {
			err = s.Answer(w, text, q, n)
		}
		if err != nil {
			failed++
			fmt.Fprintf(w, "\n%s: line %d: %v\n", text, line, err)
		}
		if err := w.Flush(); err != nil {
			return failed, err
		}
	}
	if err := sc.Err(); err != nil {
		return failed, fmt.Errorf("reading the queries: %w", err)
	}
	return failed, nil
}
