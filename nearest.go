package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/flagvalue"
)

// runNearest runs "wipsvec nearest".
func runNearest(args []string, std stdio) error {
	fs := newFlags("nearest", std)
	vectors := fs.String("vectors", "", "word vectors `FILE` (word2vec binary or text; sidecar FILE.json) or a fastText model (.bin)")
	n := 10
	flagvalue.IntVar(fs.FlagSet, &n, "n", 1, 1<<20, "`neighbours` to list per query")
	queries, err := fs.parseOperands(args)
	if err != nil {
		return err
	}
	if err := fs.require("vectors"); err != nil {
		return err
	}
	if len(queries) == 0 {
		return usagef("nearest: no query given; usage: wipsvec nearest -vectors FILE [-n 10] QUERY... (or - to read them from standard input)")
	}
	parsed, fromStdin, err := eval.ParseQueries(queries)
	if err != nil {
		return usageError{fmt.Errorf("nearest: %w", err)}
	}
	m, err := eval.LoadModel(*vectors)
	if err != nil {
		return fmt.Errorf("nearest: %w", err)
	}
	sim := m.Sims[0]
	s, err := eval.NewSearcher(m.Vectors, sim)
	if err != nil {
		return fmt.Errorf("nearest: %w", err)
	}
	s.SetUnseen(m.Unseen())
	out := bufio.NewWriter(std.out)
	defer out.Flush()
	fmt.Fprintf(out, "%s: model %s, dim %d, %d words; similarity %s\n",
		m.Path, m.Name(), m.Vectors.Dim, len(m.Vectors.Words), sim.Name)
	if m.Sub != nil {
		fmt.Fprintln(out, m.SubwordsLine())
	}
	if m.Meta != nil && len(m.Meta.Lambda) > 0 {
		fmt.Fprintln(out, embedding.SummarizeLambda(m.Meta.Lambda))
	}
	if !fromStdin {
		// Print what can be printed, then report the unknown words together.
		unknown, err := s.AnswerAll(out, queries, parsed, n)
		if err == nil && len(unknown) > 0 {
			out.Flush()
			err = fmt.Errorf("nearest: not in the vocabulary of %s: %s", m.Path, strings.Join(unknown, ", "))
		}
		return err
	}
	failed, err := s.AnswerLines(out, std.in, n)
	if err != nil {
		return fmt.Errorf("nearest: %w", err)
	}
	if failed > 0 {
		return fmt.Errorf("nearest: %d queries not answered (each says why above)", failed)
	}
	return nil
}
