package vocab

import (
	"strings"
)

// fakeSource is a TokenSource over pre-split events: a nil event is a
// sentence boundary. After the events it reports err, if set.
type fakeSource struct {
	events [][]byte
	i      int
	err    error
	tokens int64 // tokens delivered so far
}

// textSource splits text into tokens at spaces and tabs and puts a boundary
// at every '\n', including those of empty lines, so that tests can feed
// leading and repeated boundaries that Learn must collapse.
func textSource(text string) *fakeSource {
	var ev [][]byte
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			ev = append(ev, nil)
		}
		for _, f := range strings.Fields(line) {
			ev = append(ev, []byte(f))
		}
	}
	return &fakeSource{events: ev, i: -1}
}

func (s *fakeSource) Scan() bool {
	if s.i+1 >= len(s.events) {
		s.i = len(s.events)
		return false
	}
	s.i++
	if s.events[s.i] != nil {
		s.tokens++
	}
	return true
}

func (s *fakeSource) Boundary() bool { return s.events[s.i] == nil }
func (s *fakeSource) Token() []byte  { return s.events[s.i] }

func (s *fakeSource) Err() error {
	if s.i >= len(s.events) {
		return s.err
	}
	return nil
}
