package atomicfile

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// CheckOutputs is what a command that writes calls before it reads any
// input, so that a mistake in its arguments costs nothing: a user's input
// is never overwritten by an output, and a run does not fail after hours
// because an output cannot be written. It refuses, in this order:
//
//  1. an output that is the same file as an input (ErrSameFile), which
//     would destroy the input; sameness is by device and inode (after
//     following symbolic links), not by name, so hard links, links and
//     different relative paths are all caught;
//  2. two outputs that are the same file (ErrSameFile): the same existing
//     file, or for outputs that do not exist yet the same resolved path
//     (a dangling link's target; the absolute path, with the directory's
//     links resolved, otherwise);
//  3. an existing output that is not a regular file, such as a directory
//     or /dev/null (ErrNotRegular): it would be replaced by a file;
//  4. an output that cannot be created (ErrNotWritable), because its
//     directory is missing or not writable; this is tried by creating and
//     removing a temporary as Create does, which leaves nothing behind.
//
// The error is one line naming the files, such as "output c.txt is the
// same file as input c.txt"; errors.Is finds the kind above. "-"
// (standard input or output) and "" (no file) are skipped, as is an input
// that does not exist, which the command reports itself.
func CheckOutputs(inputs, outputs []string) error {
	type output struct {
		name, target, key string
		fi                fs.FileInfo // nil if it does not exist
	}
	var outs []output
	for _, name := range outputs {
		if name == "" || name == "-" {
			continue
		}
		target, fi, err := resolve(name)
		if err != nil {
			return &checkError{fmt.Sprintf("output %s is not writable: %v", name, err), []error{ErrNotWritable, err}}
		}
		outs = append(outs, output{name, target, canonical(target), fi})
	}
	for _, in := range inputs {
		if in == "" || in == "-" {
			continue
		}
		fi, err := os.Stat(in)
		if err != nil {
			continue
		}
		for _, o := range outs {
			if o.fi != nil && os.SameFile(fi, o.fi) {
				return &checkError{fmt.Sprintf("output %s is the same file as input %s", o.name, in), []error{ErrSameFile}}
			}
		}
	}
	for i, b := range outs {
		for _, a := range outs[:i] {
			if a.fi != nil && b.fi != nil && os.SameFile(a.fi, b.fi) || a.fi == nil && b.fi == nil && a.key == b.key {
				return &checkError{fmt.Sprintf("outputs %s and %s are the same file", a.name, b.name), []error{ErrSameFile}}
			}
		}
	}
	for _, o := range outs {
		if err := checkRegular(o.name, o.target, o.fi); err != nil {
			msg := fmt.Sprintf("output %s %v", o.name, err)
			if err.(*notRegularError).target == "" {
				msg = fmt.Sprintf("output %s is %v", o.name, err)
			}
			return &checkError{msg, []error{ErrNotRegular}}
		}
	}
	for _, o := range outs {
		f, err := Create(o.name)
		if err != nil {
			return &checkError{fmt.Sprintf("output %s is not writable: %v", o.name, err), []error{ErrNotWritable, err}}
		}
		f.Abort()
	}
	return nil
}

// canonical returns the absolute path of target (which has no link as its
// last element) with the links in its directory resolved, as far as the
// directory exists, so that two names of a file yet to be written compare
// equal.
func canonical(target string) string {
	prefix, base := split(target)
	dir, err := filepath.EvalSymlinks(dirOf(prefix))
	if err != nil {
		dir = dirOf(prefix)
	}
	p := filepath.Join(dir, base)
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

// checkError is CheckOutputs' one-line error.
type checkError struct {
	msg  string
	errs []error
}

func (e *checkError) Error() string   { return e.msg }
func (e *checkError) Unwrap() []error { return e.errs }
