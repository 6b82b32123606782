package skipgram

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/window"
)

// softmaxLayer is a toy output layer, a full softmax over the vocabulary:
// an input is scored against every word's output row, and the loss is
// -log of the predicted word's share of exp(score). Everything it takes to
// train it is in this file: the layer, a worker's view of it, and its loss.
type softmaxLayer struct{}

func (softmaxLayer) name() string         { return "softmax" }
func (softmaxLayer) uses(*Options) bool   { return true }
func (softmaxLayer) rows(int) int         { return 0 }
func (softmaxLayer) tableBytes(int) int64 { return 0 }
func (softmaxLayer) drawn() bool          { return false }

func (softmaxLayer) check(o *Options) error {
	if o.Batch || o.Subwords.Enabled() {
		return errors.New("the toy softmax trains word rows pair by pair or in CBOW windows")
	}
	return nil
}

func (softmaxLayer) begin(_ *Options, counts []int64) outputRun { return softmaxRun(len(counts)) }

// softmaxRun is the layer in a run: the vocabulary's size. It is the
// layers' loss (linear.Loss), which scores every row at once.
type softmaxRun int

func (n softmaxRun) longest() int                    { return int(n) }
func (n softmaxRun) view(hogwild.Rows) window.Output { return softmaxOutput(n) }

// Gradients: the step of output j is alpha * (1{j predicted} - p_j).
func (softmaxRun) Gradients(x []float32, pos []bool, alpha float32, g []float32) float32 {
	top := slices.Max(x)
	var sum float64
	for _, v := range x {
		sum += math.Exp(float64(v - top))
	}
	var loss float64
	for j, v := range x {
		p := math.Exp(float64(v-top)) / sum
		y := 0.0
		if pos[j] {
			y, loss = 1, -math.Log(p)
		}
		g[j] = alpha * float32(y-p)
	}
	return float32(loss)
}

// softmaxOutput is a worker's view: every word's output row.
type softmaxOutput int

func (n softmaxOutput) Targets(s *step, word int32, _ []int32, outs [][]float32, pos []bool) ([][]float32, []bool) {
	for w := range int32(n) {
		outs, pos = append(outs, s.Out.At(w)), append(pos, w == word)
	}
	return outs, pos
}

// TestAnOutputLayerInOneFile puts the toy softmax in place of the table's
// output layers and shows that nothing else is needed: SG's and WIPS's
// kernels step their rows by the softmax's gradient (central differences
// of the score, weighed by alpha * (1{predicted} - p)), and both learn the
// topics of a small corpus, pair by pair and in CBOW windows.
func TestAnOutputLayerInOneFile(t *testing.T) {
	saved := outputLayers
	outputLayers = []outputLayer{softmaxLayer{}}
	t.Cleanup(func() { outputLayers = saved })
	v, stream := syntheticCorpus(t, 20000, 1)
	for _, kind := range []Kind{SG, WIPS} {
		t.Run(string(kind), func(t *testing.T) {
			for trial := range 3 {
				checkSoftmaxStep(t, kind, uint64(trial+1))
			}
			for _, cbow := range []bool{false, true} {
				opt := DefaultOptions()
				opt.Model, opt.Dim, opt.Iter, opt.Threads, opt.Sample, opt.Batch, opt.CBOW, opt.Negative = kind, 12, 2, 1, 0, false, cbow, 0
				_, untrained := mustTrain(t, v, stream, withAlpha(opt, 0))
				m, st := mustTrain(t, v, stream, opt)
				gap := groupGap(m, v)
				t.Logf("cbow %v: loss %.3f (untrained %.3f), group gap %.3f", cbow, st.Loss, untrained.Loss, gap)
				if !(st.Loss < untrained.Loss-0.5) || !(gap > 0.3) {
					t.Errorf("cbow %v: loss %.3f from %.3f untrained, group gap %.3f: want the loss 0.5 lower and a gap above 0.3", cbow, st.Loss, untrained.Loss, gap)
				}
			}
		})
	}
}

func withAlpha(o Options, alpha float64) Options { o.Alpha = alpha; return o }

// checkSoftmaxStep steps kind's kernel once on the pair (centre 0, context
// 1) over six words and checks every row's move against G's central
// differences, G = sum_j g_j * step64(in, out_j) with g_j = -alpha times
// the loss's derivative in score j (central differences too): for SG that is alpha times the gradient of log p_0;
// for WIPS, whose rows move with lambda's signs (step64), the same with
// the signs. A one-view model's input is also one of its outputs: a
// coordinate perturbs every place its row appears.
func checkSoftmaxStep(t *testing.T, kind Kind, seed uint64) {
	const words, dim, alpha, h = 6, 10, 1e-3, 1e-3
	w := testWorker(t, kind, dim, words, 0, seed)
	m := w.r.model
	in0, outs0 := make([][]float32, words), make([][]float32, words)
	for r := range words {
		in0[r], outs0[r] = slices.Clone(m.Row(r)), slices.Clone(outRow(w, r))
	}
	// g_j = -alpha * dL/dx_j, L = -log softmax(x)_0, by central differences.
	x := make([]float64, words)
	for j := range x {
		x[j] = score64(w, in0[1], outs0[j])
	}
	L := func(x []float64) float64 {
		var sum float64
		for _, v := range x {
			sum += math.Exp(v)
		}
		return math.Log(sum) - x[0]
	}
	g := make([]float64, words)
	for j := range g {
		xp := slices.Clone(x)
		xp[j] += h
		lp := L(xp)
		xp[j] -= 2 * h
		g[j] = -alpha * (lp - L(xp)) / (2 * h)
	}
	w.kernel.window(&w.step, 0, []int32{1}, alpha)

	oneView := m.Out == nil
	G := func(ins, outs [][]float32) float64 {
		var s float64
		for j := range words {
			s += g[j] * step64(w, ins[1], outs[j])
		}
		return s
	}
	// d returns dG/d(coordinate i of row r of the input (or output) matrix).
	d := func(r, i int, input bool) float64 {
		at := func(delta float32) float64 {
			ins, outs := slices.Clone(in0), slices.Clone(outs0)
			if input || oneView {
				ins[r] = slices.Clone(in0[r])
				ins[r][i] += delta
			}
			if !input || oneView {
				outs[r] = slices.Clone(outs0[r])
				outs[r][i] += delta
			}
			if oneView {
				outs[r] = ins[r]
			}
			return G(ins, outs)
		}
		return (at(h) - at(-h)) / (2 * h)
	}
	type matrix struct {
		name          string
		before, after func(r int) []float32
		input         bool
	}
	ms := []matrix{{"in", func(r int) []float32 { return in0[r] }, m.Row, true}}
	if !oneView {
		ms = append(ms, matrix{"out", func(r int) []float32 { return outs0[r] }, func(r int) []float32 { return outRow(w, r) }, false})
	}
	for _, mx := range ms {
		for r := range words {
			for i := range dim {
				want := d(r, i, mx.input)
				if got := float64(mx.after(r)[i] - mx.before(r)[i]); math.Abs(got-want) > 0.01*math.Abs(want)+1e-7 {
					t.Errorf("%s trial %d: d%s[%d][%d] = %.6g, want %.6g", kind, seed, mx.name, r, i, got, want)
				}
			}
		}
	}
}
