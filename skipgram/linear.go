package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/linear"
)

// A linearKernel trains a model whose score is linear in each row
// (package linear): SG, IPS, SIPS, IPDS and WIPS are such models, and
// every architecture beyond skip-gram's pairs (batch windows, CBOW,
// hierarchical softmax, subword rows) trains them from their form alone.
// A model's kernels make one with newLinear and say what its form is.
type linearKernel interface {
	windowKernel
	form() *linear.Form
	// weigh sets the form's weights W, U and DW, with the buffers they
	// need from a.
	weigh(a *hogwild.Scratch, w, u, dw []float32)
}

// linForm is a linear kernel's form, with linearKernel's methods.
type linForm struct{ linear.Form }

func (f *linForm) form() *linear.Form { return &f.Form }

func (f *linForm) weigh(_ *hogwild.Scratch, w, u, dw []float32) { f.W, f.U, f.DW = w, u, dw }

// newLinear returns a worker's kernel for a linear model under the run's
// architecture, its buffers from a: CBOW, batch windows or skip-gram's
// pairs, each of words or of bags of rows. A model's kernels make it and
// set its form.
func newLinear(s *kernelSetup, a *hogwild.Scratch) linearKernel {
	o, dim := s.opt, s.model.Dim
	bagged := s.bags && s.model.Out == nil // a one-view model: every word a bag of rows (bags.go)
	switch {
	case o.CBOW && bagged:
		return newBagCBOW(a, dim, o.Window, s.outputs)
	case o.CBOW:
		return newCBOW(a, dim, o.Window, s.outputs)
	case o.Batch && bagged:
		return newBagWindow(a, dim, o.Window, s.outputs)
	case o.Batch && s.bags:
		return newSubwordWindow(a, dim, s.outputs, s.drawnPairs)
	case o.Batch:
		return newBatchLinear(a, dim, o.Window, s.outputs)
	}
	return newPairsLinear(a, dim, s.outputs, s.drawnPairs)
}
