package main

import (
	"embed"
	"strings"

	"github.com/wipsvec/wipsvec/bench/demo"
	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/corpus"
)

// The commands' help texts, what -h prints above the flags, are the files
// of docs/help/: prose, read and edited as such. A {{name}} in one is filled in
// from what the code knows, so that the text says what the command does.
//
//go:embed docs/help/*.txt
var helpFiles embed.FS

// helpText is the help of the command whose file is docs/help/NAME.txt ("train",
// "graph-split").
func helpText(name string) string {
	b, err := helpFiles.ReadFile("docs/help/" + name + ".txt")
	if err != nil {
		panic(err) // a name the code gives with no file embedded; TestHelpTexts reads every one
	}
	return strings.NewReplacer("{{corpora}}", corpus.DefaultPlaces, "{{demo-corpora}}", demo.DefaultPlaces,
		"{{datasets}}", strings.Join(eval.DefaultDatasets, ", ")).Replace(string(b))
}
