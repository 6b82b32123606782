package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// stdio is a command's standard streams.
type stdio struct {
	in       io.Reader
	out, err io.Writer

	// defined, if set, is called with every flag set a command defines,
	// before it parses: how the tests find each command's flags.
	defined func(*flag.FlagSet)
}

// usageError marks a mistake in the command line rather than in the data.
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

// quietError is a usage error that another process of the run has printed
// (rank 0 of several): it exits as one, silently.
type quietError struct{ error }

// usagef is a usageError.
func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// stoppable is the context a command that trains or writes runs under:
// Ctrl-C or SIGTERM cancels it, and the command stops cleanly, saying what
// it kept.
func stoppable() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}
