package budget

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// Available returns MemAvailable from /proc/meminfo: the memory the
// kernel can give without swapping. The command and the corpus loader ask
// it too.
func Available() (int64, bool) {
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
