//go:build !windows

package main

import "os"

// enableEscapes reports whether terminal f handles ANSI escape sequences:
// every terminal outside Windows does.
func enableEscapes(f *os.File) bool { return true }
