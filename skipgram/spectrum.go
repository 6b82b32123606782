package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/spectrum"
	"github.com/wipsvec/wipsvec/vocab"
)

// SpectrumOptions sizes WIPS's spectral start (see SpectralNegatives).
type SpectrumOptions = spectrum.Options

// SpectralNegatives estimates how many of WIPS's K weights should be
// negative from the corpus itself, before any training (spectrum.Negatives).
func SpectralNegatives(v *vocab.Vocab, chunks [][]int32, k int, opt SpectrumOptions) (q int, top []float64, edge float64, err error) {
	return spectrum.Negatives(v, chunks, k, opt)
}
