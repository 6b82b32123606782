package speed

import (
	"fmt"
	"strings"
)

// tailBuffer keeps the last 8 KiB written to it: enough of a failing
// child's output to say why, however much it printed.
type tailBuffer struct{ b []byte }

const tailBytes = 8 << 10

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > 2*tailBytes {
		t.b = append(t.b[:0], t.b[len(t.b)-tailBytes:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	if len(t.b) > tailBytes {
		return "..." + string(t.b[len(t.b)-tailBytes:])
	}
	return string(t.b)
}

// childError is one line for a child process that failed: its last line of
// output, which says why, or how it ended.
func childError(what string, err error, output string) error {
	lines := strings.Split(strings.TrimSpace(output), "\n")
	if last := strings.TrimSpace(lines[len(lines)-1]); last != "" {
		return fmt.Errorf("%s failed: %s", what, strings.TrimPrefix(last, "wipsvec: "))
	}
	return fmt.Errorf("%s failed: %w", what, err)
}
