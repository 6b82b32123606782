package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/bench/linkpred"
	"github.com/wipsvec/wipsvec/bench/planted"
	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/corpus/sample"
	"github.com/wipsvec/wipsvec/corpus/wordnet"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/vocab"
)

const demoHelp = `usage: wipsvec demo [-train FILE] [-models sg,wips] [-size 100] [-iter 5] [-dir DIR] [-planted | -planted-only]

The main job on real text, offline: the models train on a corpus (the
built-in sample of English Wikipedia, 3.4M words, unless -train names one
or ` + demoCorpusHelp + ` is found) with the paper's word2vec
settings, their vectors are written to DIR (a new temporary directory
unless -dir names one; an existing file is never overwritten), and each is
scored on SimLex-999, YP-130 and WordSim353 Sim and Rel (built in unless
found on disk) with its own similarity; then a few nearest neighbours, an
analogy, and the commands to go on with.

-planted adds, and -planted-only runs alone, the demo of what the general
similarity models are for: a planted indefinite similarity that no inner
product can express, recovered by IPS, SIPS, IPDS and WIPS, and a
hierarchy (WordNet's mammals, or a generated tree) embedded by IPS, WIPS
and HSG.
`

// demoCorpusHelp says where the demo looks for a corpus before it takes
// the built-in sample.
const demoCorpusHelp = "$WIPSVEC_CORPUS or data/text9"

// demoCorpusPath is the corpus the demo trains on when -train names none:
// $WIPSVEC_CORPUS, then data/text9 (where scripts/get-text9.sh puts it);
// "" for the built-in sample.
func demoCorpusPath() string {
	return firstFile(os.Getenv("WIPSVEC_CORPUS"), filepath.Join("data", "text9"))
}

// demoQueries are the words whose neighbours the demo lists, and the
// analogy it asks; all are frequent in the sample.
var (
	demoWords   = []string{"king", "computer", "river"}
	demoAnalogy = "king - man + woman"
)

func runDemo(args []string, std stdio) error {
	fs := newFlags("demo", std)
	corpusPath := fs.String("train", "", "corpus `FILE` (default: "+demoCorpusHelp+" if found, else the built-in sample)")
	models := fs.String("models", "sg,wips", "`models` to train, comma-separated: "+modelList())
	opt := skipgram.DefaultOptions()
	opt.Threads = runtime.NumCPU()
	trainerFlags{size: &opt.Dim, iter: &opt.Iter, threads: &opt.Threads}.define(fs)
	dir := fs.String("dir", "", "write the vectors into `DIR` (default: a new temporary directory)")
	planted := fs.Bool("planted", false, "after the corpus, the planted-similarity and graph demo")
	plantedOnly := fs.Bool("planted-only", false, "only the planted-similarity and graph demo (no corpus)")
	if err := fs.parse(args); err != nil {
		return err
	}
	kinds, err := parseKinds(*models)
	if err != nil {
		return usagef("demo: -models: %v", err)
	}
	if len(kinds) == 0 {
		return usagef("demo: -models: no model given")
	}
	capThreads(&opt.Threads, std.err)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if !*plantedOnly {
		if err := demoCorpus(ctx, *corpusPath, *dir, kinds, opt, std); err != nil {
			return err
		}
		if !*planted {
			return nil
		}
	}
	return demoPlanted(ctx, std.out, opt.Threads)
}

// demoPlanted is what the general similarity models are for, with nothing
// but the code: a planted indefinite similarity, then a hierarchy.
func demoPlanted(ctx context.Context, stdout io.Writer, threads int) error {
	e := planted.DefaultPlantedExperiment()
	fmt.Fprintf(stdout, "\nPlanted similarity: %d words on two circles, h(i,j) = r^2 cos(theta_i-theta_j) - r^2 cos(phi_i-phi_j)\n",
		e.Planted.Words)
	fmt.Fprintf(stdout, "   (two negative eigenvalues: no inner product of real vectors can express it).\n")
	fmt.Fprintf(stdout, "   %d co-occurring pairs; K = %d, %d epochs, 1 thread; WIPS's lambda starts -lambda-init %s.\n",
		e.Sentences, e.Train.Dim, e.Train.Iter, e.Train.LambdaInit)
	fmt.Fprintf(stdout, "   How well each model recovers h:\n\n")
	fmt.Fprintf(stdout, "  %5s  %24s  %12s\n", "model", "Spearman(model, planted)", "held-out AUC")
	e.Done = func(r planted.PlantedRun) {
		fmt.Fprintf(stdout, "  %5s  %24.3f  %12.3f\n", r.Model, r.Fit.Spearman, r.Fit.AUC)
	}
	_, runs, err := e.Run(ctx)
	if err != nil {
		return fmt.Errorf("demo: planted similarity: %w", err)
	}
	for _, r := range runs {
		if r.Lambda != nil {
			fmt.Fprintf(stdout, "\n   WIPS learned lambda (%d of %d negative): %s\n", countNegative(r.Lambda), len(r.Lambda), formatLambda(r.Lambda))
		}
	}
	return demoGraph(ctx, stdout, threads)
}

