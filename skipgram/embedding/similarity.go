package embedding

import (
	"errors"
	"fmt"
	"math"
)

// Form is one similarity of the family every model here scores with, the
// paper's weighted inner product with an optional bias coordinate:
//
//	s(a, b) = sum_{k<P} w_k a_k b_k  (+ a_P + b_P with Bias)
//
// P is the dimension, less the last coordinate with Bias; w_k is
// Weights[k] (1 when Weights is nil), negated on the last Neg of the P
// coordinates. With Cosine, a and b are scaled to unit length first (and
// nothing else applies). IPS is the plain form, SIPS Bias, IPDS Neg = q,
// WIPS Weights = lambda, HSG's Minkowski product Neg = 1 (the time-like
// last coordinate), SG both Cosine and the plain form.
//
// Every form is <L a, R b> + c_a + d_b with L and R diagonal (Split), which
// is how graph evaluation ranks a node against all others with the vector
// kernels; Func is the same similarity in float64, for the benchmarks.
type Form struct {
	Name    string    `json:"name"` // eval's label: "cos", "ip", "sips", "ipds(q=2)", "wip", "minkowski"
	Cosine  bool      `json:"cosine,omitempty"`
	Bias    bool      `json:"bias,omitempty"`
	Neg     int       `json:"neg,omitempty"`
	Weights []float32 `json:"weights,omitempty"`
}

// Check reports why f cannot score vectors of dim coordinates, or nil.
func (f Form) Check(dim int) error {
	p := dim
	if f.Bias {
		p--
	}
	switch {
	case f.Name == "":
		return errors.New("similarity without a name")
	case dim < 1:
		return fmt.Errorf("similarity %s: dim %d: want at least 1", f.Name, dim)
	case f.Cosine && (f.Bias || f.Neg != 0 || f.Weights != nil):
		return fmt.Errorf("similarity %s: cosine takes no bias, negative coordinates or weights", f.Name)
	case f.Bias && p < 1:
		return fmt.Errorf("similarity %s: a bias coordinate needs dim of at least 2, have %d", f.Name, dim)
	case f.Neg < 0 || f.Neg > 0 && f.Neg >= p:
		return fmt.Errorf("similarity %s: %d negative coordinates outside (0, %d)", f.Name, f.Neg, p)
	case f.Weights != nil && f.Neg != 0:
		return fmt.Errorf("similarity %s: weights carry their own signs; no negative coordinates with them", f.Name)
	case f.Weights != nil && len(f.Weights) != p:
		return fmt.Errorf("similarity %s: %d weights, want %d", f.Name, len(f.Weights), p)
	}
	for i, w := range f.Weights {
		if x := float64(w); math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("similarity %s: weight %d is %v", f.Name, i, w)
		}
	}
	return nil
}

// Similarity scores a pair of vectors: Func is Form in float64. Eval and
// nearest-neighbour search use the model's own similarity, so that
// indefinite models are judged by the function they were trained with.
type Similarity struct {
	Name string // short label printed by eval: "cos", "ip", "wip", ...
	Func func(a, b []float32) float64
	Form Form
}

// Similarity returns f as a scoring function, accumulated in float64.
func (f Form) Similarity() Similarity {
	return Similarity{Name: f.Name, Func: f.float64Func(), Form: f}
}

func (f Form) float64Func() func(a, b []float32) float64 {
	switch {
	case f.Cosine:
		return Cosine
	case f.Weights != nil:
		w, bias := f.Weights, f.Bias
		return func(a, b []float32) float64 {
			n := len(w)
			s := weightedDot64(a[:n], b[:n], w)
			if bias {
				s += float64(a[n])
				s += float64(b[n])
			}
			return s
		}
	}
	q, bias := f.Neg, f.Bias
	return func(a, b []float32) float64 {
		n := len(a)
		if bias {
			n--
		}
		p := n - q
		s := dot64(a[:p], b[:p])
		if q > 0 {
			s -= dot64(a[p:n], b[p:n])
		}
		if bias {
			s += float64(a[n])
			s += float64(b[n])
		}
		return s
	}
}

