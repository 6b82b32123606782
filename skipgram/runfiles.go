package skipgram

import (
	"path/filepath"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/fasttext"
	"github.com/wipsvec/wipsvec/vocab"
)

// This file holds the files a run reads and writes besides its corpus and
// vectors: the vectors it starts from (Options.Start) and the fastText
// model of a run with subwords. They live beside the options that name
// them so that every caller starts and writes a run the same way.

// StartVectors are the rows of the vectors file at path that the
// vocabulary v has, which a run starts from (Options.Start). Given a
// fastText model ft instead (path is then only its name), every word it
// can compose a vector for, from its n-grams too: what fastText's
// print-word-vectors gives it.
func StartVectors(path string, ft *fasttext.Model, v *vocab.Vocab) (*embedding.Vectors, error) {
	if ft != nil {
		sm, err := ft.Subwords()
		if err != nil {
			return nil, err
		}
		vec := &embedding.Vectors{Dim: sm.Dim, Stride: sm.Dim}
		row := make([]float32, sm.Dim)
		for _, w := range v.Words {
			if sm.Vector(row, w) > 0 {
				vec.Words, vec.Data = append(vec.Words, w), append(vec.Data, row...)
			}
		}
		return vec, nil
	}
	return embedding.ReadVectorsOf(path, func(w string) bool { _, ok := v.ID([]byte(w)); return ok })
}

// FastTextSuffix ends the name of the fastText model written beside the
// vectors of a run with subwords: OUTPUT.fasttext.bin.
const FastTextSuffix = ".fasttext.bin"

// WriteFastText writes the fastText model ft of a run with subwords beside
// its vectors at output, and names it in the sidecar meta. Write it before
// the vectors, so that the sidecar never names a file that is not there.
func WriteFastText(output string, ft *fasttext.Model, meta *embedding.Meta) error {
	path := output + FastTextSuffix
	if err := fasttext.Write(path, ft); err != nil {
		return err
	}
	meta.Subwords = &embedding.SubwordsInfo{File: filepath.Base(path), Settings: ft.Args.Subwords()}
	return nil
}
