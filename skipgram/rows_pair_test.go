package skipgram

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/window"
)

// pairedRows is a toy row representation: a word is a bag of its own row
// and one of pairedExtra rows after the words', fixed by its id. Everything
// it takes to train it is in this file.
type pairedRows struct{}

const pairedExtra = 8

// pairedRow is word w's extra row, over words words.
func pairedRow(w, words int32) int32 { return words + (w*5+3)%pairedExtra }

func (pairedRows) uses(*Options) bool                 { return true }
func (pairedRows) extraRows(*Options) int             { return pairedExtra }
func (pairedRows) tableBytes(_ *Options, n int) int64 { return 8 * int64(n) }

func (pairedRows) check(o *Options) error {
	if o.Model.def().noMean != "" {
		return errors.New("the toy's bags are means")
	}
	return nil
}

func (pairedRows) bags(_ *Options, words []string) *window.Bags {
	n := int32(len(words))
	return window.NewBags(len(words), func(dst []int32, w int32) []int32 { return append(dst, w, pairedRow(w, n)) })
}

// TestARowRepresentationInOneFile puts the toy in place of the table's
// representations and shows that nothing else is needed: SG's and WIPS's
// kernels move every row of a bag by the whole gradient of the bag's mean
// (central differences), and both train, pair by pair, in batch windows
// and with CBOW, to a lower loss than the untrained model's.
func TestARowRepresentationInOneFile(t *testing.T) {
	saved := rowRepresentations
	rowRepresentations = []rowRepresentation{pairedRows{}}
	t.Cleanup(func() { rowRepresentations = saved })
	v, stream := syntheticCorpus(t, 20000, 1)
	for _, kind := range []Kind{SG, WIPS} {
		t.Run(string(kind), func(t *testing.T) {
			for trial := range 3 {
				checkPairedStep(t, kind, uint64(trial+1))
			}
			for _, arch := range []struct{ batch, cbow bool }{{false, false}, {true, false}, {false, true}} {
				opt := DefaultOptions()
				opt.Model, opt.Dim, opt.Iter, opt.Threads, opt.Sample, opt.Batch, opt.CBOW = kind, 12, 2, 1, 0, arch.batch, arch.cbow
				_, untrained := mustTrain(t, v, stream, withAlpha(opt, 0))
				m, st := mustTrain(t, v, stream, opt)
				if m.inRows() != v.Len()+pairedExtra {
					t.Fatalf("%+v: %d input rows, want the words' and %d", arch, m.inRows(), pairedExtra)
				}
				t.Logf("%+v: loss %.3f (untrained %.3f)", arch, st.Loss, untrained.Loss)
				if !(st.Loss < untrained.Loss-0.3) {
					t.Errorf("%+v: loss %.3f from %.3f untrained: want it 0.3 lower", arch, st.Loss, untrained.Loss)
				}
			}
		})
	}
}

// checkPairedStep steps kind's kernel once on the pair (centre 0, context
// 1) with no noise word and checks every row's move: each row of a bag by
// twice (its bag's size) G's central difference in it, G = g * step64(the
// centre's mean, the context's output) with g = alpha * (1 - sigma(score)):
// each row takes the whole gradient of its bag's mean. SG's context is its
// output row, which moves by G's difference in it; a one-view model's is
// the mean of the context's bag.
func checkPairedStep(t *testing.T, kind Kind, seed uint64) {
	const words, dim, alpha, h = 6, 10, 1e-3, 1e-3
	w := testWorkerWith(t, kind, dim, words, 0, seed, func(o *Options) { o.Batch = false })
	m := w.r.model
	rows := make([][]float32, m.inRows())
	for r := range rows {
		rows[r] = slices.Clone(m.In[r*m.Stride:][:dim])
	}
	mean := func(rows [][]float32, w int32) []float32 {
		a, b := rows[w], rows[pairedRow(w, words)]
		v := make([]float32, dim)
		for i := range v {
			v[i] = (a[i] + b[i]) / 2
		}
		return v
	}
	out0 := slices.Clone(outRow(w, 1))
	output := func(rows [][]float32, out []float32) []float32 {
		if m.Out == nil {
			return mean(rows, 1)
		}
		return out
	}
	s := score64(w, mean(rows, 0), output(rows, out0))
	g := alpha * (1 - 1/(1+math.Exp(-s)))
	G := func(rows [][]float32, out []float32) float64 {
		return g * step64(w, mean(rows, 0), output(rows, out))
	}
	w.kernel.window(&w.step, 0, []int32{1}, alpha)

	for r := range rows {
		for i := range dim {
			p := slices.Clone(rows)
			p[r] = slices.Clone(rows[r])
			p[r][i] += h
			gp := G(p, out0)
			p[r][i] -= 2 * h
			want := 2 * (gp - G(p, out0)) / (2 * h)
			if got := float64(m.In[r*m.Stride+i] - rows[r][i]); math.Abs(got-want) > 0.01*math.Abs(want)+1e-7 {
				t.Errorf("%s trial %d: row %d [%d] moved %.6g, want %.6g", kind, seed, r, i, got, want)
			}
		}
	}
	if m.Out == nil {
		return
	}
	for i := range dim {
		p := slices.Clone(out0)
		p[i] += h
		gp := G(rows, p)
		p[i] -= 2 * h
		want := (gp - G(rows, p)) / (2 * h)
		if got := float64(outRow(w, 1)[i] - out0[i]); math.Abs(got-want) > 0.01*math.Abs(want)+1e-7 {
			t.Errorf("%s trial %d: output row [%d] moved %.6g, want %.6g", kind, seed, i, got, want)
		}
	}
}
