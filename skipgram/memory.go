package skipgram

import (
	"strconv"
	"unsafe"

	"github.com/wipsvec/wipsvec/skipgram/budget"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/subword"
)

// Memory is an estimate of what a run allocates besides its corpus
// (budget.Memory).
type Memory = budget.Memory

// EstimateMemory estimates what training o over rows words (or nodes)
// allocates: o's sizes, with a worker's buffers measured, in
// budget.Estimate's arithmetic. It needs only o's sizes, so it can run
// before the corpus is read (with an estimate of the rows) as well as after.
func EstimateMemory(o Options, rows int) Memory { return estimateMemory(o, rows, nil) }

// estimateMemory is EstimateMemory, the hierarchical softmax's tree built
// on counts, the vocabulary's, where they are known (nil: a Zipf law's).
func estimateMemory(o Options, rows int, counts []int64) Memory {
	s := budget.Sizes{Rows: rows, Dim: o.Dim, Stride: rowStride(o.Dim, o.Subwords), Views: o.Model.Views(),
		Snapshots: o.Checkpoint != nil, Threads: o.Threads, WorkerBytes: workerBytes(o, rows, counts)}
	s.OutputRows, s.OutputTables = o.outputSizes(rows)
	if r := o.representation(); r != nil {
		s.ExtraRows, s.BagTables = o.extraRows(), r.tableBytes(&o, rows)
	}
	return budget.Estimate(s)
}

// workerBytes is what one worker of a run with options o over rows rows
// allocates: its buffers, its kernel's and its replicas, as its scratch
// allocator counts them, the worker itself and a goroutine's stack. It
// builds such a worker, on a model of only the rows its replicas can
// cover, at two small sizes, and extends the line through them to o's
// size (every buffer is a constant plus a multiple of the size or of the
// rows' stride), so that a size too large to train is estimated, not
// allocated.
func workerBytes(o Options, rows int, counts []int64) int64 {
	o.Start, o.Checkpoint, o.NegDim = nil, nil, 1
	if o.Model.def().kernels == nil || o.Validate() != nil {
		return 0
	}
	full := newPlan(o, rows, 0, false)
	n := max(2, full.HotRows, full.TreeRows+1) // the rows the replicas cover, of the words and of the tree's nodes
	// A worker's buffers do not grow with the n-gram rows: one bucket
	// spares allocating them all to measure it.
	o.Subwords.Bucket = min(o.Subwords.Bucket, 1)
	if counts == nil && o.ownOutputRows(rows) > 0 { // a layer's own rows are laid out by the counts (a tree's longest path sizes the buffers)
		counts = zipfCounts(min(rows, 1<<20))
	}
	at := func(dim int) int64 {
		o.Dim = dim
		r := bareRun(o, NewModel(o, n), counts)
		w := newWorker(r, 0, o.Model.def().workerKernels(r))
		const stack = 8 << 10
		return w.scratch.Bytes() + int64(unsafe.Sizeof(*w)) + stack
	}
	const d = kernel.LineFloats
	stride := int64(rowStride(o.Dim, subword.Settings{})) // a worker's buffers are padded, subwords or not
	small, twice := at(d), at(2*d)
	return small + (twice-small)*(stride-d)/d
}

// Memory estimates what training j allocates besides its data, which the
// caller holds (EstimateMemory, with a graph's shuffled edges and adjacency
// lists, graphdata.Graph.RunBytes).
func (j *Job) Memory() Memory {
	o := j.Options
	j.writeCheckpoints(&o)
	var counts []int64
	if j.Vocab != nil {
		counts = j.Vocab.Counts
	}
	m := estimateMemory(o, j.input().Rows(), counts)
	if j.Graph != nil {
		m.Graph = j.Graph.RunBytes()
	}
	return m
}

// zipfCounts are the counts of words words under a Zipf law, in
// decreasing order.
func zipfCounts(words int) []int64 {
	counts := make([]int64, words)
	for i := range counts {
		counts[i] = int64(1<<40) / int64(i+1)
	}
	return counts
}

// placeholderWords are n words' names, for subword rows whose lists a
// measured worker needs but does not read.
func placeholderWords(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = "w" + strconv.Itoa(i)
	}
	return names
}
