package main

import (
	"errors"
	"io"
)

func runBench(args []string, stdout, stderr io.Writer) error { return errors.New("bench: not yet") }
