package skipgram_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/vocab"
)

// Training from a reader: the text is tokenized, counted into a vocabulary
// and encoded as word ids in one pass, then trained. With one thread and a
// seed the result is the same on every run.
func Example() {
	text := strings.Repeat("the cat sat on the mat\nthe dog sat on the log\n", 500)
	v, ids, err := vocab.Learn(corpus.NewScanner(strings.NewReader(text)), vocab.LearnOptions{MinCount: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	opt := skipgram.DefaultOptions()
	opt.Model, opt.Dim, opt.Iter, opt.Threads, opt.Sample = skipgram.SIPS, 8, 3, 1, 0
	job := &skipgram.Job{Options: opt, Vocab: v, Text: [][]int32{ids}}
	res, err := job.Train(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	// The sidecar says how to score the vectors: here SIPS's own similarity.
	vec := res.Vectors()
	fmt.Printf("%s: %d words of %d coordinates, %d tokens trained\n", res.Model.Kind, len(vec.Words), vec.Dim, res.Stats.Words)
	fmt.Println("scored by", res.Meta.Similarities()[0].Name)
	// Output:
	// sips: 7 words of 8 coordinates, 18000 tokens trained
	// scored by sips
}
