package embedding

// Vectors is a word embedding table: row i of Data (Dim floats starting at
// i*Stride) is the vector of Words[i]. Rows are in file order, which for
// word2vec output is descending corpus frequency. A Stride of 0 means Dim; a
// larger Stride lets the trainer pad rows to cache lines and hand its
// parameter matrix to WriteVectors without copying.
type Vectors struct {
	Words  []string
	Dim    int
	Stride int
	Data   []float32
}

// Row returns the vector of Words[i]. The slice aliases Data but is capped at
// Dim, so appending to it cannot overwrite the next row. Like a slice index,
// it panics if i is out of range.
func (v *Vectors) Row(i int) []float32 {
	off := i * v.stride()
	return v.Data[off : off+v.Dim : off+v.Dim]
}

// Index maps each word to its row. If a word occurs more than once (which
// word2vec never writes, but hand-edited files may) the first row, the most
// frequent, wins, as in gensim.
func (v *Vectors) Index() map[string]int {
	idx := make(map[string]int, len(v.Words))
	for i, w := range v.Words {
		if _, dup := idx[w]; !dup {
			idx[w] = i
		}
	}
	return idx
}

func (v *Vectors) stride() int {
	if v.Stride == 0 {
		return v.Dim
	}
	return v.Stride
}
