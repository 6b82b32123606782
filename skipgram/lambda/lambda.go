// Package lambda starts WIPS's weights: it parses -lambda-init into the
// vector a new model's lambda is filled with (spectral, neg:Q, ones,
// uniform, random, signed or a constant), scaled to a root mean square of
// 1, the gauge WIPS trains its weights in.
package lambda

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// NormalizeRMS scales v to a root mean square of 1 (a zero vector is left
// alone).
func NormalizeRMS(v []float32) {
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	if ss == 0 || math.IsNaN(ss) || math.IsInf(ss, 0) {
		return
	}
	f := float32(1 / math.Sqrt(ss/float64(len(v))))
	for k := range v {
		v[k] *= f
	}
}

// Parse turns -lambda-init into a function that fills lambda.
func Parse(s string) (func([]float32, *kernel.RNG), error) {
	switch s {
	case "", "ones", "spectral":
		// A Job resolves the spectral start into "neg:Q"
		// from the data; a model made without it starts as IPS.
		return func(l []float32, _ *kernel.RNG) {
			for i := range l {
				l[i] = 1
			}
		}, nil
	case "uniform":
		return func(l []float32, r *kernel.RNG) {
			for i := range l {
				l[i] = r.Float32() / float32(len(l))
			}
		}, nil
	case "random":
		return func(l []float32, r *kernel.RNG) {
			for i := range l {
				l[i] = 2*r.Float32() - 1
			}
		}, nil
	case "signed":
		return func(l []float32, _ *kernel.RNG) {
			for i := range l {
				l[i] = 1
				if i >= len(l)/2 {
					l[i] = -1
				}
			}
		}, nil
	}
	if qs, ok := strings.CutPrefix(s, "neg:"); ok {
		q, err := strconv.Atoi(qs)
		if err != nil || q < 0 {
			return nil, fmt.Errorf("-lambda-init neg:Q wants a count Q >= 0, got %q", s)
		}
		return func(l []float32, _ *kernel.RNG) {
			copy(l, IPDS(len(l), min(q, len(l))))
		}, nil
	}
	c, err := strconv.ParseFloat(s, 32)
	if err != nil || math.IsNaN(c) || math.IsInf(c, 0) {
		return nil, fmt.Errorf("-lambda-init must be spectral, neg:Q, ones, uniform, random, signed or a number, got %q", s)
	}
	return func(l []float32, _ *kernel.RNG) {
		for i := range l {
			l[i] = float32(c)
		}
	}, nil
}

// IPDS is the WIPS weight vector that makes WIPS an IPDS with q negative
// coordinates: (1,...,1,-1,...,-1).
func IPDS(dim, q int) []float32 {
	l := make([]float32, dim)
	for i := range l {
		l[i] = 1
		if i >= dim-q {
			l[i] = -1
		}
	}
	return l
}

// NegDim is IPDS's number of negative coordinates for the ratio r = q/K
// at size k: round(r*k), kept inside [1, k-1] so that both parts exist. At
// K = 10 the paper's ratios 0.01 and 0.99 would otherwise give q = 0 and
// q = K, which are IPS and its negation rather than IPDS.
func NegDim(r float64, k int) int {
	q := int(math.Round(r * float64(k)))
	return min(max(q, 1), k-1)
}
