// Package demo is the demo command's work: the models trained on real
// text, written, scored on the word-similarity benchmarks and queried; then
// a planted similarity that no inner product can express, and a hierarchy
// embedded as a graph. It lives in bench, beside the evaluation it shows
// off, so that the command only parses its flags and prints, and so that
// the demo's parts can be tested without the command line.
package demo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	"github.com/wipsvec/wipsvec/corpus/sample"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/vocab"
)

// Options are what the demo's corpus part trains, on what, and where it
// writes; the command fills them from its flags.
type Options struct {
	// Corpus is the text the models train on: files, directories or
	// globs as corpus.Expand reads them, or "" for the built-in sample.
	Corpus string
	// Dir receives the vectors; "" makes a new temporary directory.
	Dir string
	// Models are trained in this order, one vectors file each.
	Models []skipgram.Kind
	// Train is the settings every model trains with (Model is set per
	// model, Progress from TrainProgress).
	Train skipgram.Options
	// Prog is how the user runs wipsvec, for the commands to go on with:
	// "wipsvec", or "go run ." from a checkout.
	Prog string

	// Log receives a line per model as it starts training; nil for none.
	Log io.Writer
	// ReadProgress, if set, shows reading the corpus: show is called as
	// it reads, done once it has.
	ReadProgress func() (show func(corpus.ReadStats), done func())
	// TrainProgress, if set, gives each model's training a progress
	// callback of its own.
	TrainProgress func() func(skipgram.Progress)
}

// minCount is the demo's vocabulary cut: train's default.
const minCount = vocab.DefaultMinCount

// ExistsError is a file the demo would write that exists already: the demo
// never overwrites one. The command reports it as a mistake in its command
// line, not in the data.
type ExistsError struct{ Path string }

func (e *ExistsError) Error() string {
	return fmt.Sprintf("%s exists; the demo does not overwrite files (give -dir a new or empty directory)", e.Path)
}

