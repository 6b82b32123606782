package demo

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/skipgram"
)

// This file is what the corpus part prints once the models have trained:
// the table of scores, the neighbours and the commands to go on with.

// The words whose neighbours the demo lists, and the analogy it asks; all
// are frequent in the sample.
var (
	queryWords   = []string{"king", "computer", "river"}
	queryAnalogy = "king - man + woman"
)

// Row is one line of the real-corpus table: a model under one of its
// similarities, Spearman's rho x100 on each benchmark, and the model's
// training speed.
type Row struct {
	Model       skipgram.Kind
	Sim         string
	Rho         []float64
	WordsPerSec float64
}

// WriteTable prints the real-corpus rows as one table. It is written once,
// after every model has trained, so that all rows share the columns:
// flushed per model, each model's rows would be aligned only among
// themselves.
func WriteTable(w io.Writer, datasets []string, rows []Row) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "model\tsimilarity\t"
	for _, d := range datasets {
		head += d + "\t"
	}
	fmt.Fprintln(tw, head+"words/sec/thread\t")
	for _, r := range rows {
		line := fmt.Sprintf("%s\t%s\t", r.Model, r.Sim)
		for _, rho := range r.Rho {
			line += fmt.Sprintf("%.1f\t", rho)
		}
		fmt.Fprintf(tw, "%s%.0f\t\n", line, r.WordsPerSec)
	}
	return tw.Flush()
}

// neighbours lists a few words' nearest neighbours and an analogy's
// answers under each model's own similarity (SG's cosine), as nearest
// does.
func neighbours(w io.Writer, models []*eval.Model) error {
	fmt.Fprintf(w, "\nNearest neighbours under each model's own similarity (SG: cosine), and an analogy:\n")
	queries := append(append([]string(nil), queryWords...), queryAnalogy)
	for _, m := range models {
		s, err := eval.NewSearcher(m.Vectors, m.Sims[0])
		if err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		fmt.Fprintf(w, "\n  %s (%s)\n", m.Name(), m.Sims[0].Name)
		for _, text := range queries {
			line, err := nearest(s, text)
			if err != nil {
				return fmt.Errorf("demo: %w", err)
			}
			fmt.Fprintf(w, "    %-20s %s\n", text, line)
		}
	}
	return nil
}

// nearest is the five nearest neighbours of the query text, or says that
// a word of it is not in the vocabulary.
func nearest(s *eval.Searcher, text string) (string, error) {
	q, err := eval.ParseQuery(text)
	if err != nil {
		return "", err
	}
	ns, err := s.Nearest(q, 5)
	var unknown *eval.UnknownError
	if errors.As(err, &unknown) {
		return "(not in the vocabulary)", nil
	}
	if err != nil {
		return "", err
	}
	words := make([]string, len(ns))
	for i, n := range ns {
		words[i] = n.Word
	}
	return strings.Join(words, ", "), nil
}

// next prints the commands to go on with, spelled as the user ran the
// demo (prog: "wipsvec", or "go run ." from a checkout).
func next(w io.Writer, prog, dir string, models []*eval.Model, onSample bool) {
	last := models[len(models)-1].Path
	fmt.Fprintf(w, "\nThe vectors (word2vec binary, each with its sidecar FILE.json) are in %s. Next:\n\n", dir)
	fmt.Fprintf(w, "  %s eval -vectors %s                  # the table for one file\n", prog, models[0].Path)
	fmt.Fprintf(w, "  %s nearest -vectors %s king 'paris - france + italy'\n", prog, last)
	fmt.Fprintf(w, "  PYTHONPATH=python python3 -c 'import wipsvec; print(wipsvec.load(\"%s\").most_similar(\"king\"))'   # python/wipsvec.py, NumPy only\n", last)
	fmt.Fprintf(w, "  %s train -train TEXT -output vec.bin -binary 1 -model sg     # any text: plain, .gz or .zst\n", prog)
	if onSample {
		fmt.Fprintf(w, "  scripts/get-text9.sh && %s demo                          # from a checkout: Text9 (1 GB of Wikipedia) replaces the sample\n", prog)
	}
	fmt.Fprintf(w, "  %s demo -planted-only                                    # what WIPS, IPDS and SIPS express that an inner product cannot\n", prog)
}
