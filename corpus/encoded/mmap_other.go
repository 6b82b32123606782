//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package encoded

import (
	"fmt"
	"io"
	"math"
	"os"
	"unsafe"
)

// mapFile reads the file into memory where this package does not map files
// (Windows, Plan 9, WebAssembly, ...). The buffer is allocated as int32s so
// that the ids in it are aligned.
func mapFile(f *os.File, size int64) (data []byte, release func() error, mapped bool, err error) {
	if size > math.MaxInt-3 {
		return nil, nil, false, fmt.Errorf("%d bytes: too large to read on this platform", size)
	}
	words := make([]int32, (size+3)/4)
	data = unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), len(words)*4)[:size]
	if _, err := f.ReadAt(data, 0); err != nil && err != io.EOF {
		return nil, nil, false, err
	}
	return data, func() error { return nil }, false, nil
}
