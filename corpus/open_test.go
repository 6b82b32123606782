package corpus

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

const openSample = "the quick brown fox\njumps over\r\nthe lazy dog\n"

func gzipped(t *testing.T, data string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := io.WriteString(w, data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func zstded(t *testing.T, data string) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := zstd.NewWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(w, data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func writeTempFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func readCorpus(t *testing.T, path string) (string, error) {
	t.Helper()
	rc, err := Open(path)
	if err != nil {
		return "", err
	}
	data, err := io.ReadAll(rc)
	if cerr := rc.Close(); cerr != nil {
		t.Errorf("Close: %v", cerr)
	}
	return string(data), err
}

// TestOpenFormats checks that the format is detected from the content,
// whatever the file name says.
func TestOpenFormats(t *testing.T) {
	big := strings.Repeat(openSample, 50000) // spans many decoder blocks
	tests := []struct {
		name string // file name, deliberately misleading
		data []byte
		want string
	}{
		{"plain.gz", []byte(openSample), openSample},
		{"plain.zst", []byte(openSample), openSample},
		{"gzip.txt", gzipped(t, openSample), openSample},
		{"gzip.zst", gzipped(t, big), big},
		{"zstd.gz", zstded(t, openSample), openSample},
		{"zstd", zstded(t, big), big},
		{"one byte", []byte("x"), "x"},
		{"gzip magic only", []byte{0x1f}, "\x1f"},
		{"two gzip members", append(gzipped(t, "first\n"), gzipped(t, "second\n")...), "first\nsecond\n"},
		{"two zstd frames", append(zstded(t, "first\n"), zstded(t, "second\n")...), "first\nsecond\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readCorpus(t, writeTempFile(t, tt.name, tt.data))
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("read %d bytes %.40q..., want %d bytes %.40q...", len(got), got, len(tt.want), tt.want)
			}
		})
	}
}

func TestOpenScan(t *testing.T) {
	path := writeTempFile(t, "corpus.txt", zstded(t, openSample))
	rc, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	got, err := scanAll(t, rc)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"the", "quick", "brown", "fox"}, {"jumps", "over"}, {"the", "lazy", "dog"}}
	if len(got) != len(want) || strings.Join(got[2], " ") != "the lazy dog" {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.txt")
	empty := writeTempFile(t, "empty.txt", nil)
	emptyGz := writeTempFile(t, "empty.gz", gzipped(t, ""))
	emptyZst := writeTempFile(t, "empty.zst", zstded(t, ""))
	badGzHeader := writeTempFile(t, "bad.gz", []byte{0x1f, 0x8b, 0x99, 0, 0, 0, 0, 0, 0, 0})
	badZst := writeTempFile(t, "bad.zst", append([]byte{0x28, 0xb5, 0x2f, 0xfd}, bytes.Repeat([]byte{0xff}, 64)...))
	gz := gzipped(t, openSample)
	badGzBody := writeTempFile(t, "badbody.gz", append(append(gz[:10:10], 0xff, 0xff, 0xff), gz[13:]...))

	tests := []struct {
		path string
		want string // exact message, or prefix ending in ": "
	}{
		{missing, "corpus " + missing + ": no such file"},
		{dir, "corpus " + dir + " is a directory, not a file"},
		{empty, "corpus " + empty + " is empty"},
		{emptyGz, "corpus " + emptyGz + " is empty (after decompression)"},
		{emptyZst, "corpus " + emptyZst + " is empty (after decompression)"},
		{badGzHeader, "corpus " + badGzHeader + ": gzip: "},
		{badZst, "corpus " + badZst + ": "},
		{badGzBody, "corpus " + badGzBody + ": "},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			rc, err := Open(tt.path)
			if err == nil {
				rc.Close()
				t.Fatal("Open succeeded")
			}
			msg := err.Error()
			if strings.HasSuffix(tt.want, ": ") {
				if !strings.HasPrefix(msg, tt.want) || len(msg) == len(tt.want) {
					t.Errorf("error %q, want %q followed by the cause", msg, tt.want)
				}
			} else if msg != tt.want {
				t.Errorf("error %q, want %q", msg, tt.want)
			}
			if strings.Contains(msg, "\n") {
				t.Errorf("error %q is not one line", msg)
			}
		})
	}
	if _, err := Open(missing); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open(missing) = %v, want errors.Is fs.ErrNotExist", err)
	}
}

// TestOpenTruncated checks that corruption found after Open returns
// succeeds is reported by Read, naming the file.
func TestOpenTruncated(t *testing.T) {
	big := strings.Repeat(openSample, 100000)
	for name, data := range map[string][]byte{
		"cut.gz":  gzipped(t, big),
		"cut.zst": zstded(t, big),
	} {
		t.Run(name, func(t *testing.T) {
			path := writeTempFile(t, name, data[:len(data)/2])
			got, err := readCorpus(t, path)
			if err == nil {
				t.Fatalf("read %d bytes without error", len(got))
			}
			if !strings.HasPrefix(err.Error(), "corpus "+path+": ") {
				t.Errorf("error %q does not name the file", err)
			}
			if len(got) >= len(big) {
				t.Errorf("read %d bytes of a truncated stream", len(got))
			}
		})
	}
}

func TestOpenBinary(t *testing.T) {
	path := writeTempFile(t, "utf16.txt.gz", gzipped(t, "h\x00i\x00\n\x00"))
	rc, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	s := NewScanner(rc)
	for s.Scan() {
		t.Errorf("unexpected event: token %q boundary %v", s.Token(), s.Boundary())
	}
	if !errors.Is(s.Err(), ErrBinary) || !strings.HasSuffix(s.Err().Error(), "at offset 1") {
		t.Errorf("Err() = %v, want ErrBinary at offset 1", s.Err())
	}
}

// pipeStdin makes the read end of a new pipe standard input until the test
// ends and returns both ends.
func pipeStdin(t *testing.T) (pr, pw *os.File) {
	t.Helper()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdin := os.Stdin
	os.Stdin = pr
	t.Cleanup(func() {
		os.Stdin = stdin
		pr.Close()
	})
	return pr, pw
}

// TestOpenStdin feeds compressed data through a pipe as standard input.
func TestOpenStdin(t *testing.T) {
	pr, pw := pipeStdin(t)

	data := gzipped(t, openSample)
	go func() {
		pw.Write(data)
		pw.Close()
	}()
	got, err := readCorpus(t, "-")
	if err != nil {
		t.Fatal(err)
	}
	if got != openSample {
		t.Errorf("read %q, want %q", got, openSample)
	}
	// Close must leave standard input open.
	if _, err := pr.Read(make([]byte, 1)); err != io.EOF {
		t.Errorf("read after Close: %v, want io.EOF (stdin still open)", err)
	}
}

func TestOpenStdinEmpty(t *testing.T) {
	_, pw := pipeStdin(t)
	pw.Close()

	_, err := Open("-")
	if err == nil || err.Error() != "corpus - (standard input) is empty" {
		t.Errorf("Open(-) = %v, want empty error", err)
	}
}
