package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/linear"
)

// Batch windows (Options.Batch): one set of negatives serves every context
// of a centre word, and every row is fetched and written once per window
// instead of once per pair (package linear has the arithmetic, and why).

// batchRows are a batch kernel's rows of one window, as its worker trains
// them.
type batchRows struct {
	outs [][]float32 // the targets' rows
	pos  []bool      // whether each target is a positive
	ins  [][]float32 // the contexts' rows
}

func newBatchRows(a *hogwild.Scratch, window, targets int) batchRows {
	return batchRows{pos: a.Bools(targets), outs: a.Rows(targets), ins: a.Rows(2 * window)}
}

// rows returns the window's output rows with whether each is a positive
// (step.windowOutputs) and its context rows, as the worker trains them.
func (b *batchRows) rows(s *step, center int32, ctxs []int32) (outs [][]float32, pos []bool, ins [][]float32) {
	outs, pos = s.WindowOutputs(center, b.outs[:0], b.pos[:0])
	ins = b.ins[:len(ctxs)]
	for i, c := range ctxs {
		ins[i] = s.In.At(c)
	}
	return outs, pos, ins
}

// batchArchitecture is skip-gram's batch windows (Options.Batch): a
// window's contexts against one draw of targets, each row written once.
var batchArchitecture = architecture{
	uses: func(o *Options) bool { return o.Batch },
	plain: func(s *kernelSetup, a *hogwild.Scratch) linearKernel {
		return newBatchLinear(a, s.model.Dim, s.opt.Window, s.outputs)
	},
	bagged: func(s *kernelSetup, a *hogwild.Scratch, oneView bool) linearKernel {
		if oneView {
			return newBagWindow(a, s.model.Dim, s.opt.Window, s.outputs)
		}
		return newSubwordWindow(a, s.model.Dim, s.outputs)
	},
}

// batchLinear is the batch kernel of the linear models.
type batchLinear struct {
	linForm
	batchRows
	*linear.Batch
}

func newBatchLinear(a *hogwild.Scratch, dim, window, targets int) *batchLinear {
	return &batchLinear{batchRows: newBatchRows(a, window, targets), Batch: linear.NewBatch(a, dim, window, targets)}
}

// weigh sets the kernel's weights w, the weights u its rows move with, and
// where the weights' gradient goes (WIPS's lambda, signs and dlambda).
func (k *batchLinear) weigh(a *hogwild.Scratch, w, u, dw []float32) {
	k.W, k.U, k.DW = w, u, dw
	k.Weighted(a)
}

func (k *batchLinear) window(s *step, center int32, ctxs []int32, alpha float32) (loss float32) {
	if len(ctxs) == 0 {
		return 0
	}
	outs, pos, ins := k.rows(s, center, ctxs)
	return k.Train(&k.Form, s.Sig, outs, pos, ins, alpha)
}
