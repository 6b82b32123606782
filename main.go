// Command wipsvec trains word and graph embeddings with skip-gram and
// negative sampling under the general similarity models of Kim et al.
// (IJCAI 2019): SG, IPS, SIPS, IPDS, WIPS and hyperbolic skip-gram; and
// evaluates them on word-similarity benchmarks and graphs with each model's
// own similarity.
//
// Usage:
//
//	wipsvec COMMAND [flags]
//	wipsvec help COMMAND
//
// This file holds main, run and the list of commands. Each command is a
// file of its own (train.go, eval.go, ...) that parses its flags, calls
// the library and prints; stdio.go has a command's streams, its errors and
// what stops it, flags.go the flag helpers they share, progress.go what
// they print while they work.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/wipsvec/wipsvec/skipgram"
)

// command is one subcommand: its name, the one line the command list shows,
// its help (the synopsis and what it does, above its flags) and what runs
// it.
type command struct {
	name, about, help string
	run               func(args []string, std stdio) error
}

// commands lists the subcommands in the order the help shows them.
func commands() []command {
	return []command{
		{"train", "train vectors from a corpus or a graph (word2vec's flags)", helpText("train"), runTrain},
		{"skipgram", "train as fastText's skipgram, with its flags and defaults: OUTPUT.bin and OUTPUT.vec", helpText("skipgram"), fastTextTrain("skipgram")},
		{"cbow", "train as fastText's cbow, with its flags and defaults: OUTPUT.bin and OUTPUT.vec", helpText("cbow"), fastTextTrain("cbow")},
		{"eval", "Spearman correlations on word-similarity benchmarks, analogies, graph reconstruction", helpText("eval"), runEval},
		{"nearest", "nearest neighbours under the model's own similarity", helpText("nearest"), runNearest},
		{"print-word-vectors", "words of standard input and their vectors, as fastText's print-word-vectors", helpText("print-word-vectors"), runPrintWordVectors},
		{"nn", "nearest neighbours of the words of standard input, as fastText's nn", helpText("nn"), fastTextQueries("nn", "Query word? ", 1)},
		{"analogies", "A - B + C for the triples of standard input, as fastText's analogies", helpText("analogies"), fastTextQueries("analogies", "Query triplet (A - B + C)? ", 3)},
		{"demo", "SG and WIPS on the built-in sample (no download): vectors written and scored; -planted-only the planted-similarity demo", helpText("demo"), runDemo},
		{"phrases", "join frequent word pairs into phrases, as word2vec's word2phrase", helpText("phrases"), runPhrases},
		{"encode", "tokenize a corpus once into an encoded corpus that train maps", helpText("encode"), runEncode},
		{"bench", "words/sec, speed-up and memory of the models, gensim beside", helpText("bench"), runBench},
		{"experiment", "the paper's Table 3 grid, resumable", helpText("experiment"), runExperiment},
		{"graph", "graph tools: 'graph wordnet' (the WordNet noun closure), 'graph split' (hold out edges)", helpText("graph"), runGraph},
		{"corpus", "corpus tools: 'corpus clean' turns a MediaWiki dump into Text9", helpText("corpus-clean"), runCorpus},
		{"version", "print the version", "usage: wipsvec version\n", runVersion},
	}
}

func usage() string {
	var models []string
	for _, k := range skipgram.Kinds() {
		models = append(models, strings.ToUpper(string(k)))
	}
	var b strings.Builder
	b.WriteString("wipsvec: skip-gram embeddings under general similarity models (" + strings.Join(models, ", ") + ")\n\nusage: wipsvec COMMAND [flags]\n\nCommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-18s %s\n", c.name, c.about)
	}
	b.WriteString("\n'wipsvec COMMAND -h' or 'wipsvec help COMMAND' shows a command's help.\n")
	return b.String()
}

func main() {
	err := run(os.Args[1:], stdio{in: os.Stdin, out: os.Stdout, err: os.Stderr})
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return
	}
	var q quietError
	if errors.As(err, &q) {
		os.Exit(2)
	}
	fmt.Fprintf(os.Stderr, "wipsvec: %v\n", err)
	var ue usageError
	if errors.As(err, &ue) {
		os.Exit(2)
	}
	os.Exit(1)
}

func run(args []string, std stdio) error {
	if len(args) == 0 {
		fmt.Fprint(std.err, usage())
		return usagef("no command given")
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(rest) == 0 {
			fmt.Fprint(std.out, usage())
			return nil
		}
		// help CMD [SUB] is CMD [SUB] -h.
		return run(append(rest, "-h"), std)
	case "-version", "--version":
		name = "version"
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(rest, std)
		}
	}
	return usagef("unknown command %q (wipsvec help lists them)", name)
}
