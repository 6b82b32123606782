package main

import (
	"os"

	"golang.org/x/sys/windows"
)

// enableEscapes turns on the console's handling of ANSI escape sequences
// (\r and "erase line" for the live progress line), which Windows consoles
// leave off by default. It reports false where the console cannot, so that
// progress is printed as plain lines instead of escape codes.
func enableEscapes(f *os.File) bool {
	h := windows.Handle(f.Fd())
	var mode uint32
	if err := windows.GetConsoleMode(h, &mode); err != nil {
		return false
	}
	if mode&windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING != 0 {
		return true
	}
	return windows.SetConsoleMode(h, mode|windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING) == nil
}
