package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/wipsvec/wipsvec/corpus"
)

const cleanUsage = `usage: wipsvec corpus clean [-o OUT] [IN...]

Turns a MediaWiki XML dump (such as enwik9) into training text the way
Mahoney's wikifil.pl does: lowercase a-z words, digits spelled out, one
line. Each IN is a file, a directory (its files, recursively, in sorted
order), a quoted glob or a comma-separated list of these, as for train's
-train; the files are read one after the other, each plain, gzip or zstd
XML (detected by content), with a line break between two files. IN
defaults to standard input, read as plain XML. OUT defaults to standard
output.
`

// runCorpusClean runs "wipsvec corpus clean". Output to a file is written
// to a temporary file beside it and renamed into place only when complete,
// so that a failed or interrupted run never leaves a truncated corpus that
// a later training run would silently use.
func runCorpusClean(args []string, stdin io.Reader, stdout io.Writer) error {
	// Flag errors are returned, not printed: standard output may be the
	// cleaned text itself.
	fs := newFlagSet("corpus clean", io.Discard)
	out := fs.String("o", "-", "write the text to `OUT`; - for standard output")
	if err := parseFlags(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, cleanUsage)
		}
		return err
	}
	in := "-"
	src := stdin
	nfiles := 1
	if fs.NArg() > 0 {
		in = strings.Join(fs.Args(), ", ")
		var paths []string
		for _, arg := range fs.Args() {
			if arg == "-" {
				return usageError{errors.New("corpus clean: - (standard input) is the default input and cannot be combined with files")}
			}
			p, err := corpus.Expand(arg)
			if err != nil {
				return fmt.Errorf("corpus clean: %w", err)
			}
			paths = append(paths, p...)
		}
		for _, p := range paths {
			if *out != "-" && sameFile(p, *out) {
				return usageError{fmt.Errorf("corpus clean: input and output are the same file %s", p)}
			}
		}
		files, err := corpus.OpenFiles(paths)
		if err != nil {
			return fmt.Errorf("corpus clean: %w", err)
		}
		defer files.Close()
		src = files
		nfiles = len(paths)
		if len(paths) > 1 {
			in = fmt.Sprintf("%s (%d files)", in, len(paths))
		}
	}

	if *out == "-" {
		if _, err := corpus.Clean(stdout, src); err != nil {
			return fmt.Errorf("corpus clean %s: %w", in, err)
		}
		return nil
	}
	st, err := cleanToFile(*out, src)
	if err != nil {
		return fmt.Errorf("corpus clean %s: %w", in, err)
	}
	unit := "files"
	if nfiles == 1 {
		unit = "file"
	}
	fmt.Fprintf(stdout, "%s: %d words, %d bytes, from %d pages (%d redirects dropped); read %d bytes from %d %s\n",
		*out, st.Words, st.BytesOut, st.Pages, st.Redirects, st.BytesIn, nfiles, unit)
	return nil
}

// cleanToFile cleans src into path through a temporary file in the same
// directory, which is renamed over path only after it is complete and
// synced.
func cleanToFile(path string, src io.Reader) (st corpus.CleanStats, err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return st, err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if st, err = corpus.Clean(f, src); err != nil {
		return st, err
	}
	if err = f.Sync(); err != nil {
		return st, err
	}
	if err = f.Close(); err != nil {
		return st, err
	}
	// CreateTemp makes the file private; a corpus is not.
	if err = os.Chmod(f.Name(), 0o644); err != nil {
		return st, err
	}
	return st, os.Rename(f.Name(), path)
}

// sameFile reports whether paths a and b name the same existing file.
// Renaming the output over the input would destroy the dump.
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false
	}
	return os.SameFile(fa, fb)
}
