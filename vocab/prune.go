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

// Merge is the vocabulary of continued training with new words
// (gensim's build_vocab(update=True)): old's words, each counted in old and
// in added, and the words of added that old lacks and that occur at least
// minCount times there. Neither argument is modified.
func Merge(old, added *Vocab, minCount int64) (*Vocab, error) {
	words := append([]string(nil), old.Words...)
	counts := append([]int64(nil), old.Counts...)
	for i, w := range added.Words {
		if id, ok := old.ID([]byte(w)); ok {
			counts[id] += added.Counts[i]
		} else if added.Counts[i] >= minCount {
			words = append(words, w)
			counts = append(counts, added.Counts[i])
		}
	}
	return New(words, counts)
}

// RemapTo returns the Remap that turns a stream of v's ids into one of to's,
// dropping the words to lacks (and a sentence end they leave doubled).
func (v *Vocab) RemapTo(to *Vocab) *Remap {
	ids := make([]int64, len(v.Words))
	for i, w := range v.Words {
		ids[i] = int64(SentenceEnd)
		if id, ok := to.ID([]byte(w)); ok {
			ids[i] = int64(id)
		}
	}
	return &Remap{to: ids, atEnd: true}
}
