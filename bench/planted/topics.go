package planted

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/wipsvec/wipsvec/bench/eval"
)

// Topics is the simplest planted similarity, for checks that a pipeline
// learns at all: Groups groups of Words words (word w of group g is spelt
// "g<g>w<w>"), and every sentence draws its words from one group, so that
// the words of a group co-occur and the words of two groups never do. A
// benchmark of its pairs (Pairs) rates two words of one group 9 and two of
// different groups 1: vectors that learned anything correlate with it.
//
// Its draws come from one generator, corpus then pairs, so a seed gives
// the same text and the same benchmarks every time.
type Topics struct {
	Groups, Words int
	rng           *rand.Rand
}

// NewTopics returns groups groups of words words each, drawn from seed.
func NewTopics(groups, words int, seed1, seed2 uint64) *Topics {
	return &Topics{Groups: groups, Words: words, rng: rand.New(rand.NewPCG(seed1, seed2))}
}

// Word is word w of group g.
func (t *Topics) Word(g, w int) string { return "g" + strconv.Itoa(g) + "w" + strconv.Itoa(w) }

// Text returns sentences lines of between minLen and maxLen words, each
// word followed by a space, as word2vec's tools write a text.
func (t *Topics) Text(sentences, minLen, maxLen int) string {
	var b strings.Builder
	for range sentences {
		g := t.rng.IntN(t.Groups)
		n := minLen
		if maxLen > minLen {
			n += t.rng.IntN(maxLen - minLen + 1)
		}
		for range n {
			b.WriteString(t.Word(g, t.rng.IntN(t.Words)))
			b.WriteByte(' ')
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Pairs returns n random pairs of words, each rated 9 when both words are
// of one group and 1 when not.
func (t *Topics) Pairs(n int) []eval.Pair {
	ps := make([]eval.Pair, n)
	for i := range ps {
		g1, g2 := t.rng.IntN(t.Groups), t.rng.IntN(t.Groups)
		ps[i] = eval.Pair{A: t.Word(g1, t.rng.IntN(t.Words)), B: t.Word(g2, t.rng.IntN(t.Words)), Score: 1}
		if g1 == g2 {
			ps[i].Score = 9
		}
	}
	return ps
}

// Benchmarks writes a benchmark of n pairs (Pairs) under each of the
// default datasets' names (eval.DefaultDatasets, as FILE.csv) into dir, for
// a run pointed at dir (WIPSVEC_EVAL) to score the topics as it would
// score words.
func (t *Topics) Benchmarks(dir string, n int) error {
	for _, name := range eval.DefaultDatasets {
		var b strings.Builder
		for _, p := range t.Pairs(n) {
			fmt.Fprintf(&b, "%s,%s,%g\n", p.A, p.B, p.Score)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".csv"), []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}
