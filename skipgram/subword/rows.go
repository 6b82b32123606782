package subword

// Rows lists every word of a vocabulary's input rows, its own first, then
// its n-grams' buckets (AppendWordRows), flat: word w's at
// rows[start[w]:start[w+1]]. A trainer builds it once per run and asks it
// for a word's rows at every window.
type Rows struct {
	start []int32
	rows  []int32
}

// NewRows lists the rows of every word of words under s.
func NewRows(s Settings, words []string) *Rows {
	sr := &Rows{start: make([]int32, len(words)+1)}
	for i, w := range words {
		sr.rows = s.AppendWordRows(sr.rows, int32(i), w, len(words))
		sr.start[i+1] = int32(len(sr.rows))
	}
	return sr
}

// Of returns word w's input rows.
func (sr *Rows) Of(w int32) []int32 { return sr.rows[sr.start[w]:sr.start[w+1]] }
