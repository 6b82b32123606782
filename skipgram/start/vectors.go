package start

import (
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/fasttext"
	"github.com/wipsvec/wipsvec/vocab"
)

// Vectors is a new run's start from a vectors file: word2vec's (text or
// binary) or a fastText model (.bin), whose n-grams give a vector to every
// word they can compose. The file's dimension is the run's; its rows are
// read once the vocabulary is known (Of).
type Vectors struct {
	Path  string
	Dim   int
	model *fasttext.Model // a fastText model, read whole; nil for word2vec's
}

// OpenVectors reads the dimension of the vectors file path (a fastText
// model whole). update says the run was asked to add words to a
// checkpoint's vocabulary, which a vectors file does not have.
func OpenVectors(path string, update bool) (*Vectors, error) {
	if update {
		return nil, refuse("-update-vocab adds words to a checkpoint's vocabulary; %s is a vectors file, and the run's vocabulary is its corpus's", path)
	}
	v := &Vectors{Path: path}
	if ok, _ := fasttext.IsModel(path); ok {
		m, err := fasttext.Read(path)
		if err != nil {
			return nil, err
		}
		v.model, v.Dim = m, int(m.Args.Dim)
		return v, nil
	}
	var err error
	if _, v.Dim, err = embedding.ReadVectorsHeader(path); err != nil {
		return nil, err
	}
	return v, nil
}

// Size checks the dimension size a run was given, if given, against the
// file's.
func (v *Vectors) Size(size int, given bool) error {
	if given && size != v.Dim {
		return refuse("-size %d, but the vectors of -init %s have %d dimensions: give -size %d, or leave -size out", size, v.Path, v.Dim, v.Dim)
	}
	return nil
}

// Of reads the rows of the file that the vocabulary voc has, which the run
// starts from (skipgram.FromVectors).
func (v *Vectors) Of(voc *vocab.Vocab) (*embedding.Vectors, error) {
	if v.model != nil {
		return v.model.VectorsOf(voc.Words)
	}
	return embedding.ReadVectorsOf(v.Path, func(w string) bool { _, ok := voc.ID([]byte(w)); return ok })
}
