// Package planted generates a corpus whose co-occurrences follow a known
// indefinite similarity, and measures how well a model's vectors recover it:
// a small, self-contained check that the general similarity models can fit
// what an inner product cannot, with no download.
package planted
