package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/wipsvec/wipsvec/skipgram/start"
)

// flags is a command's flag set. A bad flag comes back as one line that
// points to the command's help, never the whole usage; -h prints the
// command's help and its flags on standard output.
type flags struct {
	*flag.FlagSet
	help    string
	out     io.Writer
	defined func(*flag.FlagSet)
}

// newFlags returns the flag set of the command named name (for a
// subcommand "graph split"), whose help text is its command's, or helpText
// when given.
func newFlags(name string, std stdio, helpText ...string) *flags {
	fs := flag.NewFlagSet("wipsvec "+name, flag.ContinueOnError)
	fs.SetOutput(std.err)
	fs.Usage = func() {} // errors are reported by parse, help by it too
	f := &flags{FlagSet: fs, out: std.out, defined: std.defined}
	if len(helpText) > 0 {
		f.help = helpText[0]
	} else {
		for _, c := range commands() {
			if c.name == name {
				f.help = c.help
			}
		}
	}
	return f
}

// parse parses args. Operands are refused: no command takes them but
// through parseOperands.
func (f *flags) parse(args []string) error {
	if err := f.parseOne(args); err != nil {
		return err
	}
	if f.NArg() > 0 {
		return usagef("%s: unexpected argument %q (flags start with -; %s -h lists them)", strings.TrimPrefix(f.Name(), "wipsvec "), f.Arg(0), f.Name())
	}
	return nil
}

// parseOperands parses flags that may come before, between or after the
// operands (so that "eval simlex999 -vectors v.bin" works), and returns the
// operands. A "--" ends the flags as usual.
func (f *flags) parseOperands(args []string) ([]string, error) {
	var operands []string
	for {
		if err := f.parseOne(args); err != nil {
			return nil, err
		}
		rest := f.Args()
		if len(rest) == 0 {
			return operands, nil
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
}

func (f *flags) parseOne(args []string) error {
	if f.defined != nil {
		f.defined(f.FlagSet)
		f.defined = nil
	}
	f.SetOutput(io.Discard) // the flag package would print the usage before its error
	err := f.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		f.printHelp()
		return err
	case err != nil:
		msg, _, _ := strings.Cut(err.Error(), "\n")
		return usagef("%s: %s (%s -h lists the flags)", strings.TrimPrefix(f.Name(), "wipsvec "), msg, f.Name())
	}
	return nil
}

func (f *flags) printHelp() {
	fmt.Fprint(f.out, f.help)
	if !strings.HasSuffix(f.help, "\n\n") {
		fmt.Fprintln(f.out)
	}
	f.SetOutput(f.out)
	fmt.Fprintln(f.out, "Flags:")
	f.PrintDefaults()
	f.SetOutput(io.Discard)
}

// require refuses, in the flags' order, the first of names that the
// command line left empty: "-train SOURCES is required".
func (f *flags) require(names ...string) error {
	for _, name := range names {
		if fl := f.Lookup(name); fl.Value.String() == "" {
			arg, _ := flag.UnquoteUsage(fl)
			return usagef("%s: -%s %s is required", strings.TrimPrefix(f.Name(), "wipsvec "), name, arg)
		}
	}
	return nil
}

// given reports which flags the command line set.
func (f *flags) given() map[string]bool {
	set := make(map[string]bool)
	f.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	return set
}

// capThreads caps a thread count at start.ThreadsPerCPU per CPU, saying so on w:
// more Hogwild threads than that only contend for the same cores.
func capThreads(threads *int, w io.Writer) {
	if limit := start.ThreadsPerCPU * runtime.NumCPU(); *threads > limit {
		fmt.Fprintf(w, "wipsvec: -threads %d capped to %d (%d per CPU)\n", *threads, limit, start.ThreadsPerCPU)
		*threads = limit
	}
}
