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
// architecture, its buffers from a. A model's kernels make it and set its
// form.
func newLinear(s *kernelSetup, a *hogwild.Scratch) linearKernel {
	arch := s.opt.architecture()
	if s.bags && arch.bagged != nil {
		return arch.bagged(s, a, s.model.Out == nil)
	}
	return arch.plain(s, a)
}

// An architecture is how a run turns a window into examples: CBOW's one
// example a window, skip-gram's batch windows or skip-gram's pairs. Each,
// in its file, says when a run takes it and the linear kernel it trains a
// model with, of words or of bags of rows (a row representation's, with
// oneView when the model scores a bag against bags: bags.go); without a
// bagged kernel, plain's takes bags too.
type architecture struct {
	uses   func(o *Options) bool
	plain  func(s *kernelSetup, a *hogwild.Scratch) linearKernel
	bagged func(s *kernelSetup, a *hogwild.Scratch, oneView bool) linearKernel
}

// architectures are the architectures in the order a run asks them: the
// first that it uses is its own; the last uses every run.
var architectures = []*architecture{&cbowArchitecture, &batchArchitecture, &pairsArchitecture}

// architecture is the run's architecture.
func (o *Options) architecture() *architecture {
	for _, a := range architectures {
		if a.uses(o) {
			return a
		}
	}
	return architectures[len(architectures)-1]
}
