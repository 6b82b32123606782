package vocab

import (
	"fmt"
	"os"
	"slices"
)

// This file holds what continued training does with a vocabulary: the
// text read with its own vocabulary is trained with a checkpoint's, merged
// or not. It lives here rather than in the command because the job is
// vocab's (Merge, RemapTo), and every caller that continues a run needs it.

// Continue is the vocabulary and the ids a continued run trains on: old's
// words, and with update those of read that reach minCount too (Merge);
// ids, read with the vocabulary read, become ids of it (Retarget).
func Continue(old, read *Vocab, ids [][]int32, update bool, minCount int64) (*Vocab, [][]int32, error) {
	target := old
	if update {
		var err error
		if target, err = Merge(old, read, minCount); err != nil {
			return nil, nil, err
		}
	}
	return target, Retarget(read, target, ids), nil
}

// Retarget is ids, read with vocabulary from, as ids of vocabulary to: the
// same slices when the two are the same, else a copy without from's words
// that to lacks (and without the sentences left empty).
func Retarget(from, to *Vocab, ids [][]int32) [][]int32 {
	if slices.Equal(from.Words, to.Words) && slices.Equal(from.Counts, to.Counts) {
		return ids
	}
	remap := from.RemapTo(to)
	out := make([][]int32, 0, len(ids))
	for _, c := range ids {
		if r := remap.Apply(make([]int32, 0, len(c)), c); len(r) > 0 {
			out = append(out, r)
		}
	}
	return out
}

// ReadFile reads the vocabulary file at path, in word2vec's format (what
// train's -read-vocab names).
func ReadFile(path string) (*Vocab, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read vocabulary: %w", err)
	}
	defer f.Close()
	v, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("read vocabulary %s: %w", path, err)
	}
	return v, nil
}
