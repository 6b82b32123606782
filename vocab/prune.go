package vocab

// DefaultMinCount is word2vec's -min-count: words seen fewer times are
// dropped from the vocabulary.
const DefaultMinCount = 5

// Prune returns the vocabulary of v's words that occur at least minCount
// times, in the same order: a vocabulary read from a file (-read-vocab)
// under the run's -min-count. v is not modified.
func (v *Vocab) Prune(minCount int64) (*Vocab, error) {
	var words []string
	var counts []int64
	for i, c := range v.Counts {
		if c >= minCount {
			words = append(words, v.Words[i])
			counts = append(counts, c)
		}
	}
	return New(words, counts)
}
