package atomicfile

import (
	"io/fs"
	"os"

	"golang.org/x/sys/windows"
)

// openScratch creates a named scratch file in the directory prefix that
// the system deletes when its last handle is closed, as happens when the
// process ends, however it ends. Until then no one else can open it or
// remove it.
func openScratch(prefix string) (f *os.File, err error) {
	_, err = withTempName(prefix, "scratch", func(p string) error {
		name, err := windows.UTF16PtrFromString(p)
		if err != nil {
			return &fs.PathError{Op: "open", Path: p, Err: err}
		}
		h, err := windows.CreateFile(name,
			windows.GENERIC_READ|windows.GENERIC_WRITE|windows.DELETE,
			windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE, nil, windows.CREATE_NEW,
			windows.FILE_ATTRIBUTE_TEMPORARY|windows.FILE_FLAG_DELETE_ON_CLOSE, 0)
		if err != nil {
			return &fs.PathError{Op: "open", Path: p, Err: err}
		}
		f = os.NewFile(uintptr(h), p)
		return nil
	})
	return f, err
}
