package skipgram

import "github.com/wipsvec/wipsvec/skipgram/window"

// windowKernel trains one centre word against the context words of its
// window. It is the one place a similarity model differs from another: the
// loop over the corpus, subsampling, the window and the draws are shared.
// It sees only the step: the rows it may read and write, the sigmoid
// table, its scratch, and the targets the step draws for it. It is called
// once per centre word, so the interface call is paid per window, not per
// pair.
type windowKernel interface {
	window(s *step, center int32, ctxs []int32, alpha float32) (loss float32)
}

// A kernelSetup is what a model's kernels are made from (modelDef.kernels):
// the run's parameters and settings, and how many output rows one window
// scores. The run makes it once; each worker's kernel then takes its
// buffers from the worker's scratch.
type kernelSetup struct {
	model   *Model
	opt     *Options
	outputs int  // the most output rows a window scores (step.windowOutputs)
	bags    bool // a word's input is the mean of its bag of rows (window.Bags)
	// drawnPairs: the run's one output layer scores a pair's drawn
	// targets alone (outputLayer.drawn), in one pass (linear.Single.Pair).
	drawnPairs bool
}

// step is what a kernel sees (window.Step).
type step = window.Step
