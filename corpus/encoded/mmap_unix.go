//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package encoded

import (
	"fmt"
	"math"
	"os"

	"golang.org/x/sys/unix"
)

// mapFile maps the file read-only. The ids then live in the page cache,
// counted as the process's file-backed memory, which the kernel can drop
// and re-read rather than swap: a corpus larger than memory trains at the
// speed of the disk instead of failing.
func mapFile(f *os.File, size int64) (data []byte, release func() error, mapped bool, err error) {
	if size > math.MaxInt {
		return nil, nil, false, fmt.Errorf("%d bytes: too large to map on this platform", size)
	}
	data, err = unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, nil, false, fmt.Errorf("mmap: %w", err)
	}
	// Ask for the whole file to be read ahead: Open checks it from start to
	// end, and training then walks it in a few sequential streams. Advice
	// is only advice; failing to give it changes nothing.
	_ = unix.Madvise(data, unix.MADV_WILLNEED)
	return data, func() error { return unix.Munmap(data) }, true, nil
}
