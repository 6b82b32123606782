package eval

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/fasttext"
	"github.com/wipsvec/wipsvec/skipgram/subword"
)

// This file loads the model that eval and nearest score: the vectors, the
// similarities their sidecar names, and the subwords that compose the
// vectors of words never seen in training. It lives here, beside the
// scoring, so that every command and test that scores a model reads it the
// same way.

// Model is a vectors file ready to score: its vectors, its sidecar if any,
// its similarities and, for a model with fastText's subwords, what
// composes the vectors of unseen words.
type Model struct {
	Path    string
	Vectors *embedding.Vectors
	Meta    *embedding.Meta // nil without a sidecar
	Sims    []embedding.Similarity

	// Sub composes the vectors of words not in the vocabulary from their
	// n-grams, read from SubPath; nil without subwords.
	Sub     *subword.Model
	SubPath string

	kind string // the model, for a fastText .bin given as the vectors
}

// LoadModel reads the vectors at path and their sidecar, and the subwords
// the sidecar names; or a fastText model (.bin) given as the vectors. A
// sidecar that does not match the vectors is an error: scoring with the
// wrong similarity would print plausible but wrong numbers.
//
// A fastText model that wipsvec's skipgram or cbow wrote (OUTPUT.bin,
// with OUTPUT.vec and its sidecar beside it, the sidecar naming the .bin
// or, for a model without subwords, of its words and dimension) is
// scored as its vectors are, with its model's similarity; any other
// fastText model as fastText scores it.
func LoadModel(path string) (*Model, error) {
	if ok, _ := fasttext.IsModel(path); ok {
		if vec := commandVectors(path); vec != "" {
			return LoadModel(vec)
		}
		return loadFastText(path)
	}
	v, meta, err := embedding.Load(path)
	if err != nil {
		return nil, err
	}
	m := &Model{Path: path, Vectors: v, Meta: meta, Sims: meta.Similarities()}
	if meta != nil && meta.Subwords != nil {
		if m.Sub, m.SubPath, err = loadSubwords(path, meta); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return m, nil
}

// Name is the model's name: the sidecar's, fastText's for its .bin, or
// "unknown (no sidecar)".
func (m *Model) Name() string {
	if m.kind != "" {
		return m.kind
	}
	if m.Meta == nil {
		return "unknown (no sidecar)"
	}
	return string(m.Meta.Model)
}

// SimNames are the names of the model's similarities.
func (m *Model) SimNames() []string {
	names := make([]string, len(m.Sims))
	for i, s := range m.Sims {
		names[i] = s.Name
	}
	return names
}

// Header is the line that says what is being evaluated, with the subwords
// and WIPS's lambda below it when the model has them.
func (m *Model) Header() string {
	h := fmt.Sprintf("%s: model %s, dim %d, %d words; similarity %s",
		m.Path, m.Name(), m.Vectors.Dim, len(m.Vectors.Words), strings.Join(m.SimNames(), ", "))
	if m.Sub != nil {
		h += "\n" + m.SubwordsLine()
	}
	if m.Meta != nil && len(m.Meta.Lambda) > 0 {
		h += "\n" + embedding.SummarizeLambda(m.Meta.Lambda).String()
	}
	return h
}

// SubwordsLine says where the vectors of unseen words come from.
func (m *Model) SubwordsLine() string {
	s := m.Sub.Settings
	return fmt.Sprintf("subwords: words not in the vocabulary composed from their %d- to %d-grams (%d buckets) in %s", s.Minn, s.Maxn, s.Bucket, m.SubPath)
}

// Unseen composes the vector of a word not in the vocabulary, or is nil
// for a model without subwords.
func (m *Model) Unseen() Unseen {
	if m.Sub == nil {
		return nil
	}
	return func(word string) ([]float32, bool) {
		v := make([]float32, m.Sub.Dim)
		return v, m.Sub.Vector(v, word) > 0
	}
}

// loadSubwords reads the fastText model that meta's Subwords names beside
// the vectors at vectorsPath, checked against the sidecar: the same
// n-gram settings, dimension and words, or composed vectors would be
// another model's.
func loadSubwords(vectorsPath string, meta *embedding.Meta) (*subword.Model, string, error) {
	path := meta.SubwordsPath(vectorsPath)
	ft, err := fasttext.Read(path)
	if err != nil {
		return nil, "", fmt.Errorf("the sidecar's subwords: %w", err)
	}
	want := meta.Subwords.Settings
	switch got := ft.Args.Subwords(); {
	case got != want:
		return nil, "", fmt.Errorf("the sidecar's subwords %s: minn %d, maxn %d, bucket %d, but the sidecar says %d, %d, %d; model of another run?",
			path, got.Minn, got.Maxn, got.Bucket, want.Minn, want.Maxn, want.Bucket)
	case int(ft.Args.Dim) != meta.Dim || ft.NWords() != meta.Words:
		return nil, "", fmt.Errorf("the sidecar's subwords %s: %d words of dimension %d, but the vectors have %d of %d; model of another run?",
			path, ft.NWords(), ft.Args.Dim, meta.Words, meta.Dim)
	}
	ft.Output = fasttext.Matrix{} // not needed: let it go
	sub, err := ft.Subwords()
	if err != nil {
		return nil, "", fmt.Errorf("the sidecar's subwords %s: %w", path, err)
	}
	return sub, path, nil
}

// commandVectors is the vectors file written with the fastText model at
// path by wipsvec's skipgram or cbow (fasttext.VectorsBeside), or "" when
// there is none: no such file, no sidecar, or a sidecar that is not of
// this model (fastText's own run, say, over the same names).
func commandVectors(path string) string {
	vec := fasttext.VectorsBeside(path)
	if vec == "" {
		return ""
	}
	meta, err := embedding.ReadMeta(vec, nil)
	if err != nil || meta == nil {
		return ""
	}
	ft, err := fasttext.ReadDictionary(path)
	if err != nil || int(ft.Args.Dim) != meta.Dim || ft.NWords() != meta.Words {
		return ""
	}
	if sw := meta.Subwords; sw == nil {
		if ft.Args.Subwords().Enabled() {
			return ""
		}
	} else if filepath.Clean(meta.SubwordsPath(vec)) != filepath.Clean(path) || sw.Settings != ft.Args.Subwords() {
		return ""
	}
	return vec
}

// loadFastText reads a fastText model given as the vectors: its words'
// vectors as fastText composes them (what its .vec file holds), scored by
// cosine and inner product as a plain word2vec file is, and its n-grams
// for the words it has not seen.
func loadFastText(path string) (*Model, error) {
	ft, err := fasttext.Read(path)
	if err != nil {
		return nil, err
	}
	ft.Output = fasttext.Matrix{}
	sub, err := ft.Subwords()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	v := &embedding.Vectors{Words: sub.Words, Dim: sub.Dim, Data: make([]float32, len(sub.Words)*sub.Dim)}
	for i, w := range sub.Words {
		sub.Vector(v.Row(i), w)
	}
	kind := "fastText"
	switch ft.Args.Model {
	case fasttext.SkipGram:
		kind += " skipgram"
	case fasttext.CBOW:
		kind += " cbow"
	case fasttext.Supervised:
		kind += " supervised"
	}
	m := &Model{Path: path, Vectors: v, Sims: (*embedding.Meta)(nil).Similarities(), kind: kind}
	if sub.Settings.Enabled() {
		m.Sub, m.SubPath = sub, path
	}
	return m, nil
}
