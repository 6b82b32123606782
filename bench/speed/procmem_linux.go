package speed

import (
	"bytes"
	"os"
	"strconv"
)

// readProcMemory reads RssAnon and RssFile (plus RssShmem, counted as
// file-backed) from /proc/PID/status.
func readProcMemory(pid int) (childMemory, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return childMemory{}, false
	}
	var m childMemory
	found := 0
	for line := range bytes.Lines(data) {
		var dst *int64
		switch {
		case bytes.HasPrefix(line, []byte("RssAnon:")):
			dst = &m.Anon
		case bytes.HasPrefix(line, []byte("RssFile:")), bytes.HasPrefix(line, []byte("RssShmem:")):
			dst = &m.File
		default:
			continue
		}
		f := bytes.Fields(line)
		if len(f) < 2 {
			continue
		}
		kb, err := strconv.ParseInt(string(f[1]), 10, 64)
		if err != nil {
			continue
		}
		*dst += kb * 1024
		found++
	}
	m.Known = found >= 2
	return m, m.Known
}