// demoText is the corpus the demo trains on: its vocabulary and ids, and
// what the sidecar records of it.
type demoText struct {
	name  string
	vocab *vocab.Vocab
	ids   [][]int32
	info  embedding.CorpusInfo
}

// loadDemoText reads the corpus path, whose files are sources, or the
// built-in sample when path is "".
func loadDemoText(ctx context.Context, path string, sources []string, std stdio) (*demoText, func() error, error) {
	progress, done := readProgress(std.err)
	defer done()
	if path == "" {
		r, err := sample.Open()
		if err != nil {
			return nil, nil, err
		}
		defer r.Close()
		v, ids, _, err := vocab.LearnChunksStats(corpus.NewScanner(r), vocab.LearnOptions{MinCount: minCountDefault})
		if err != nil {
			return nil, nil, fmt.Errorf("demo: the built-in sample: %w", err)
		}
		t := &demoText{name: sample.Name, vocab: v, ids: ids}
		t.info = embedding.CorpusInfo{Path: "built-in sample", Tokens: vocab.CountWords(ids), Vocab: v.Len(), Bytes: sample.Bytes}
		return t, func() error { return nil }, nil
	}
	c, err := encoded.Load(ctx, sources, encoded.LoadOptions{MinCount: minCountDefault, IDs: encoded.Memory, Progress: progress})
	if err != nil {
		return nil, nil, err
	}
	t := &demoText{name: path, vocab: c.Vocab, ids: c.IDs}
	t.info = embedding.CorpusInfo{Path: path, Tokens: c.Tokens, Vocab: c.Vocab.Len(), Files: c.Read.Files, Bytes: c.Read.Bytes, Encoded: c.Info != nil}
	return t, c.Close, nil
}

