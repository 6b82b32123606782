package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCheckOutputs runs in a directory holding c.txt (an input), h.txt
// (a hard link to it), l.txt (a symbolic link to it), sub/, real/ and d
// (a symbolic link to real), and dangling (a link to v.bin).
func TestCheckOutputs(t *testing.T) {
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		t.Chdir(dir)
		os.WriteFile("c.txt", []byte("corpus"), 0o644)
		os.WriteFile("other.txt", []byte("other"), 0o644)
		if err := os.Link("c.txt", "h.txt"); err != nil {
			t.Fatal(err)
		}
		os.Mkdir("sub", 0o755)
		os.Mkdir("real", 0o755)
		symlinkOrSkip(t, "c.txt", "l.txt")
		symlinkOrSkip(t, "real", "d")
		symlinkOrSkip(t, "v.bin", "dangling")
		abs := func(p string) string { return filepath.Join(dir, p) }
		in := []string{"c.txt"}
		for _, c := range []struct {
			inputs, outputs []string
			kind            error  // nil: accepted
			msg             string // the error, if kind is not nil
		}{
			{in, []string{"v.bin", "v.txt"}, nil, ""},
			{in, []string{"other.txt"}, nil, ""},
			{[]string{"-"}, []string{"-", "v.bin", ""}, nil, ""},
			{[]string{"missing.txt"}, []string{"v.bin"}, nil, ""},
			{in, []string{"d/v.bin", "v.bin"}, nil, ""},

			{in, []string{"c.txt"}, ErrSameFile, "output c.txt is the same file as input c.txt"},
			{in, []string{"v.bin", "h.txt"}, ErrSameFile, "output h.txt is the same file as input c.txt"},
			{in, []string{"l.txt"}, ErrSameFile, "output l.txt is the same file as input c.txt"},
			{in, []string{"sub/../c.txt"}, ErrSameFile, "output sub/../c.txt is the same file as input c.txt"},
			{[]string{"h.txt"}, []string{abs("c.txt")}, ErrSameFile, "output " + abs("c.txt") + " is the same file as input h.txt"},
			{[]string{"l.txt"}, []string{"h.txt"}, ErrSameFile, "output h.txt is the same file as input l.txt"},

			{in, []string{"v.bin", "v.bin"}, ErrSameFile, "outputs v.bin and v.bin are the same file"},
			{in, []string{"v.bin", "./v.bin"}, ErrSameFile, "outputs v.bin and ./v.bin are the same file"},
			{in, []string{abs("v.bin"), "sub/../v.bin"}, ErrSameFile, "outputs " + abs("v.bin") + " and sub/../v.bin are the same file"},
			{in, []string{"dangling", "v.bin"}, ErrSameFile, "outputs dangling and v.bin are the same file"},
			{in, []string{"d/v.bin", "real/v.bin"}, ErrSameFile, "outputs d/v.bin and real/v.bin are the same file"},
			{nil, []string{"other.txt", "v.bin", "./other.txt"}, ErrSameFile, "outputs other.txt and ./other.txt are the same file"},

			{in, []string{"v.bin", "sub"}, ErrNotRegular, "output sub is a directory, not a regular file"},
			{in, []string{"d"}, ErrNotRegular, "output d leads to real, a directory, not a regular file"},
			{in, []string{"v.bin", "no/v.txt"}, ErrNotWritable, "output no/v.txt is not writable: "},
		} {
			before := names(t, dir)
			for i := range c.inputs {
				c.inputs[i] = filepath.FromSlash(c.inputs[i])
			}
			for i := range c.outputs {
				c.outputs[i] = filepath.FromSlash(c.outputs[i])
			}
			err := CheckOutputs(c.inputs, c.outputs)
			switch {
			case c.kind == nil && err != nil:
				t.Errorf("CheckOutputs(%q, %q): %v", c.inputs, c.outputs, err)
			case c.kind != nil && (!errors.Is(err, c.kind) || !strings.HasPrefix(err.Error(), filepath.FromSlash(c.msg))):
				t.Errorf("CheckOutputs(%q, %q): %v, want %q (%v)", c.inputs, c.outputs, err, c.msg, c.kind)
			case err != nil && strings.Contains(err.Error(), "\n"):
				t.Errorf("error of more than a line: %q", err)
			}
			wantNames(t, dir, before...)
			wantNames(t, "sub")
			wantNames(t, "real")
		}
		wantContent(t, "c.txt", "corpus")
	})
}

func TestCheckOutputsMissingDirectory(t *testing.T) {
	p := filepath.Join(t.TempDir(), "no", "v.bin")
	err := CheckOutputs(nil, []string{p})
	if !errors.Is(err, ErrNotWritable) || !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), p) {
		t.Errorf("err = %v", err)
	}
}

func TestCheckOutputsReadOnlyDirectory(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("a read-only directory is writable here")
	}
	schemes(t, func(t *testing.T) {
		dir := t.TempDir()
		os.Chmod(dir, 0o555)
		defer os.Chmod(dir, 0o755)
		p := filepath.Join(dir, "v.bin")
		if err := CheckOutputs(nil, []string{p}); !errors.Is(err, ErrNotWritable) || !errors.Is(err, fs.ErrPermission) {
			t.Errorf("err = %v", err)
		}
	})
}

// TestCheckOutputsDevNull: the report, /dev/null as an output.
func TestCheckOutputsDevNull(t *testing.T) {
	if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
		t.Skip("no /dev/null")
	}
	err := CheckOutputs(nil, []string{"/dev/null"})
	if !errors.Is(err, ErrNotRegular) || err.Error() != "output /dev/null is a character device, not a regular file" {
		t.Errorf("err = %v", err)
	}
}
