package atomicfile

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// TestCreateRefusesDevice: mknod mynull c 1 3 (Linux's numbers for
// /dev/null), the report; as root, /dev/null itself was replaced
// by a file.
func TestCreateRefusesDevice(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		p := filepath.Join(dir, "mynull")
		if err := unix.Mknod(p, unix.S_IFCHR|0o666, int(unix.Mkdev(1, 3))); err != nil {
			t.Skip("mknod not permitted:", err)
		}
		wantRefused(t, p, "character device", true)
		if fi, err := os.Lstat(p); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
			t.Errorf("device replaced: %v %v", fi, err)
		}
	})
}
