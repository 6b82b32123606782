package skipgram

import "github.com/wipsvec/wipsvec/skipgram/hogwild"

// Replicas of the rows the workers write most (hogwild.Replicas): a model
// that keeps them (model.replicas) has every worker of a run on n >= 2
// threads keep replicas of the first DefaultReplicaTargetRows*2/n rows its
// targets are drawn from, the first DefaultReplicaHotRows*2/n of them
// merged every HotSync tokens and the rest every ReplicaTargetSync (the
// vocabulary is ordered by count, a graph's nodes by degree). A merge by
// projection or by the mean gives a row about one worker's learning where
// plain Hogwild gives it every worker's, so the more workers, the fewer
// rows are kept apart; two threads keep the rows that train them 5-13%
// faster (docs/scaling.md).

// HotReplicaRows is how many rows of each matrix a worker of a run with
// these options replicates, merged every HotSync tokens (before the cap by
// the matrix's rows): none on one thread; on n more, HotRows, or by default
// DefaultReplicaHotRows*2/n for a model that keeps replicas and none for
// the others.
func (o *Options) HotReplicaRows() int {
	switch {
	case o.Threads < 2:
		return 0
	case o.HotRows == DefaultHotRows && (o.Model.def().replicas || o.CBOW):
		// CBOW writes every context row of every window, the frequent
		// words' all the time, whatever the model (docs/cbow-hs.md).
		return DefaultReplicaHotRows * 2 / o.Threads
	case o.HotRows == DefaultHotRows:
		return 0
	}
	return o.HotRows
}

// TargetReplicaRows is how many of the rows its targets are drawn from (a
// one-view model's one matrix, SG's output matrix) each worker of a run on
// text with these options keeps apart: the first HotReplicaRows merged as
// the hot rows, the rest every ReplicaTargetSync tokens; by default
// DefaultReplicaTargetRows*2/n on n >= 2 threads for a model that keeps
// replicas, and none otherwise (CBOW's hot rows are its contexts').
func (o *Options) TargetReplicaRows(graph bool) int {
	if o.HotRows == DefaultHotRows && o.Threads >= 2 && o.Model.def().replicas && !graph {
		return DefaultReplicaTargetRows * 2 / o.Threads
	}
	return 0
}

// TreeReplicaRows is how many of hierarchical softmax's inner nodes' rows,
// the top of the tree's, which every path writes, each worker of a run
// with these options replicates, merged every HotSync tokens: none on one
// thread; on n more HotRows, or by default DefaultReplicaHotRows*2/n
// whatever the model (the root is written by every window of every worker).
func (o *Options) TreeReplicaRows() int {
	switch {
	case !o.HS || o.Threads < 2:
		return 0
	case o.HotRows == DefaultHotRows:
		return DefaultReplicaHotRows * 2 / o.Threads
	}
	return o.HotRows
}

// views sets the worker's views of the matrices and its replicas, as the
// run's plan says.
func (w *worker) views() {
	m, p := w.r.model, w.r.plan
	def := m.Kind.def()
	w.replicas = hogwild.NewReplicas(&w.r.hotMu, hogwild.Merge{Mean: def.meanMerge, Project: def.project, Workers: p.Threads}, m.Dim, m.Stride)
	a, far := &w.scratch, p.TargetSync
	if m.Tree != nil {
		w.Tree = w.replicas.View(a, m.Tree, p.TreeRows, 0, p.HotSync, far)
	}
	if m.Out == nil {
		w.In = w.replicas.View(a, m.In, p.HotRows, p.TargetRows, p.HotSync, far)
		w.Out = w.In
		return
	}
	w.In = w.replicas.View(a, m.In, p.HotRows, 0, p.HotSync, far)
	w.Out = w.replicas.View(a, m.Out, p.HotRows, p.TargetRows, p.HotSync, far)
}