// Corpus is the demo's main part: the models trained on real text,
// written, scored on the four benchmarks, and queried, reported on w.
func Corpus(ctx context.Context, w io.Writer, opt Options) (err error) {
	datasets, missing, err := eval.ReadDatasets(eval.DefaultDatasets)
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	for _, name := range missing {
		fmt.Fprintf(w, "benchmark %s not found: skipped\n", name)
	}
	var sources []string
	if opt.Corpus != "" {
		if sources, err = corpus.Expand(opt.Corpus); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	dir, files, err := outputs(opt.Dir, opt.Models, sources)
	if err != nil {
		return err
	}
	if opt.Dir == "" {
		// A failed run leaves no empty directory of its own behind (one
		// that holds vectors already written is kept).
		defer func() {
			if err != nil {
				os.Remove(dir)
			}
		}()
	}
	start := time.Now()
	text, release, err := loadText(ctx, opt, sources)
	if err != nil {
		return err
	}
	defer release()
	t := opt.Train
	fmt.Fprintf(w, "Corpus: %s\n  %d in-vocabulary tokens, %d words (min-count %d), read in %.1fs\n",
		text.name, text.info.Tokens, text.info.Vocab, minCount, time.Since(start).Seconds())
	fmt.Fprintf(w, "Training: -size %d -window %d -negative %d -sample %g -iter %d -threads %d (train's defaults)\n\n",
		t.Dim, t.Window, t.Negative, t.Sample, t.Iter, t.Threads)
	var rows []Row
	var trained []*eval.Model
	for i, kind := range opt.Models {
		m, speed, err := train(ctx, w, opt, text, i, files[i])
		if err != nil {
			return err
		}
		rows = append(rows, score(m, kind, speed, datasets)...)
		trained = append(trained, m)
	}
	fmt.Fprintf(w, "\nSpearman's rho x100 with human judgements, each model under its own similarity\n(pairs with a word not in the vocabulary skipped; eval shows how many):\n\n")
	if err := WriteTable(w, datasetNames(datasets), rows); err != nil {
		return err
	}
	if err := neighbours(w, trained); err != nil {
		return err
	}
	next(w, opt.Prog, dir, trained, opt.Corpus == "")
	return nil
}

// text is the corpus the demo trains on: its vocabulary and ids, and what
// the sidecar records of it.
type text struct {
	name  string
	vocab *vocab.Vocab
	ids   [][]int32
	info  embedding.CorpusInfo
}

// loadText reads opt.Corpus, whose files are sources, or the built-in
// sample when it is "". release lets go of what the corpus maps.
func loadText(ctx context.Context, opt Options, sources []string) (t *text, release func() error, err error) {
	var progress func(corpus.ReadStats)
	if opt.ReadProgress != nil {
		var done func()
		progress, done = opt.ReadProgress()
		defer done()
	}
	if opt.Corpus == "" {
		r, err := sample.Open()
		if err != nil {
			return nil, nil, err
		}
		defer r.Close()
		v, ids, _, err := vocab.LearnChunksStats(corpus.NewScanner(r), vocab.LearnOptions{MinCount: minCount})
		if err != nil {
			return nil, nil, fmt.Errorf("demo: the built-in sample: %w", err)
		}
		t := &text{name: sample.Name, vocab: v, ids: ids}
		t.info = embedding.CorpusInfo{Path: "built-in sample", Tokens: vocab.CountWords(ids), Vocab: v.Len(), Bytes: sample.Bytes}
		return t, func() error { return nil }, nil
	}
	c, err := encoded.Load(ctx, sources, encoded.LoadOptions{MinCount: minCount, IDs: encoded.Memory, Progress: progress})
	if err != nil {
		return nil, nil, err
	}
	t = &text{name: opt.Corpus, vocab: c.Vocab, ids: c.IDs}
	t.info = embedding.CorpusInfo{Path: opt.Corpus, Tokens: c.Tokens, Vocab: c.Vocab.Len(), Files: c.Read.Files, Bytes: c.Read.Bytes, Encoded: c.Info != nil}
	return t, c.Close, nil
}

// outputs returns the directory the demo writes into and the vectors file
// of each model there. A directory the user names must not hold them
// already: the demo never overwrites a file, nor one of its inputs.
func outputs(dir string, kinds []skipgram.Kind, inputs []string) (string, []string, error) {
	if dir == "" {
		d, err := os.MkdirTemp("", "wipsvec-demo-")
		if err != nil {
			return "", nil, fmt.Errorf("demo: a directory for the vectors: %w (name one with -dir)", err)
		}
		dir = d
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, fmt.Errorf("demo: -dir: %w", err)
	}
	var files, all []string
	for _, k := range kinds {
		f := filepath.Join(dir, string(k)+".bin")
		for _, p := range []string{f, embedding.SidecarPath(f)} {
			if _, err := os.Lstat(p); err == nil {
				return "", nil, fmt.Errorf("demo: %w", &ExistsError{Path: p})
			}
		}
		files = append(files, f)
		all = append(all, f, embedding.SidecarPath(f))
	}
	if err := atomicfile.CheckOutputs(inputs, all); err != nil {
		return "", nil, fmt.Errorf("demo: %w", err)
	}
	return dir, files, nil
}

// train trains the i-th of opt.Models on t and writes its vectors and
// sidecar to file. It returns the model as eval scores it, and its speed
// in words a second per thread.
func train(ctx context.Context, w io.Writer, opt Options, t *text, i int, file string) (*eval.Model, float64, error) {
	kind := opt.Models[i]
	o := opt.Train
	o.Model = kind
	if opt.TrainProgress != nil {
		o.Progress = opt.TrainProgress()
	}
	if opt.Log != nil {
		fmt.Fprintf(opt.Log, "training %s (%d of %d)\n", kind, i+1, len(opt.Models))
	}
	j := &skipgram.Job{Options: o, Vocab: t.vocab, Text: t.ids, Source: skipgram.Source{MinCount: minCount, Corpus: t.info}}
	res, err := j.Train(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("demo: training %s: %w", kind, err)
	}
	st, meta, vec := res.Stats, res.Meta, res.Vectors()
	if err := embedding.Save(file, vec, meta, true); err != nil {
		return nil, 0, fmt.Errorf("demo: %w", err)
	}
	wps := float64(st.Words) / st.Elapsed.Seconds() / float64(o.Threads)
	fmt.Fprintf(w, "trained %s in %.1fs (%.0fk words/sec/thread, loss %.4f): wrote %s\n",
		kind, st.Elapsed.Seconds(), wps/1000, st.Loss, file)
	return &eval.Model{Path: file, Vectors: vec, Meta: meta, Sims: meta.Similarities()}, wps, nil
}

// score is m's rows of the table: Spearman's rho x100 on each dataset,
// one row per similarity of the model.
func score(m *eval.Model, kind skipgram.Kind, wordsPerSec float64, datasets []*eval.Dataset) []Row {
	var rows []Row
	for _, sim := range m.Sims {
		row := Row{Model: kind, Sim: sim.Name, WordsPerSec: wordsPerSec}
		for _, d := range datasets {
			res := eval.Evaluate(m.Vectors, []embedding.Similarity{sim}, d)
			row.Rho = append(row.Rho, 100*res.Rho[sim.Name])
		}
		rows = append(rows, row)
	}
	return rows
}

func datasetNames(ds []*eval.Dataset) []string {
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = d.Name
	}
	return names
}

// IsExists reports whether err is the demo refusing to overwrite a file.
func IsExists(err error) bool {
	var e *ExistsError
	return errors.As(err, &e)
}
