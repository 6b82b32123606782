package skipgram

import "github.com/wipsvec/wipsvec/skipgram/kernel"

// Memory is an estimate of what a run allocates besides its corpus, which
// the caller holds: what train prints before it starts and checks against
// the memory available.
type Memory struct {
	Matrices int64 // the parameter matrices, rows padded to cache lines
	Tables   int64 // the noise sampler and the subsampling thresholds
	Threads  int64 // every worker's buffers, stack and replicas of the hot rows
	Graph    int64 // a graph's adjacency lists (0 for text)
	Snapshot int64 // the copy of the parameters a checkpoint writes (0 without Options.Checkpoint)
}

// Total is the sum of the parts.
func (m Memory) Total() int64 { return m.Matrices + m.Tables + m.Threads + m.Graph + m.Snapshot }

// EstimateMemory estimates what training o over rows words (or nodes)
// allocates. It needs only o's sizes, so it can run before the corpus is
// read (with an estimate of the rows) as well as after.
func EstimateMemory(o Options, rows int) Memory {
	stride := int64((o.Dim + kernel.LineFloats - 1) / kernel.LineFloats * kernel.LineFloats)
	views := int64(o.Model.Views())
	if views == 0 {
		views = 1
	}
	window, targets := int64(o.Window), int64(1+o.Negative)
	perThread := 4*(1024+2*window+3*targets+4*int64(o.Dim)) + // sentence, window, targets, acc, tmp, lambda
		4*(2*window*targets+2*window*int64(o.Dim)) + // -batch's gradients and accumulators
		8<<10 + 512 + // a goroutine's stack and the worker itself
		(2+2*24)*pageBytes // the pages around the worker and its buffers (ownPages), 24 at most
	hot := int64(hotRows(o, rows))
	replicated := views * hot
	if targets := int64(targetRows(o, rows, false)); targets > 0 {
		replicated = (views-1)*hot + targets // the target rows' own count (text's; a graph's none)
	}
	perThread += replicated * 2 * 4 * stride // the replicas' rows and what they were at the last merge
	var snapshot int64
	if o.Checkpoint != nil {
		snapshot = 4 * views * int64(rows) * int64(o.Dim)
	}
	return Memory{
		Snapshot: snapshot,
		Matrices: 4 * views * int64(rows) * stride,
		Tables:   36 * int64(rows), // the noise sampler's float64 weights, probabilities and alias table; uint32 thresholds
		Threads:  int64(max(o.Threads, 1)) * perThread,
	}
}

// Memory adds to m what training on g needs beyond its pairs, which the
// caller holds: the adjacency lists that keep a context's neighbours from
// being drawn as its negatives.
func (g *Graph) Memory(m Memory) Memory {
	if !g.KeepLinkedNegatives {
		m.Graph = 4 * (int64(len(g.Pairs)) + 2*int64(g.Nodes) + 1)
	}
	return m
}
