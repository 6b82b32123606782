package skipgram

import "github.com/wipsvec/wipsvec/skipgram/window"

// A rowRepresentation is how a word's input is made of rows: with none, a
// word is its own row; with one, a word is a bag of rows (window.Bags),
// its own and rows the representation adds after the words' in the input
// matrix, and its input is their mean (fastText's subwords, subwords.go).
// Every kernel trains a bag as it trains a row, so a representation is
// this type alone: what it adds, and how a word's bag is made.
type rowRepresentation interface {
	// uses reports whether a run with o makes its words of this
	// representation's bags.
	uses(o *Options) bool
	// check reports a setting of o it cannot train with; it is asked only
	// when the run uses it.
	check(o *Options) error
	// extraRows is how many rows it adds after the words' (Model.Extra).
	extraRows(o *Options) int
	// bags lists the rows of every word of words.
	bags(o *Options, words []string) *window.Bags
	// tableBytes estimates what its bags take over words words.
	tableBytes(o *Options, words int) int64
}

// rowRepresentations lists every representation; a run uses the first
// whose uses says so, or none.
var rowRepresentations = []rowRepresentation{subwordRepresentation{}}

// representation is the row representation of a run with o, nil for none.
func (o *Options) representation() rowRepresentation {
	for _, r := range rowRepresentations {
		if r.uses(o) {
			return r
		}
	}
	return nil
}

// extraRows is how many rows o's representation adds after the words'.
func (o *Options) extraRows() int {
	if r := o.representation(); r != nil {
		return r.extraRows(o)
	}
	return 0
}

// newBags lists the bags of words under o's representation, nil for none.
func (o *Options) newBags(words []string) *window.Bags {
	if r := o.representation(); r != nil {
		return r.bags(o, words)
	}
	return nil
}
