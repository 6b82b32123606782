package encoded

import (
	"os"

	"golang.org/x/sys/unix"
)

// startWriteback asks the kernel to start writing n bytes of f at off to
// disk without waiting for them, so that the fsync that ends Write finds
// most of the file already written. It is advice: an error is ignored, and
// the fsync still reports any failure to write.
func startWriteback(f *os.File, off, n int64) {
	_ = unix.SyncFileRange(int(f.Fd()), off, n, unix.SYNC_FILE_RANGE_WRITE)
}
