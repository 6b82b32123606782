// Package planted generates corpora whose co-occurrences follow a known
// similarity, and measures how well a model's vectors recover it: an
// indefinite one (Planted), a small, self-contained check that the general
// similarity models can fit what an inner product cannot, with no
// download; and groups of words that co-occur (Topics), the corpus the
// tests train on to see that a pipeline learns at all.
package planted
