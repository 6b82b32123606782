// Package fasttext reads and writes fastText's binary model file (.bin,
// fastText 0.9.2's format version 12): the arguments a model was trained
// with, its dictionary, and its input and output matrices, the input
// holding the words' rows and then the n-gram buckets' rows. It is the
// file that fastText's own commands (print-word-vectors, nn) and gensim's
// load_facebook_model read, so that a model trained here is used there
// with its subwords, and the file that gives words never seen in training
// their vectors here (Model.Subwords).
//
// It is a file format and nothing of training. Reading is strict: a file
// that is not a fastText model, a quantized one (.ftz), a truncated one or
// one whose sizes disagree fails with one line that wraps one of the
// exported errors, and no size read from the file is allocated before it
// is checked against the file's length.
package fasttext
