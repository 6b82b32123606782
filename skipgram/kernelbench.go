package skipgram

import ()

// WindowBench returns SG's batch window, the kernel a default training
// run spends its time in, set up to be timed alone (bench's ceiling): each
// call trains one window of window+1 contexts (the mean of word2vec's shrunk
// windows) against the centre word and negative noise words, as in the
// middle of a sentence, on a vocabulary of window+2+negative words, whose
// rows stay in L1 up to K = 300 or so. It returns the (context, target)
// pairs the window updated: a noise draw of the centre word is skipped, as
// in training. It is the real kernel, not a copy, so that what bench calls
// the ceiling moves with the trainer.
func WindowBench(dim, window, negative int) (func() (updates int), error) {
	opt := DefaultOptions()
	opt.Dim, opt.Window, opt.Negative = dim, window, negative
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	m := window + 1
	words := m + 1 + negative
	counts := make([]int64, words)
	for i := range counts {
		counts[i] = 1
	}
	r := bareRun(opt, NewModel(opt, words), counts)
	w := newWorker(r, 0, opt.Model.def().workerKernels(r))
	ctxs := make([]int32, m)
	for i := range ctxs {
		ctxs[i] = int32(i)
	}
	center, alpha := int32(0), float32(opt.Alpha)
	return func() int {
		center = (center + 1) % int32(words)
		w.Look.More, w.Look.NextRows = true, [2]int32{(center + 1) % int32(words), -1}
		w.kernel.window(&w.step, center, ctxs, alpha)
		return m * len(w.Look.Targets)
	}, nil
}
