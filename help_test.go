package main

import (
	"io/fs"
	"strings"
	"testing"
)

// TestHelpTexts: every file of docs/help/ is a command's help, starts with its
// usage line and has every {{name}} filled in.
func TestHelpTexts(t *testing.T) {
	files, err := fs.Glob(helpFiles, "docs/help/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("help files %v, %v", files, err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(strings.TrimPrefix(f, "docs/help/"), ".txt")
		text := helpText(name)
		// graph-split.txt is "graph split"'s; print-word-vectors.txt a command's own name
		if !strings.HasPrefix(text, "usage: wipsvec "+strings.ReplaceAll(name, "-", " ")) && !strings.HasPrefix(text, "usage: wipsvec "+name+" ") {
			t.Errorf("%s: starts %q", f, text[:min(len(text), 40)])
		}
		if strings.Contains(text, "{{") || !strings.HasSuffix(text, "\n") {
			t.Errorf("%s: a placeholder left, or no final line break:\n%s", f, text)
		}
	}
}
