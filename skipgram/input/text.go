package input

import (
	"errors"
	"fmt"

	"github.com/wipsvec/wipsvec/skipgram/checkpoint"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/spectrum"
	"github.com/wipsvec/wipsvec/vocab"
)

// Text is a text's ids as a run's data, vocab.SentenceEnd between
// sentences, in chunks that sentences may span: blocks of whole sentences.
type Text struct {
	Vocab  *vocab.Vocab
	Stream [][]int32
}

// Check refuses a text without words, or too few for a tree.
func (t Text) Check(u Uses) error {
	switch {
	case t.Vocab == nil:
		return errors.New("a text's job needs its vocabulary (Job.Vocab)")
	case t.Vocab.Len() == 0:
		return errors.New("vocabulary is empty")
	case u.HS && t.Vocab.Len() < 2:
		return errors.New("-hs 1 needs a vocabulary of two words or more, for a tree to have an inner node")
	}
	return nil
}

func (t Text) Rows() int  { return t.Vocab.Len() }
func (t Text) Edges() int { return 0 }
func (t Text) Fingerprint() checkpoint.Fingerprint {
	return checkpoint.TextFingerprint(t.Vocab.Words, t.Vocab.Counts, t.Stream)
}

func (t Text) Spectrum(k, negative, window int) (int, []float64, error) {
	return spectrum.Negatives(t.Vocab, t.Stream, k, spectrum.Options{Window: window, Negative: negative})
}

// Attach cuts the text into blocks of whole sentences dealt to the
// layout's lanes, each thread claiming one at a time, Iter passes in all.
func (t Text) Attach(l Layout) (*Work, error) {
	blocks, lanes := hogwild.DealLanes(hogwild.SplitBlocks(t.Stream, hogwild.BlockWords), l.Lanes, l.Tail)
	if s := l.Resume; s != nil && (len(blocks) != s.Blocks || len(lanes)-1 != s.Lanes) {
		return nil, fmt.Errorf("the checkpoint's run cut the corpus into %d blocks in %d lanes, this build into %d in %d: resume it with the build that wrote it",
			s.Blocks, s.Lanes, len(blocks), len(lanes)-1)
	}
	var corpusWords int64
	for _, b := range blocks {
		corpusWords += b.Words
	}
	if corpusWords == 0 {
		return nil, errors.New("corpus has no in-vocabulary words to train on")
	}
	return &Work{Noise: vocab.NewNoise(t.Vocab.Counts, 0.75), Keep: vocab.SubsampleThresholds(t.Vocab, l.Sample),
		Total: int64(l.Iter) * corpusWords, Blocks: blocks, Sched: hogwild.LaneSchedule(lanes, l.Iter, l.Tail)}, nil
}
