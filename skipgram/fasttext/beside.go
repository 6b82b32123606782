package fasttext

import (
	"path/filepath"
	"strings"

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
	return WriteFor(output+BesideSuffix, m, meta)
}

// WriteFor writes m to path, a file in the directory of the vectors whose
// sidecar is meta, and, when m has subwords, names it in meta as
// WriteBeside does. A model without subwords (maxn 0) is written all the
// same, as fastText writes one, but not named: its words' vectors are the
// vectors file's rows, and it composes nothing else.
func WriteFor(path string, m *Model, meta *embedding.Meta) error {
	if err := Write(path, m); err != nil {
		return err
	}
	if s := m.Args.Subwords(); s.Enabled() {
		meta.Subwords = &embedding.SubwordsInfo{File: filepath.Base(path), Settings: s}
	}
	return nil
}

// CommandFiles are the files fastText's skipgram and cbow write for
// -output OUTPUT: the model OUTPUT.bin and the words' vectors OUTPUT.vec
// (word2vec's text format).
func CommandFiles(output string) (model, vectors string) {
	return output + ".bin", output + ".vec"
}

// VectorsBeside is the vectors file that fastText's commands write beside
// the model at path (OUTPUT.vec beside OUTPUT.bin), or "" when path does
// not end in .bin.
func VectorsBeside(path string) string {
	out, ok := strings.CutSuffix(path, ".bin")
	if !ok || out == "" {
		return ""
	}
	_, vec := CommandFiles(out)
	return vec
}

// Refused says why a trainer that takes fastText's skipgram and cbow
// command lines refuses fastText's flag name (without its dash): what
// fastText's supervised classifier, quantize or autotune take, and its
// outputs this format does not write; "" when it takes the flag or
// fastText has no such flag.
func Refused(name string) string {
	const supervised = "for fastText's supervised classifier, which wipsvec does not train"
	switch name {
	case "wordNgrams":
		return "word n-grams are " + supervised
	case "minCountLabel", "label":
		return "labels are " + supervised
	case "qnorm", "qout", "retrain", "cutoff", "dsub":
		return "for fastText's quantize, which wipsvec does not have"
	case "pretrainedVectors":
		return "not taken here; wipsvec train -init FILE starts from word2vec or fastText vectors"
	case "saveOutput":
		return "the output rows are in OUTPUT.bin; no OUTPUT.output is written"
	}
	if strings.HasPrefix(name, "autotune-") {
		return "autotune is " + supervised
	}
	return ""
}
