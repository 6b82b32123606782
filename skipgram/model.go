// Package skipgram trains skip-gram embeddings with negative sampling under
// the general similarity models of Kim et al. (IJCAI 2019): the classic
// two-matrix skip-gram (SG), and the one-view models IPS, SIPS, IPDS, WIPS and
// hyperbolic skip-gram (HSG). It also reads and writes the model files: plain
// word2vec vectors plus a JSON sidecar that records how to score them.
package skipgram

import (
	"fmt"
	"math"
	"strings"
)

// Kind names a similarity model.
type Kind string

// The similarity models. All but SG are one-view: a single vector per word
// serves as both centre and context.
const (
	SG   Kind = "sg"   // two matrices; scored by inner product and cosine
	IPS  Kind = "ips"  // <y, y'>
	SIPS Kind = "sips" // <y~, y~'> + u + u', bias in the last coordinate
	IPDS Kind = "ipds" // <y+, y+'> - <y-, y-'>, the last q coordinates negative
	WIPS Kind = "wips" // sum_k lambda_k y_k y'_k with a learned lambda
	HSG  Kind = "hsg"  // Minkowski product on the hyperboloid, last coordinate time-like
)

// Kinds lists every model in the order of the paper's Table 3.
var Kinds = []Kind{IPS, SIPS, IPDS, WIPS, SG, HSG}

// ParseKind returns the Kind named by s, or an error listing the known ones.
func ParseKind(s string) (Kind, error) {
	for _, k := range Kinds {
		if string(k) == strings.ToLower(s) {
			return k, nil
		}
	}
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = string(k)
	}
	return "", fmt.Errorf("unknown model %q (want one of %s)", s, strings.Join(names, ", "))
}

// HSGTheta is the score offset of hyperbolic skip-gram: sigma(<y,y'>_M + theta).
const HSGTheta = 3.0

// Similarity scores a pair of word vectors. Eval and nearest-neighbour search
// use the model's own similarity so that indefinite models are judged by the
// function they were trained with.
type Similarity struct {
	Name string // short label printed by eval: "cos", "ip", "wip", ...
	Func func(a, b []float32) float64
}

// Similarities returns the similarity functions that score vectors of this
// model. SG (and a file without a sidecar, Meta{}) is scored by cosine and by
// inner product; every other model by its own score function.
func (m *Meta) Similarities() []Similarity {
	switch m.Model {
	case IPS:
		return []Similarity{{"ip", Dot64}}
	case SIPS:
		return []Similarity{{"sips", ShiftedDot64}}
	case IPDS:
		q := m.NegDim
		return []Similarity{{fmt.Sprintf("ipds(q=%d)", q), func(a, b []float32) float64 { return DiffDot64(a, b, q) }}}
	case WIPS:
		lambda := m.Lambda
		return []Similarity{{"wip", func(a, b []float32) float64 { return WeightedDot64(a, b, lambda) }}}
	case HSG:
		return []Similarity{{"minkowski", Minkowski64}}
	default:
		return []Similarity{{"cos", Cosine64}, {"ip", Dot64}}
	}
}

// Dot64 is the inner product, accumulated in float64.
func Dot64(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

// Cosine64 is the cosine similarity; zero vectors score 0.
func Cosine64(a, b []float32) float64 {
	var s, na, nb float64
	for i := range a {
		x, y := float64(a[i]), float64(b[i])
		s += x * y
		na += x * x
		nb += y * y
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return s / math.Sqrt(na*nb)
}

// ShiftedDot64 is SIPS: the inner product of all but the last coordinate plus
// both biases (the last coordinates).
func ShiftedDot64(a, b []float32) float64 {
	n := len(a) - 1
	return Dot64(a[:n], b[:n]) + float64(a[n]) + float64(b[n])
}

// DiffDot64 is IPDS: the inner product of the first len-q coordinates minus
// that of the last q.
func DiffDot64(a, b []float32, q int) float64 {
	p := len(a) - q
	return Dot64(a[:p], b[:p]) - Dot64(a[p:], b[p:])
}

// WeightedDot64 is WIPS: sum_k lambda_k a_k b_k.
func WeightedDot64(a, b []float32, lambda []float32) float64 {
	var s float64
	for i := range a {
		s += float64(lambda[i]) * float64(a[i]) * float64(b[i])
	}
	return s
}

// Minkowski64 is the Lorentzian product with the last coordinate time-like:
// sum_{k<K} a_k b_k - a_K b_K. On the hyperboloid it equals -cosh(distance),
// so larger means closer.
func Minkowski64(a, b []float32) float64 {
	n := len(a) - 1
	return Dot64(a[:n], b[:n]) - float64(a[n])*float64(b[n])
}