// demoOutputs returns the directory the demo writes into and the vectors
// file of each model there. A directory the user names must not hold them
// already: the demo never overwrites a file, nor one of its inputs.
func demoOutputs(dir string, kinds []skipgram.Kind, inputs []string) (string, []string, error) {
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
				return "", nil, usagef("demo: %s exists; the demo does not overwrite files (give -dir a new or empty directory)", p)
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

// demoModel is a model the demo trained, as written.
type demoModel struct {
	kind skipgram.Kind
	file string
	vec  *embedding.Vectors
	sims []embedding.Similarity
}

// demoCorpus is the demo's main part: the models trained on real text,
// written, scored on the four benchmarks, and queried.
func demoCorpus(ctx context.Context, path, dir string, kinds []skipgram.Kind, opt skipgram.Options, std stdio) (err error) {
	stdout := std.out
	if path == "" {
		path = demoCorpusPath()
	}
	datasets, missing, err := eval.ReadDatasets(eval.DefaultDatasets)
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	for _, name := range missing {
		fmt.Fprintf(stdout, "benchmark %s not found: skipped\n", name)
	}
	var sources []string
	if path != "" {
		if sources, err = corpus.Expand(path); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	named := dir != ""
	dir, files, err := demoOutputs(dir, kinds, sources)
	if err != nil {
		return err
	}
	if !named {
		// A failed run leaves no empty directory of its own behind (one
		// that holds vectors already written is kept).
		defer func() {
			if err != nil {
				os.Remove(dir)
			}
		}()
	}
	start := time.Now()
	text, release, err := loadDemoText(ctx, path, sources, std)
	if err != nil {
		return err
	}
	defer release()
	fmt.Fprintf(stdout, "Corpus: %s\n  %d in-vocabulary tokens, %d words (min-count %d), read in %.1fs\n",
		text.name, text.info.Tokens, text.info.Vocab, minCountDefault, time.Since(start).Seconds())
	fmt.Fprintf(stdout, "Training: -size %d -window %d -negative %d -sample %g -iter %d -threads %d (train's defaults)\n\n",
		opt.Dim, opt.Window, opt.Negative, opt.Sample, opt.Iter, opt.Threads)
	names := make([]string, len(datasets))
	for i, d := range datasets {
		names[i] = d.Name
	}
	var rows []demoRow
	var trained []demoModel
	for i, kind := range kinds {
		o := opt
		o.Model = kind
		o.Progress = progressLine(std.err, "words")
		fmt.Fprintf(std.err, "training %s (%d of %d)\n", kind, i+1, len(kinds))
		m, st, err := skipgram.TrainChunks(ctx, text.vocab, text.ids, o)
		if err != nil {
			return fmt.Errorf("demo: training %s: %w", kind, err)
		}
		meta := skipgram.NewSidecar(m, o, st, skipgram.Source{MinCount: minCountDefault, Corpus: text.info})
		vec := m.Vectors(text.vocab.Words)
		if err := embedding.Save(files[i], vec, meta, true); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		wps := float64(st.Words) / st.Elapsed.Seconds() / float64(o.Threads)
		fmt.Fprintf(stdout, "trained %s in %.1fs (%.0fk words/sec/thread, loss %.4f): wrote %s\n",
			kind, st.Elapsed.Seconds(), wps/1000, st.Loss, files[i])
		sims := meta.Similarities()
		for _, sim := range sims {
			row := demoRow{model: kind, sim: sim.Name, wordsPerSec: wps}
			for _, d := range datasets {
				res := eval.Evaluate(vec, []embedding.Similarity{sim}, d)
				row.rho = append(row.rho, 100*res.Rho[sim.Name])
			}
			rows = append(rows, row)
		}
		trained = append(trained, demoModel{kind, files[i], vec, sims})
	}
	fmt.Fprintf(stdout, "\nSpearman's rho x100 with human judgements, each model under its own similarity\n(pairs with a word not in the vocabulary skipped; eval shows how many):\n\n")
	if err := writeDemoTable(stdout, names, rows); err != nil {
		return err
	}
	if err := demoNeighbours(stdout, trained); err != nil {
		return err
	}
	demoNext(stdout, dir, trained, path == "")
	return nil
}

// demoNeighbours lists a few words' nearest neighbours and an analogy's
// answers under each model's own similarity (SG's cosine), as nearest
// does.
func demoNeighbours(w io.Writer, models []demoModel) error {
	fmt.Fprintf(w, "\nNearest neighbours under each model's own similarity (SG: cosine), and an analogy:\n")
	queries := append(append([]string(nil), demoWords...), demoAnalogy)
	for _, m := range models {
		s, err := eval.NewSearcher(m.vec, m.sims[0])
		if err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		fmt.Fprintf(w, "\n  %s (%s)\n", m.kind, m.sims[0].Name)
		for _, text := range queries {
			q, err := eval.ParseQuery(text)
			if err != nil {
				return fmt.Errorf("demo: %w", err)
			}
			ns, err := s.Nearest(q, 5)
			var unknown *eval.UnknownError
			if errors.As(err, &unknown) {
				fmt.Fprintf(w, "    %-20s (not in the vocabulary)\n", text)
				continue
			}
			if err != nil {
				return fmt.Errorf("demo: %w", err)
			}
			words := make([]string, len(ns))
			for i, n := range ns {
				words[i] = n.Word
			}
			fmt.Fprintf(w, "    %-20s %s\n", text, strings.Join(words, ", "))
		}
	}
	return nil
}

// demoNext prints the commands to go on with, spelled as the user ran the
// demo: "wipsvec" for an installed command, "go run ." from a checkout.
func demoNext(w io.Writer, dir string, models []demoModel, onSample bool) {
	prog := "wipsvec"
	if strings.Contains(filepath.ToSlash(os.Args[0]), "/go-build") {
		prog = "go run ."
	}
	last := models[len(models)-1].file
	fmt.Fprintf(w, "\nThe vectors (word2vec binary, each with its sidecar FILE.json) are in %s. Next:\n\n", dir)
	fmt.Fprintf(w, "  %s eval -vectors %s                  # the table for one file\n", prog, models[0].file)
	fmt.Fprintf(w, "  %s nearest -vectors %s king 'paris - france + italy'\n", prog, last)
	fmt.Fprintf(w, "  PYTHONPATH=python python3 -c 'import wipsvec; print(wipsvec.load(\"%s\").most_similar(\"king\"))'   # python/wipsvec.py, NumPy only\n", last)
	fmt.Fprintf(w, "  %s train -train TEXT -output vec.bin -binary 1 -model sg     # any text: plain, .gz or .zst\n", prog)
	if onSample {
		fmt.Fprintf(w, "  scripts/get-text9.sh && %s demo                          # from a checkout: Text9 (1 GB of Wikipedia) replaces the sample\n", prog)
	}
	fmt.Fprintf(w, "  %s demo -planted-only                                    # what WIPS, IPDS and SIPS express that an inner product cannot\n", prog)
}

// demoRow is one line of the real-corpus table: a model under one of its
// similarities, Spearman's rho x100 on each benchmark, and the model's
// training speed.
type demoRow struct {
	model       skipgram.Kind
	sim         string
	rho         []float64
	wordsPerSec float64
}

// writeDemoTable prints the real-corpus rows as one table. It is written
// once, after every model has trained, so that all rows share the columns:
// flushed per model, each model's rows would be aligned only among
// themselves.
func writeDemoTable(w io.Writer, datasets []string, rows []demoRow) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "model\tsimilarity\t"
	for _, d := range datasets {
		head += d + "\t"
	}
	fmt.Fprintln(tw, head+"words/sec/thread\t")
	for _, r := range rows {
		line := fmt.Sprintf("%s\t%s\t", r.model, r.sim)
		for _, rho := range r.rho {
			line += fmt.Sprintf("%.1f\t", rho)
		}
		fmt.Fprintf(tw, "%s%.0f\t\n", line, r.wordsPerSec)
	}
	return tw.Flush()
}

func countNegative(l []float32) int {
	n := 0
	for _, x := range l {
		if x < 0 {
			n++
		}
	}
	return n
}

func formatLambda(l []float32) string {
	parts := make([]string, len(l))
	for i, x := range l {
		parts[i] = fmt.Sprintf("%+.2f", x)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// demoEdges finds the demo's graph: the WordNet mammal closure written by
// scripts/get-wordnet.sh, or built from an installed WordNet, or else the
// closure of a generated tree.
func demoEdges() (*cgraph.Edges, string, error) {
	if e, err := cgraph.ReadFile(filepath.Join("data", "wordnet", "mammal_closure.tsv")); err == nil {
		return e, "the WordNet mammal closure (data/wordnet/mammal_closure.tsv)", nil
	}
	if n, err := wordnet.Load("/usr/share/wordnet"); err == nil {
		if anc, err := n.Closure(); err == nil && n.Find("mammal.n.01") >= 0 {
			var b strings.Builder
			n.WriteTSV(&b, n.Edges(anc, n.Find("mammal.n.01")))
			e, err := cgraph.Read(strings.NewReader(b.String()))
			return e, "the WordNet mammal closure (/usr/share/wordnet)", err
		}
	}
	// A complete tree, branching 4 and depth 4 (341 nodes), closed.
	var b strings.Builder
	if err := cgraph.WriteTreeClosure(&b, 4, 4); err != nil {
		return nil, "", err
	}
	e, err := cgraph.Read(strings.NewReader(b.String()))
	return e, "the closure of a generated tree (branching 4, depth 4; no WordNet: scripts/get-wordnet.sh)", err
}

// demoGraph is the demo's graph part: IPS, WIPS and HSG embed a hierarchy,
// scored by reconstruction, a row as each model finishes.
func demoGraph(ctx context.Context, stdout io.Writer, threads int) error {
	e, what, err := demoEdges()
	if err != nil {
		return err
	}
	opt := skipgram.DefaultGraphOptions()
	opt.Dim, opt.Threads = 10, threads
	fmt.Fprintf(stdout, "\nGraph embedding: %s, %d nodes, %d edges.\n", what, len(e.Nodes), e.Len())
	fmt.Fprintf(stdout, "    K = %d, %d epochs, %d negatives (%s, never a neighbour), %d threads; WIPS's lambda starts -lambda-init %s.\n",
		opt.Dim, opt.Iter, opt.Negative, skipgram.DefaultGraphNoise, opt.Threads, opt.LambdaInit)
	fmt.Fprintf(stdout, "    Reconstruction as Nickel and Kiela score it (train -graph and eval -graph do the same):\n\n")
	fmt.Fprintf(stdout, "  %5s  %10s  %6s  %8s  %8s\n", "model", "mean rank", "MAP", "ROC-AUC", "train s")
	for _, kind := range []skipgram.Kind{skipgram.IPS, skipgram.WIPS, skipgram.HSG} {
		opt.Model = kind
		v, g, err := skipgram.NewGraph(e, skipgram.DefaultGraphMinCount)
		if err != nil {
			return err
		}
		g.Noise = skipgram.DefaultGraphNoise
		start := time.Now()
		m, st, err := skipgram.TrainGraph(ctx, g, opt)
		if err != nil {
			return err
		}
		secs := time.Since(start).Seconds()
		rs, err := linkpred.Evaluate(m.Vectors(v.Words), skipgram.NewSidecar(m, opt, st, skipgram.Source{}), e, nil, linkpred.Options{Threads: threads, Seed: 1})
		if err != nil {
			return err
		}
		r := rs[0]
		fmt.Fprintf(stdout, "  %5s  %10.2f  %6.3f  %8.2f  %8.2f\n", kind, r.MeanRank, r.MAP, 100*r.AUC, secs)
	}
	if _, err := os.Stat("/usr/share/wordnet/data.noun"); err == nil {
		fmt.Fprintf(stdout, "\n    The full noun closure: scripts/get-wordnet.sh, then train -graph data/wordnet/noun_closure.tsv.\n")
	}
	return nil
}
