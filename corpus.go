package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
)

// runCorpus runs "wipsvec corpus SUB": clean is its one subcommand.
func runCorpus(args []string, std stdio) error {
	if len(args) == 0 || args[0] != "clean" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help") {
			fmt.Fprint(std.out, helpText("corpus-clean"))
			return flag.ErrHelp
		}
		return usagef("usage: wipsvec corpus clean [-o OUT] [IN...] (wipsvec corpus clean -h)")
	}
	return runCorpusClean(args[1:], std)
}

// runCorpusClean runs "wipsvec corpus clean"; a file is written whole or
// not at all (corpus.CleanFile).
func runCorpusClean(args []string, std stdio) error {
	fs := newFlags("corpus clean", std, helpText("corpus-clean"))
	out := fs.String("o", "-", "write the text to `OUT`; - for standard output")
	operands, err := fs.parseOperands(args)
	if err != nil {
		return err
	}
	in := "-"
	src := std.in
	nfiles := 1
	if len(operands) > 0 {
		in = strings.Join(operands, ", ")
		paths, err := corpus.ExpandFiles(operands)
		if errors.Is(err, corpus.ErrStdinAmongFiles) {
			return usagef("corpus clean: %v", err)
		} else if err != nil {
			return fmt.Errorf("corpus clean: %w", err)
		}
		if err := atomicfile.CheckOutputs(paths, []string{*out}); err != nil {
			return usagef("corpus clean: %v", err)
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
		if _, err := corpus.Clean(std.out, src); err != nil {
			return fmt.Errorf("corpus clean %s: %w", in, err)
		}
		return nil
	}
	st, err := corpus.CleanFile(*out, src)
	if err != nil {
		return fmt.Errorf("corpus clean %s: %w", in, err)
	}
	unit := "files"
	if nfiles == 1 {
		unit = "file"
	}
	fmt.Fprintf(std.out, "%s: %d words, %d bytes, from %d pages (%d redirects dropped); read %d bytes from %d %s\n",
		*out, st.Words, st.BytesOut, st.Pages, st.Redirects, st.BytesIn, nfiles, unit)
	return nil
}
