package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

const nearestHelp = `usage: wipsvec nearest -vectors FILE [-n 10] WORD...

The words nearest to each WORD under the model's own similarity (the
first one eval reports; cosine for a plain word2vec file).
`

// runNearest runs "wipsvec nearest".
func runNearest(args []string, std stdio) error {
	stdout := std.out
	fs := newFlags("nearest", std)
	vectors := fs.String("vectors", "", "word vectors `FILE` (word2vec binary or text; sidecar FILE.json)")
	n := 10
	intFlag(fs, &n, "n", 1, 1<<20, "`neighbours` to list per word")
	words, err := fs.parseOperands(args)
	if err != nil {
		return err
	}
	if *vectors == "" {
		return usagef("nearest: -vectors FILE is required")
	}
	if len(words) == 0 {
		return usagef("nearest: no words given; usage: wipsvec nearest -vectors FILE [-n 10] WORD...")
	}
	m, err := loadEvalModel(*vectors)
	if err != nil {
		return fmt.Errorf("nearest: %w", err)
	}
	sim := m.sims[0]
	fmt.Fprintf(stdout, "%s: model %s, dim %d, %d words; similarity %s\n",
		m.path, m.modelName(), m.vec.Dim, len(m.vec.Words), sim.Name)
	if m.meta != nil && len(m.meta.Lambda) > 0 {
		fmt.Fprintln(stdout, embedding.SummarizeLambda(m.meta.Lambda))
	}
	// Print what can be printed, then report the unknown words together.
	var unknown []string
	for _, word := range words {
		nb, err := eval.Nearest(m.vec, sim, word, n)
		if err != nil {
			unknown = append(unknown, word)
			continue
		}
		fmt.Fprintf(stdout, "\n%s:\n", word)
		tw := tabwriter.NewWriter(stdout, 0, 8, 2, ' ', 0)
		for i, x := range nb {
			fmt.Fprintf(tw, "%4d\t%s\t%.4f\n", i+1, x.Word, x.Score)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if len(unknown) > 0 {
		return fmt.Errorf("nearest: not in the vocabulary of %s: %s", m.path, strings.Join(unknown, ", "))
	}
	return nil
}
