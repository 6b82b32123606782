//go:build subwordcentre

package skipgram

// centreOnly: a one-view model with subwords composes the centre word
// alone, its targets word rows, as SG does: the alternative
// docs/subwords.md measured against composedPair, built only with -tags
// subwordcentre.
const centreOnly = true
