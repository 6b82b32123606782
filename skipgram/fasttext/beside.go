package fasttext

import (
	"path/filepath"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// This file is a fastText model as a run uses it beside word2vec vectors:
// the vectors it gives the words of a run that starts from it, and the
// model a run with subwords writes beside its vectors and names in their
// sidecar. They live with the file format, not the trainer, so that the
// trainer's own package stays the training.

// VectorsOf are the vectors of those of words the model can compose, from
// their own rows or their n-grams', as fastText's print-word-vectors
// composes them: what a run that starts from the model (train -init
// MODEL.bin) begins with.
func (m *Model) VectorsOf(words []string) (*embedding.Vectors, error) {
	sm, err := m.Subwords()
	if err != nil {
		return nil, err
	}
	vec := &embedding.Vectors{Dim: sm.Dim, Stride: sm.Dim}
	row := make([]float32, sm.Dim)
	for _, w := range words {
		if sm.Vector(row, w) > 0 {
			vec.Words, vec.Data = append(vec.Words, w), append(vec.Data, row...)
		}
	}
	return vec, nil
}

// BesideSuffix ends the name of the model written beside the vectors of a
// run with subwords: OUTPUT.fasttext.bin.
const BesideSuffix = ".fasttext.bin"

// WriteBeside writes m beside the vectors file output, as
// output+BesideSuffix, and names it in the vectors' sidecar meta, from
// which eval and nearest compose the vectors of unseen words. Write it
// before the vectors, so that the sidecar never names a file that is not
// there.
func WriteBeside(output string, m *Model, meta *embedding.Meta) error {
	path := output + BesideSuffix
	if err := Write(path, m); err != nil {
		return err
	}
	meta.Subwords = &embedding.SubwordsInfo{File: filepath.Base(path), Settings: m.Args.Subwords()}
	return nil
}
