package start

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/budget"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/graphdata"
	"github.com/wipsvec/wipsvec/skipgram/mpi"
	"github.com/wipsvec/wipsvec/vocab"
)

// Text is how a text run reads its corpus: the vocabulary settings of a
// new run, and the checkpoint a resumed or continued run reads it with.
type Text struct {
	Name      string            // the corpus as the caller named it (-train), for messages and the sidecar
	Sources   []string          // the corpus's files (corpus.Expand)
	MinCount  int64             // a new run's, or the new words' with From.Update
	MaxVocab  int               // vocab.LearnOptions.MaxWords
	ReadVocab string            // a vocabulary file to read the text with, for a new run
	IDs       encoded.Placement // where the ids live
	Progress  func(corpus.ReadStats)

	// Output is the vectors file the run writes ("-": standard output):
	// a scratch encoded corpus goes beside it, on the disk the run writes
	// to anyway, then to the temporary directory.
	Output string
	// Given are the settings the caller gave, by name: a new run on an
	// encoded corpus refuses those that would change its vocabulary
	// (Encoded).
	Given map[string]bool

	// From is how the run starts: a resumed or continued run reads the
	// text with its checkpoint's words.
	From From

	// Ranks, in a run of several processes, has this one read its share of
	// the text, the vocabulary summed over every share (encoded.LoadOptions'
	// Part and Merge).
	Ranks *skipgram.Ranks
}

// Loaded is a text read for a run: the corpus, and the run's rows and ids
// (the checkpoint's words, with From.Update the new ones after them).
type Loaded struct {
	*encoded.Loaded
	Vocab  *vocab.Vocab
	IDs    [][]int32
	Tokens int64 // in-vocabulary tokens of one epoch, in the run's rows
}

// ErrMerge is the refusal of a continued run whose checkpoint's
// vocabulary and the text's do not merge.
var ErrMerge error = &Refusal{"merging the vocabularies"}

// Load reads the text. A resumed or continued run reads it with its
// checkpoint's vocabulary (in memory); with From.Update every word is counted,
// and MinCount picks the new ones. What the rules do not allow is a
// Refusal; a read that ctx stopped says so.
func (t Text) Load(ctx context.Context) (*Loaded, error) {
	l, err := t.load(ctx)
	if err != nil && ctx.Err() != nil {
		return nil, errors.New("interrupted while reading the corpus; nothing written")
	}
	return l, err
}

func (t Text) load(ctx context.Context) (*Loaded, error) {
	from := t.From.Checkpoint
	if from == nil {
		if err := Encoded(t.Name, t.Sources, t.Given); err != nil {
			return nil, err
		}
	}
	opt := encoded.LoadOptions{MinCount: t.MinCount, MaxVocab: t.MaxVocab, IDs: t.IDs, ScratchDirs: t.scratch(), Progress: t.Progress}
	if rk := t.Ranks; rk.Several() {
		opt.Part = corpus.Part{Rank: rk.Comm.Rank(), Of: rk.Comm.Size()}
		if from == nil && t.ReadVocab == "" {
			opt.Merge = func(part *vocab.Vocab) (*vocab.Vocab, error) { return mpi.SumVocab(rk.Comm, part, t.MinCount) }
		}
	}
	if avail, ok := budget.Available(); ok {
		opt.Memory = avail
	}
	switch {
	case from != nil && !t.From.Update:
		opt.Vocab, opt.MinCount, opt.IDs = from.Vocab, 1, encoded.Memory
	case from != nil:
		opt.MinCount = 1
	case t.ReadVocab != "":
		if t.IDs == encoded.Disk {
			return nil, refuse("-ids disk cannot be combined with -read-vocab")
		}
		var err error
		if opt.Vocab, err = vocab.ReadFile(t.ReadVocab); err != nil {
			return nil, err
		}
	}
	c, err := encoded.Load(ctx, t.Sources, opt)
	if errors.Is(err, corpus.ErrEmptyPart) { // every process's refusal: fewer would do
		return nil, refuse("%v", err)
	} else if err != nil {
		return nil, err
	}
	l := &Loaded{Loaded: c, Vocab: c.Vocab, IDs: c.IDs}
	if from != nil {
		if l.Vocab, l.IDs, err = vocab.Continue(from.Vocab, c.Vocab, c.IDs, t.From.Update, t.MinCount); err != nil {
			c.Close()
			return nil, fmt.Errorf("%w: %w", ErrMerge, err)
		}
	}
	l.Tokens = vocab.CountWords(l.IDs)
	return l, nil
}

// scratch are the directories a scratch encoded corpus may go to, by
// preference: Output's, then the temporary directory.
func (t Text) scratch() []string {
	if t.Output == "" || t.Output == "-" {
		return []string{os.TempDir()}
	}
	return []string{filepath.Dir(t.Output), os.TempDir()}
}

// Source describes the text l for the sidecar, with the count its words
// were kept by: the corpus's, but for a resumed run, which reads the text
// with its checkpoint's words at count 1.
func (t Text) Source(l *Loaded) skipgram.Source {
	minCount := l.MinCount
	if from := t.From.Checkpoint; from != nil && t.From.Resumed && from.Data != nil {
		minCount = from.Data.MinCount
	}
	return skipgram.Source{MinCount: minCount,
		Corpus: embedding.CorpusInfo{Path: t.Name, Tokens: l.Tokens, Vocab: l.Vocab.Len(), Files: l.Read.Files, Bytes: l.Read.Bytes, Encoded: l.Info != nil}}
}

// Graph is how a graph run reads its edges: a new run keeps the nodes of
// MinCount edges; a resumed or continued one (From) the checkpoint's
// nodes, and with From.Update the new ones that reach MinCount after them.
type Graph struct {
	MinCount int64
	Settings skipgram.GraphSettings
	From     From
}

// Rows are the graph of edges e as the run trains it, with its rows.
func (s Graph) Rows(e *cgraph.Edges) (*vocab.Vocab, *skipgram.Graph, error) {
	var v *vocab.Vocab
	var g *skipgram.Graph
	var err error
	from := s.From.Checkpoint
	switch {
	case from == nil:
		v, g, err = skipgram.NewGraph(e, s.MinCount)
	case s.From.Update:
		var nodes *vocab.Vocab
		if nodes, err = graphdata.NodeCounts(e); err == nil {
			if v, err = vocab.Merge(from.Vocab, nodes, s.MinCount); err == nil {
				g, err = skipgram.NewGraphWith(e, v)
			}
		}
	default:
		v = from.Vocab
		g, err = skipgram.NewGraphWith(e, v)
	}
	if err != nil {
		return nil, nil, err
	}
	g.Directed, g.Noise, g.KeepLinkedNegatives = s.Settings.Directed, s.Settings.Noise, s.Settings.KeepLinkedNegatives
	return v, g, nil
}

// Source describes the graph g of nodes v, read from e at path, for the
// sidecar.
func (s Graph) Source(e *cgraph.Edges, v *vocab.Vocab, g *skipgram.Graph, path string) skipgram.Source {
	return skipgram.Source{MinCount: s.MinCount,
		Corpus: embedding.CorpusInfo{Path: path, Tokens: int64(g.Edges()), Vocab: v.Len()},
		Graph: &embedding.GraphInfo{Edges: g.Edges(), Directed: g.Directed, Weighted: g.Weights != nil,
			NegDist: g.Noise, KeepLinkedNegatives: g.KeepLinkedNegatives, SelfLoops: e.SelfLoops}}
}
