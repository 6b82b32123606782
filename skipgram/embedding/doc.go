// Package embedding reads and writes trained embeddings, and knows how to
// score them: word2vec's vector files (text and binary, as word2vec.c and
// gensim read and write them), the JSON sidecar that the trainer writes
// beside them, and the similarity each model scores with, written down in
// the sidecar as a Form.
//
// It is what evaluation, graph ranking and nearest-neighbour search need,
// and nothing of training: a program that only scores vectors imports this
// package, not the trainer (package skipgram).
package embedding
