package main

import (
	"context"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/wipsvec/wipsvec/bench/demo"
	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/flagvalue"
	"github.com/wipsvec/wipsvec/skipgram/start"
)

// runDemo parses the demo's flags and runs its parts from bench/demo,
// which prints the report on stdout; training's progress goes to stderr.
func runDemo(args []string, std stdio) error {
	fs := newFlags("demo", std)
	corpusPath := fs.String("train", "", "corpus `FILE` (default: "+demo.DefaultPlaces+" if found, else the built-in sample)")
	kinds := []skipgram.Kind{skipgram.SG, skipgram.WIPS}
	fs.Var(flagvalue.List[skipgram.Kind]{P: &kinds, Parse: skipgram.ParseKind, Distinct: "model"}, "models", "`models` to train, comma-separated: "+start.ModelNames())
	opt := skipgram.DefaultOptions()
	opt.Threads = runtime.NumCPU()
	start.Trainer{Size: &opt.Dim, Iter: &opt.Iter, Threads: &opt.Threads}.Define(fs.FlagSet)
	dir := fs.String("dir", "", "write the vectors into `DIR` (default: a new temporary directory)")
	planted := fs.Bool("planted", false, "after the corpus, the planted-similarity and graph demo")
	plantedOnly := fs.Bool("planted-only", false, "only the planted-similarity and graph demo (no corpus)")
	if err := fs.parse(args); err != nil {
		return err
	}
	capThreads(&opt.Threads, std.err)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if !*plantedOnly {
		path := *corpusPath
		if path == "" {
			path = demo.DefaultCorpus()
		}
		err := demo.Corpus(ctx, std.out, demo.Options{
			Corpus: path, Dir: *dir, Models: kinds, Train: opt, Prog: demoProg(), Log: std.err,
			ReadProgress:  func() (func(corpus.ReadStats), func()) { return readProgress(std.err, false) },
			TrainProgress: func() func(skipgram.Progress) { return progressLine(std.err, "words") },
		})
		if demo.IsExists(err) {
			return usageError{err} // a -dir that holds the demo's files: exit 2
		}
		if err != nil || !*planted {
			return err
		}
	}
	return demo.Planted(ctx, std.out, opt.Threads)
}

// demoProg is how the user ran the demo, for the commands it suggests:
// "wipsvec" for an installed command, "go run ." from a checkout.
func demoProg() string {
	if strings.Contains(filepath.ToSlash(os.Args[0]), "/go-build") {
		return "go run ."
	}
	return "wipsvec"
}
