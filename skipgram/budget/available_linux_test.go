package budget

import (
	"bufio"
	"strings"
	"testing"
)

func TestParseMemAvailable(t *testing.T) {
	info := "MemTotal:       16310824 kB\nMemFree:          512000 kB\nMemAvailable:    8155412 kB\n"
	if n, ok := parseMemAvailable(bufio.NewScanner(strings.NewReader(info))); !ok || n != 8155412*1024 {
		t.Errorf("got %d, %v", n, ok)
	}
	if _, ok := parseMemAvailable(bufio.NewScanner(strings.NewReader("MemTotal: 1 kB\n"))); ok {
		t.Error("found MemAvailable where there is none")
	}
	if n, ok := Available(); !ok || n <= 0 {
		t.Errorf("this machine's available memory: %d, %v", n, ok)
	}
}
