package main

import (
	"flag"
	"fmt"

	"github.com/wipsvec/wipsvec/bench/linkpred"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/corpus/wordnet"
	"github.com/wipsvec/wipsvec/skipgram/flagvalue"
)

func runGraph(args []string, std stdio) error {
	if len(args) == 0 {
		return usagef("graph: a subcommand is required: wordnet or split (wipsvec graph -h)")
	}
	switch args[0] {
	case "wordnet":
		return runGraphWordNet(args[1:], std)
	case "split":
		return runGraphSplit(args[1:], std)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(std.out, helpText("graph"))
		return flag.ErrHelp
	}
	return usagef("graph: unknown subcommand %q (wordnet or split)", args[0])
}

func runGraphWordNet(args []string, std stdio) error {
	fs := newFlags("graph wordnet", std, helpText("graph-wordnet"))
	dict := fs.String("dict", "/usr/share/wordnet", "WordNet 3.0 dictionary `DIR` holding data.noun and index.noun (Debian's wordnet-base)")
	out := fs.String("out", ".", "`DIR` to write noun_closure.tsv and mammal_closure.tsv to")
	if err := fs.parse(args); err != nil {
		return err
	}
	if err := atomicfile.CheckOutputs(wordnet.Files(*dict, *out)); err != nil {
		return fmt.Errorf("graph wordnet: %w", err)
	}
	n, err := wordnet.Load(*dict)
	if err != nil {
		return fmt.Errorf("graph wordnet: %w (apt-get install wordnet-base)", err)
	}
	wrote, err := n.WriteClosures(*out)
	for _, w := range wrote {
		fmt.Fprintf(std.out, "%s: %d nodes, %d edges\n", w.Path, w.Nodes, w.Edges)
	}
	if err != nil {
		return fmt.Errorf("graph wordnet: %w", err)
	}
	fmt.Fprintf(std.out, "(%d noun synsets in %s)\n", len(n.Synsets), *dict)
	return nil
}

func runGraphSplit(args []string, std stdio) error {
	fs := newFlags("graph split", std, helpText("graph-split"))
	in := fs.String("in", "", "edge list `FILE` to split")
	trainOut := fs.String("train", "", "`FILE` for the training edges")
	testOut := fs.String("test", "", "`FILE` for the held-out edges")
	var opt linkpred.SplitOptions
	opt.TestFrac = 0.1
	fs.Var(flagvalue.Float{P: &opt.TestFrac, Lo: 0, Hi: 1, LoOpen: true, HiOpen: true}, "test-frac", "`share` of the edges held out (with -by-node: of the nodes), below 1")
	fs.Uint64Var(&opt.Seed, "seed", 1, "random seed")
	fs.BoolVar(&opt.ByNode, "by-node", false, "hold out the edges of random nodes (all but one each) instead of random edges")
	if err := fs.parse(args); err != nil {
		return err
	}
	if *in == "" || *trainOut == "" || *testOut == "" {
		return usagef("graph split: -in, -train and -test are required")
	}
	if err := atomicfile.CheckOutputs([]string{*in}, []string{*trainOut, *testOut}); err != nil {
		return fmt.Errorf("graph split: %w", err)
	}
	e, err := cgraph.ReadFile(*in)
	if err != nil {
		return fmt.Errorf("graph split: %w", err)
	}
	train, test, st, err := linkpred.Split(e, opt)
	if err != nil {
		return fmt.Errorf("graph split: %s: %w", *in, err)
	}
	if err := linkpred.WriteSplit(*trainOut, *testOut, train, test); err != nil {
		return err
	}
	fmt.Fprintf(std.out, "%s: %s\nwrote %d training edges to %s and %d test edges to %s; dropped %d repeated edges; kept %d drawn edges for training (a node's last)\n",
		*in, e.Summary(), st.Train, *trainOut, st.Test, *testOut, st.Duplicates, st.Kept)
	return nil
}
