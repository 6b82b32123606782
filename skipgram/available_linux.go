package skipgram

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// AvailableMemory returns MemAvailable from /proc/meminfo: the memory the
// kernel can give without swapping. It is here, beside Budget, because the
// memory policy is the trainer's; the command and the corpus loader ask it
// too.
func AvailableMemory() (int64, bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	return parseMemAvailable(bufio.NewScanner(f))
}

// parseMemAvailable reads the MemAvailable line of /proc/meminfo's lines.
func parseMemAvailable(sc *bufio.Scanner) (int64, bool) {
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemAvailable:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		return kb * 1024, err == nil
	}
	return 0, false
}
