package main

import (
	"fmt"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/fasttext"
	"github.com/wipsvec/wipsvec/skipgram/subword"
)

// This file gives eval and nearest the vectors of words never seen in
// training, from a model's fastText subwords: the .bin its sidecar names,
// or a fastText .bin given as the vectors themselves.

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

// loadFastText reads a fastText model given as -vectors: its words'
// vectors as fastText composes them (what its .vec file holds), scored by
// cosine and inner product as a plain word2vec file is, and its n-grams
// for the words it has not seen.
func loadFastText(path string) (*evalModel, error) {
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
	m := &evalModel{path: path, vec: v, sims: (*embedding.Meta)(nil).Similarities(), kind: kind}
	if sub.Settings.Enabled() {
		m.sub, m.subPath = sub, path
	}
	return m, nil
}

// unseen composes the vector of a word not in the vocabulary, or is nil
// for a model without subwords.
func (m *evalModel) unseen() eval.Unseen {
	if m.sub == nil {
		return nil
	}
	return func(word string) ([]float32, bool) {
		v := make([]float32, m.sub.Dim)
		return v, m.sub.Vector(v, word) > 0
	}
}
