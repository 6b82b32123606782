package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// availableMemory returns MemAvailable from /proc/meminfo: the memory the
// kernel can give without swapping.
func availableMemory() (int64, bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
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