// Split writes L a into left and R a into right and returns c_a and d_a,
// the form's terms of a as the left and as the right vector of
// s(a, b) = <L a, R b> + c_a + d_b. The three slices have a's length.
func (f Form) Split(a, left, right []float32) (c, d float32) {
	copy(left, a)
	copy(right, a)
	n := len(a)
	switch {
	case f.Cosine:
		var ss float64
		for _, x := range a {
			ss += float64(x) * float64(x)
		}
		if ss > 0 {
			s := float32(1 / math.Sqrt(ss))
			for k := range left {
				left[k] *= s
				right[k] = left[k]
			}
		}
		return 0, 0
	case f.Bias:
		n--
		c, d = a[n], a[n]
		left[n], right[n] = 0, 0
	}
	for k, w := range f.Weights {
		left[k] *= w
	}
	for k := n - f.Neg; k < n; k++ {
		left[k] = -left[k]
	}
	return c, d
}

// Plain are the similarities of vectors without a sidecar: cosine and the
// inner product, as for SG.
func Plain() []Form {
	return []Form{{Name: "cos", Cosine: true}, {Name: "ip"}}
}

// Similarities returns the similarity functions of the vectors m describes:
// m.Forms, the similarities of a sidecar of trainer version 0.1 by its
// model, or, for a nil m (a plain word2vec file), cosine and inner product.
// m must have passed ReadMeta's checks (or been made by the trainer).
func (m *Meta) Similarities() []Similarity {
	forms := Plain()
	if m != nil {
		forms = m.Forms
		if len(forms) == 0 {
			forms, _ = legacyForms(m)
		}
	}
	sims := make([]Similarity, len(forms))
	for i, f := range forms {
		sims[i] = f.Similarity()
	}
	return sims
}

// legacyForms are the similarities of a sidecar written before sidecars
// recorded them (trainer version 0.1): such a sidecar names one of the six
// models of that version, whose similarities were these. The table is
// closed: every later model records its own.
func legacyForms(m *Meta) ([]Form, error) {
	switch m.Model {
	case "sg":
		return Plain(), nil
	case "ips":
		return []Form{{Name: "ip"}}, nil
	case "sips":
		return []Form{{Name: "sips", Bias: true}}, m.needDim2()
	case "ipds":
		if m.NegDim <= 0 || m.NegDim >= m.Dim {
			return nil, fmt.Errorf("ipds neg_dim %d outside (0, dim=%d)", m.NegDim, m.Dim)
		}
		return []Form{{Name: fmt.Sprintf("ipds(q=%d)", m.NegDim), Neg: m.NegDim}}, nil
	case "wips":
		if len(m.Lambda) != m.Dim {
			return nil, fmt.Errorf("wips lambda has %d weights, want dim=%d", len(m.Lambda), m.Dim)
		}
		return []Form{{Name: "wip", Weights: m.Lambda}}, nil
	case "hsg":
		return []Form{{Name: "minkowski", Neg: 1}}, m.needDim2()
	}
	return nil, fmt.Errorf("unknown model %q", m.Model)
}

// needDim2 is the check of the version 0.1 models whose last coordinate is
// special (SIPS's bias, HSG's time).
func (m *Meta) needDim2() error {
	if m.Dim < 2 {
		return fmt.Errorf("%s needs dim of at least 2, have %d", m.Model, m.Dim)
	}
	return nil
}

// dot64 is the inner product, accumulated in float64.
func dot64(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

// Cosine is the cosine similarity of a and b, summed in float64; zero
// vectors score 0.
func Cosine(a, b []float32) float64 {
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

// weightedDot64 is sum_k w_k a_k b_k.
func weightedDot64(a, b, w []float32) float64 {
	var s float64
	for i := range a {
		s += float64(w[i]) * float64(a[i]) * float64(b[i])
	}
	return s
}
