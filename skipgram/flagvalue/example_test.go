package flagvalue_test

import (
	"flag"
	"fmt"
	"io"

	"github.com/wipsvec/wipsvec/skipgram/flagvalue"
)

// Flags bound to a setting's field, checked as they are parsed: a value out
// of range is refused before any work, and a list keeps its order.
func Example() {
	size, sizes := 100, []int{100, 300}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	flagvalue.IntVar(fs, &size, "size", 1, 1<<24, "dimensions `K`")
	fs.Var(flagvalue.Counts(&sizes, 1<<24), "sizes", "comma-separated `sizes`")

	fmt.Println(fs.Parse([]string{"-sizes", "50, 200,50", "-size", "64"}), size, sizes)
	fmt.Println(fs.Parse([]string{"-size", "0"}))
	// Output:
	// <nil> 64 [50 200]
	// invalid value "0" for flag -size: want a whole number from 1 to 16777216
}
