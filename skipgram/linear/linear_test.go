package linear

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// TestBatchOfOneIsSingle: a batch window of one context trains as Single
// and Step train that context against the same targets, for every kind of
// form: plain, with a bias, weighted, and weighted with the rows moving by
// other weights and the weights' gradient kept.
func TestBatchOfOneIsSingle(t *testing.T) {
	const dim, nt = 8, 4
	r := rand.New(rand.NewPCG(1, 2))
	vec := func(scale float32) []float32 {
		v := make([]float32, dim)
		for i := range v {
			v[i] = (2*r.Float32() - 1) * scale
		}
		return v
	}
	sig := kernel.NewSigmoidTable()
	pos := []bool{true, false, false, false}
	for _, f := range []Form{{}, {Bias: true}, {W: vec(1)}, {W: vec(1), U: vec(1), DW: make([]float32, dim)}} {
		in, outs := vec(0.5), make([][]float32, nt)
		for j := range outs {
			outs[j] = vec(0.5)
		}
		// The single way, on copies.
		in1, outs1 := slices.Clone(in), make([][]float32, nt)
		for j := range outs {
			outs1[j] = slices.Clone(outs[j])
		}
		f1 := f
		if f.DW != nil {
			f1.DW = make([]float32, dim)
		}
		var a hogwild.Scratch
		s := NewSingle(&a, dim)
		loss1 := s.Score(&f1, sig, in1, outs1, pos, 0.1)
		if f1.DW != nil {
			kernel.WeightedStep(in1, f1.DW, f1.U, s.Acc) // dw += in * acc, in += U * acc
		} else {
			f1.Step(in1, s.Acc)
		}

		b := NewBatch(&a, dim, 1, nt)
		b.Weighted(&a)
		loss := b.Train(&f, sig, outs, pos, [][]float32{in}, 0.1)
		near := func(what string, got, want []float32) {
			for i := range want {
				if math.Abs(float64(got[i]-want[i])) > 1e-5 {
					t.Fatalf("form %+v: %s[%d] = %v, Single's %v", f, what, i, got[i], want[i])
				}
			}
		}
		if math.Abs(float64(loss-loss1)) > 1e-5 {
			t.Fatalf("form %+v: loss %v, Single's %v", f, loss, loss1)
		}
		near("in", in, in1)
		for j := range outs {
			near("out", outs[j], outs1[j])
		}
		if f.DW != nil {
			near("dw", f.DW, f1.DW)
		}
	}
}

// logistic is the logistic loss as a Loss, for ScoreJoint.
type logistic struct{ sig *kernel.SigmoidTable }

func (l logistic) Gradients(x []float32, pos []bool, alpha float32, g []float32) (loss float32) {
	for j := range x {
		var lj float32
		g[j], lj = l.sig.Gradient(x[j], pos[j], alpha)
		loss += lj
	}
	return loss
}

// TestScoreJointIsScore: under the logistic loss, ScoreJoint moves the
// rows (distinct ones) and leaves the input's gradient as Score does, for
// every kind of form.
func TestScoreJointIsScore(t *testing.T) {
	const dim, nt = 8, 4
	r := rand.New(rand.NewPCG(3, 4))
	vec := func() []float32 {
		v := make([]float32, dim)
		for i := range v {
			v[i] = (2*r.Float32() - 1) * 0.5
		}
		return v
	}
	sig := kernel.NewSigmoidTable()
	pos := []bool{true, false, false, false}
	for _, f := range []Form{{}, {Bias: true}, {W: vec()}, {W: vec(), U: vec()}} {
		in, outs, outs1 := vec(), make([][]float32, nt), make([][]float32, nt)
		for j := range outs {
			outs[j] = vec()
			outs1[j] = slices.Clone(outs[j])
		}
		var a hogwild.Scratch
		s, s1 := NewSingle(&a, dim), NewSingle(&a, dim)
		loss := s.ScoreJoint(&f, logistic{sig}, in, outs, pos, 0.1)
		loss1 := s1.Score(&f, sig, in, outs1, pos, 0.1)
		if math.Abs(float64(loss-loss1)) > 1e-5 {
			t.Fatalf("form %+v: loss %v, Score's %v", f, loss, loss1)
		}
		for j := range outs {
			for i := range dim {
				if math.Abs(float64(outs[j][i]-outs1[j][i])) > 1e-6 || math.Abs(float64(s.Acc[i]-s1.Acc[i])) > 1e-6 {
					t.Fatalf("form %+v: out %d or the gradient differs at %d", f, j, i)
				}
			}
		}
	}
}
