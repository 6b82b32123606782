package main

import (
	"errors"
	"io"
)

func runExperiment(args []string, stdout, stderr io.Writer) error {
	return errors.New("experiment: not yet")
}
