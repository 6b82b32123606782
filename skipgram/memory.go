package skipgram

import (
	"math/bits"
	"unsafe"

	"github.com/wipsvec/wipsvec/skipgram/budget"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// Memory is an estimate of what a run allocates besides its corpus
// (budget.Memory).
type Memory = budget.Memory

// EstimateMemory estimates what training o over rows words (or nodes)
// allocates. It needs only o's sizes, so it can run before the corpus is
// read (with an estimate of the rows) as well as after.
func EstimateMemory(o Options, rows int) Memory {
	stride := int64(rowStride(o.Dim, o.Subwords))
	views := int64(o.Model.Views())
	if views == 0 {
		views = 1
	}
	var snapshot int64
	if o.Checkpoint != nil {
		snapshot = 4 * views * int64(rows) * int64(o.Dim)
	}
	m := Memory{
		Snapshot: snapshot,
		Matrices: 4 * views * int64(rows) * stride,
		Tables:   36 * int64(rows), // the noise sampler's float64 weights, probabilities and alias table; uint32 thresholds
		Threads:  int64(max(o.Threads, 1)) * workerBytes(o, rows),
	}
	if o.Subwords.Enabled() {
		buckets := int64(o.Subwords.Bucket)
		m.Matrices += 4 * buckets * stride
		if o.Checkpoint != nil {
			m.Snapshot += 4 * buckets * int64(o.Dim)
		}
		// Each word's rows: its own and its n-grams', about one per
		// character for each n-gram length, 4 bytes each.
		m.Tables += int64(rows) * 4 * int64(2+10*(o.Subwords.Maxn-o.Subwords.Minn+1))
	}
	if o.HS {
		inner := int64(innerNodes(rows))
		m.Matrices += 4 * inner * stride
		if o.Checkpoint != nil {
			m.Snapshot += 4 * inner * int64(o.Dim)
		}
		// The paths: an id and a branch per node, 4 bytes of offset a
		// word; a Huffman code averages at most log2(rows)+1 nodes.
		m.Tables += int64(rows) * (4 + 5*int64(bits.Len(uint(rows))+1))
	}
	return m
}

// workerBytes is what one worker of a run with options o over rows rows
// allocates: its buffers, its kernel's and its replicas, as its scratch
// allocator counts them, the worker itself and a goroutine's stack. It
// builds such a worker, on a model of only the rows its replicas can
// cover, at two small sizes, and extends the line through them to o's
// size (every buffer is a constant plus a multiple of the size or of the
// rows' stride), so that a size too large to train is estimated, not
// allocated.
func workerBytes(o Options, rows int) int64 {
	o.Resume, o.Init, o.Checkpoint, o.NegDim = nil, nil, nil, 1
	if o.Model.def().kernels == nil || o.Validate() != nil {
		return 0
	}
	full := newPlan(o, rows, 0, false)
	n := max(1, full.HotRows, full.TargetRows)
	at := func(dim int) int64 {
		o.Dim = dim
		p := newPlan(o, n, 0, false)
		r := &run{opt: &p.Options, plan: p, model: NewModel(o, n), total: 1}
		w := newWorker(r, 0, o.Model.def().start(r))
		const stack = 8 << 10
		return w.scratch.Bytes() + int64(unsafe.Sizeof(*w)) + stack
	}
	const d = kernel.LineFloats
	stride := int64((o.Dim + d - 1) / d * d)
	small, twice := at(d), at(2*d)
	return small + (twice-small)*(stride-d)/d
}

// Memory estimates what training j allocates besides its data, which the
// caller holds (EstimateMemory, with a graph's shuffled edges and adjacency
// lists, graphdata.Graph.RunBytes).
func (j *Job) Memory() Memory {
	o := j.Options
	j.writeCheckpoints(&o)
	m := EstimateMemory(o, j.input().rows())
	if j.Graph != nil {
		m.Graph = j.Graph.RunBytes()
	}
	return m
}
