package start_test

import (
	"fmt"

	"github.com/wipsvec/wipsvec/skipgram/start"
)

// A program that runs train checks the command line it builds as train
// will resolve it: CBOW's learning rate defaults to word2vec.c's, and a
// setting the rules refuse comes back as one line.
func ExampleParseArgs() {
	r, err := start.ParseArgs([]string{"-train", "text.txt", "-output", "vectors.bin", "-model", "wips", "-cbow", "1"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Options.Model, r.Options.CBOW, r.Options.Alpha)

	_, err = start.ParseArgs([]string{"-train", "text.txt", "-output", "vectors.bin", "-model", "hsg", "-cbow", "1"})
	fmt.Println(err)
	// Output:
	// wips true 0.05
	// -cbow 1 has no meaning for hsg: the mean of points on the hyperboloid lies inside it, not on it
}
