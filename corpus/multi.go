package corpus

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Expand turns a corpus argument into the list of files it names, in the
// order they are read. Real corpora come as many files (WikiExtractor writes
// thousands, crawls come in shards), so one argument may name several:
//
//   - "-" is standard input, alone;
//   - a path that exists is taken as it is, even if it contains a comma or
//     a glob character; a directory stands for its regular files, found
//     recursively and read in sorted order of their paths, skipping names
//     that start with a dot;
//   - otherwise the argument is a comma-separated list, each element a
//     file, a directory or a glob pattern (quoted, so that the shell
//     leaves it to wipsvec; see filepath.Match), whose matches are read in
//     sorted order.
//
// Expand fails with a one-line error if an element names nothing, or the
// whole argument expands to no file.
func Expand(arg string) ([]string, error) {
	if arg == "-" {
		return []string{"-"}, nil
	}
	if _, err := os.Stat(arg); err == nil {
		return expandOne(arg)
	}
	var files []string
	for _, el := range strings.Split(arg, ",") {
		if el == "" {
			continue
		}
		if el == "-" {
			return nil, errors.New("corpus: - (standard input) cannot be combined with files")
		}
		var (
			fs  []string
			err error
		)
		if _, serr := os.Stat(el); serr != nil && hasMeta(el) {
			fs, err = expandGlob(el)
		} else {
			fs, err = expandOne(el)
		}
		if err != nil {
			return nil, err
		}
		files = append(files, fs...)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("corpus %q names no file", arg)
	}
	return files, nil
}

func hasMeta(p string) bool { return strings.ContainsAny(p, `*?[`) }

// expandGlob returns the files matched by pattern, directories expanded.
func expandGlob(pattern string) ([]string, error) {
	matches, err := filepath.Glob(pattern)
	if err != nil {
		return nil, fmt.Errorf("corpus %s: bad pattern: %w", pattern, err)
	}
	if len(matches) == 0 {
		return nil, fmt.Errorf("corpus %s: no file matches", pattern)
	}
	var files []string
	for _, m := range matches { // Glob sorts its matches
		fs, err := expandOne(m)
		if err != nil {
			return nil, err
		}
		files = append(files, fs...)
	}
	return files, nil
}

// expandOne returns path itself, or a directory's files.
func expandOne(path string) ([]string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, openError(path, err)
	}
	if !fi.IsDir() {
		return []string{path}, nil
	}
	var files []string
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != path && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			files = append(files, p)
		} else if !d.IsDir() && d.Type()&fs.ModeSymlink != 0 {
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				files = append(files, p)
			}
		}
		return nil
	})
	if err != nil {
		return nil, openError(path, err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("corpus %s: directory holds no file", path)
	}
	// WalkDir visits in lexical order within each directory; sort the
	// full paths so that the order is that of the paths themselves.
	sort.Strings(files)
	return files, nil
}

// Files reads several corpus files as one text. Each file is opened (and
// its compression detected) only when the one before it is done, so
// thousands of files hold one file descriptor at a time. A file boundary
// ends a sentence: Files puts a '\n' between two files, so that the last
// line of one file is never joined to the first of the next.
type Files struct {
	paths  []string
	next   int           // index of the next file to open
	cur    io.ReadCloser // the file being read, nil between files
	sep    bool          // a '\n' is due before the next file's text
	opened int
	bytes  int64

	// A part of the text (OpenPart): the byte range of its one plain
	// file, or the dealer of its blocks.
	section *[2]int64
	deal    *dealer
}

// OpenFiles returns a reader of the files in order. The first file is
// opened at once, so that a missing or empty one fails here.
func OpenFiles(paths []string) (*Files, error) {
	if len(paths) == 0 {
		return nil, errors.New("corpus: no file to read")
	}
	f := &Files{paths: paths}
	if err := f.open(); err != nil {
		return nil, err
	}
	return f, nil
}

// OpenArg expands a corpus argument (see Expand) and opens its files.
func OpenArg(arg string) (*Files, error) {
	paths, err := Expand(arg)
	if err != nil {
		return nil, err
	}
	return OpenFiles(paths)
}

func (f *Files) open() error {
	var rc io.ReadCloser
	var err error
	if f.section != nil {
		rc, err = openSection(f.paths[f.next], f.section[0], f.section[1])
	} else {
		rc, err = Open(f.paths[f.next])
	}
	if err != nil {
		return err
	}
	f.cur = rc
	f.next++
	f.opened++
	return nil
}

// Read reads decompressed text, moving to the next file at the end of one.
func (f *Files) Read(p []byte) (int, error) {
	if f.deal == nil {
		return f.read(p)
	}
	for {
		n, err := f.read(p)
		if n = f.deal.keep(p[:n]); n > 0 || err != nil {
			return n, err
		}
	}
}

// read is Read of the whole text.
func (f *Files) read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		if f.sep {
			p[0] = '\n'
			f.sep = false
			return 1, nil
		}
		if f.cur == nil {
			if f.next == len(f.paths) {
				return 0, io.EOF
			}
			if err := f.open(); err != nil {
				return 0, err
			}
		}
		n, err := f.cur.Read(p)
		f.bytes += int64(n)
		if err == io.EOF {
			cerr := f.cur.Close()
			f.cur = nil
			if cerr != nil {
				return n, cerr
			}
			f.sep = f.next < len(f.paths)
			if n > 0 {
				return n, nil
			}
			continue
		}
		return n, err
	}
}

// Close closes the file being read.
func (f *Files) Close() error {
	if f.cur == nil {
		return nil
	}
	err := f.cur.Close()
	f.cur = nil
	return err
}

// Stats says what has been read so far.
func (f *Files) Stats() ReadStats {
	return ReadStats{Files: f.opened, Bytes: f.bytes, Total: len(f.paths)}
}

// ReadStats counts what a Files has read.
type ReadStats struct {
	Files int   // files opened so far
	Total int   // files named
	Bytes int64 // decompressed bytes read, without the '\n's between files
}

// String is for progress lines: "3 files, 1.2 GB" or "1 file, 17.0 MB".
func (s ReadStats) String() string {
	unit := "files"
	if s.Files == 1 {
		unit = "file"
	}
	return fmt.Sprintf("%d %s, %s", s.Files, unit, HumanBytes(s.Bytes))
}

// HumanBytes formats n bytes in decimal units.
func HumanBytes(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d B", n)
}
