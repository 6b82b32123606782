package main

import (
	"fmt"

	"github.com/wipsvec/wipsvec/skipgram"
)

// runVersion is wipsvec version: the trainer's version.
func runVersion(args []string, std stdio) error {
	fs := newFlags("version", std)
	if err := fs.parse(args); err != nil {
		return err
	}
	fmt.Fprintln(std.out, "wipsvec", skipgram.Version)
	return nil
}
