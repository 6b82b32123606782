package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// mustRun runs the command line in-process and fails the test, with its standard error, unless it succeeds.
func mustRun(t *testing.T, args ...string) (stdout, stderr string) {
	t.Helper()
	stdout, stderr, err := runCmd(args...)
	if err != nil {
		t.Fatalf("%q: %v\n%s", args, err, stderr)
	}
	return stdout, stderr
}

// oneLine reports whether err is an error of one line that contains each of wants.
func oneLine(err error, wants ...string) bool {
	if err == nil || strings.Contains(err.Error(), "\n") {
		return false
	}
	for _, w := range wants {
		if !strings.Contains(err.Error(), w) {
			return false
		}
	}
	return true
}

// refuses runs the command line in-process and fails the test unless it ends in one line of error containing want.
func refuses(t *testing.T, want string, args ...string) error {
	t.Helper()
	_, _, err := runCmd(args...)
	if !oneLine(err, want) {
		t.Errorf("%q: %v, want one line with %q", args, err, want)
	}
	return err
}

// sameFiles fails the test unless the file got holds the bytes of the file want, and want is not empty.
func sameFiles(t *testing.T, what, want, got string) {
	t.Helper()
	a, _ := os.ReadFile(want)
	b, _ := os.ReadFile(got)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("%s: %s (%d bytes) is not %s (%d bytes)", what, got, len(b), want, len(a))
	}
}

// checkSeeded trains the command line with -seed 5, 5 and 6 into dir/v0.ext, v1.ext and v2.ext, and fails the test unless one seed wrote the same bytes twice and the other seed other bytes.
func checkSeeded(t *testing.T, dir, ext string, args ...string) {
	t.Helper()
	var files [3][]byte
	for i, seed := range []string{"5", "5", "6"} {
		out := filepath.Join(dir, [3]string{"v0.", "v1.", "v2."}[i]+ext)
		mustRun(t, slices.Concat(args, []string{"-seed", seed, "-output", out})...)
		files[i], _ = os.ReadFile(out)
	}
	if len(files[0]) == 0 || !bytes.Equal(files[0], files[1]) {
		t.Fatal("two runs with -seed 5 wrote different vectors")
	}
	if bytes.Equal(files[0], files[2]) {
		t.Fatal("different seeds wrote the same vectors")
	}
}

// writeFile writes text to dir/name and returns the path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
