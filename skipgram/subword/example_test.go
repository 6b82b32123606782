package subword_test

import (
	"fmt"

	"github.com/wipsvec/wipsvec/skipgram/subword"
)

// The n-grams of a word and the rows they hash to in a model of 1,000
// words, with fastText's defaults: what a trainer asks once per word.
func ExampleSettings_AppendRows() {
	s := subword.Default()
	fmt.Println(s.Ngrams("where")[:5])
	rows := s.AppendRows(nil, "where", 1000)
	fmt.Println(len(rows), rows[:3])
	// Output:
	// [<wh <whe <wher <where whe]
	// 14 [168652 990715 1527707]
}

// A word's vector from its rows: an unseen word is the mean of its
// n-grams' rows.
func ExampleModel_Vector() {
	s := subword.Settings{Minn: 3, Maxn: 3, Bucket: 4}
	words := []string{"cat"}
	rows := []float32{
		1, 1, // cat
		0, 2, // bucket 0
		2, 0, // bucket 1
		4, 4, // bucket 2
		6, 6, // bucket 3
	}
	m, err := subword.NewModel(s, words, 2, 0, rows)
	if err != nil {
		fmt.Println(err)
		return
	}
	v := make([]float32, 2)
	n := m.Vector(v, "cat")
	fmt.Println(s.Ngrams("cat"), s.AppendWordRows(nil, 0, "cat", 1), n, v)
	n = m.Vector(v, "cab")
	fmt.Println(s.Ngrams("cab"), s.AppendRows(nil, "cab", 1), n, v)
	// Output:
	// [<ca cat at>] [0 4 4 3] 4 [4.25 4.25]
	// [<ca cab ab>] [4 2 1] 3 [2.6666667 2.6666667]
}
