package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

const nearestHelp = `usage: wipsvec nearest -vectors FILE [-n 10] QUERY...
       wipsvec nearest -vectors FILE [-n 10] -

The words nearest to each QUERY under the model's own similarity (the
first one eval reports; cosine for a plain word2vec file). A QUERY is a
word, or words with signs, quoted: 'new york' (a sum), 'king - man +
woman' (an analogy); its words are left out of the answer. With - the
vectors are read once and the queries come from standard input, one a
line.

Under cosine a query is word2vec's: the sum of its words' unit vectors,
with their signs, scaled to unit length, and a word scores its cosine
with it: distance's sum, word-analogy's 3CosAdd for king - man + woman,
computed as they compute them. Under another similarity s (a sidecar's
WIP, SIPS, IPDS, Minkowski product or inner product) a word w scores the
sum of s(q, w) over the query's words q, subtracted for a word after a
minus: s(king, w) - s(man, w) + s(woman, w), which under cosine ranks as
3CosAdd does.

A query with a word not in the vocabulary gets one line that names it,
and the other queries still answer; the exit status is then 1. A model
with fastText's subwords (its sidecar names its .bin, or FILE is a
fastText .bin) answers such a word with the vector its n-grams compose,
as fastText's print-word-vectors computes it, and says so.
`

// runNearest runs "wipsvec nearest".
func runNearest(args []string, std stdio) error {
	fs := newFlags("nearest", std)
	vectors := fs.String("vectors", "", "word vectors `FILE` (word2vec binary or text; sidecar FILE.json) or a fastText model (.bin)")
	n := 10
	intFlag(fs, &n, "n", 1, 1<<20, "`neighbours` to list per query")
	queries, err := fs.parseOperands(args)
	if err != nil {
		return err
	}
	if *vectors == "" {
		return usagef("nearest: -vectors FILE is required")
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
