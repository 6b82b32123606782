package embedding

// CopyTo copies into row(i) the vector of every word i of words that v
// holds (its first, if it holds one twice) and returns how many it copied:
// what a run that starts from pretrained vectors takes from them, as
// gensim's intersect_word2vec_format does, the rows being the trainer's.
func (v *Vectors) CopyTo(words []string, row func(i int) []float32) int {
	idx := v.Index()
	n := 0
	for i, w := range words {
		if j, ok := idx[w]; ok {
			copy(row(i), v.Row(j))
			n++
		}
	}
	return n
}
