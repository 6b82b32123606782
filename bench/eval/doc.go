// Package eval scores word vectors: Spearman correlation with human
// similarity judgements (SimLex-999, YP-130, WordSim353), nearest neighbours
// and word2vec's analogy test, each under a model's own similarity function.
// It reads the benchmark files and the model it scores (LoadModel: the
// vectors, their sidecar and subwords) and nothing else, and answers
// fastText's query commands on it (PrintWordVectors, Searcher.Prompted: nn
// and analogies) in fastText's format; training, timing
// and the experiment grid live in the sibling packages that call it.
package eval
