//go:build !subwordcentre

package skipgram

// centreOnly is false: a one-view model with subwords composes every word
// of a pair (composedPair); -tags subwordcentre builds the alternative
// docs/subwords.md measured.
const centreOnly = false
