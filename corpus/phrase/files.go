package phrase

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
)

// This file runs the two passes over files, which the phrases command
// only names: the passes, the scratch copy of standard input between them
// and the output written whole or not at all belong with Count and Join,
// so that a command parses flags and prints.

// JoinFiles counts the text of sources (as corpus.OpenFiles reads them:
// one text with a line break between two files; "-" is standard input), then
// reads it again and writes it with its phrases joined to output (a path,
// written through atomicfile, or "-" for w). Standard input, which cannot
// be read twice, is copied to a scratch file beside output as it is
// counted. counted, if not nil, is called between the passes.
func JoinFiles(ctx context.Context, sources []string, output string, w io.Writer, opt Options, counted func(*Counts)) (Joined, error) {
	in, err := corpus.OpenFiles(sources)
	if err != nil {
		return Joined{}, err
	}
	defer in.Close()
	var text io.Reader = in
	var spool *os.File
	if sources[0] == "-" {
		dir := ""
		if output != "-" {
			dir = filepath.Dir(output)
		}
		if spool, err = atomicfile.Scratch(dir); err != nil {
			return Joined{}, fmt.Errorf("a scratch file for standard input: %w", err)
		}
		defer spool.Close()
		text = io.TeeReader(in, spool)
	}
	counts, err := Count(ctx, text, opt)
	if err != nil {
		return Joined{}, fmt.Errorf("%s: %w", sourcesName(sources), err)
	}
	if counted != nil {
		counted(counts)
	}
	in.Close()

	var again io.Reader
	if spool != nil {
		if _, err := spool.Seek(0, io.SeekStart); err != nil {
			return Joined{}, fmt.Errorf("standard input's scratch file: %w", err)
		}
		again = bufio.NewReaderSize(spool, 1<<20)
	} else {
		files, err := corpus.OpenFiles(sources)
		if err != nil {
			return Joined{}, err
		}
		defer files.Close()
		again = files
	}
	var joined Joined
	join := func(w io.Writer) error {
		var err error
		if joined, err = counts.Join(ctx, w, again); err != nil {
			return fmt.Errorf("%s: %w", sourcesName(sources), err)
		}
		return nil
	}
	if output == "-" {
		err = join(w)
	} else {
		err = atomicfile.WriteFile(output, join)
	}
	return joined, err
}

// sourcesName names sources in an error.
func sourcesName(sources []string) string {
	switch {
	case sources[0] == "-":
		return "standard input"
	case len(sources) == 1:
		return sources[0]
	}
	return fmt.Sprintf("%s and %d more files", sources[0], len(sources)-1)
}
