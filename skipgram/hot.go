package skipgram

import "github.com/wipsvec/wipsvec/skipgram/hogwild"

// The rows a worker replicates are sized by hogwild's policy (hogwild.HotRows,
// hogwild.TargetRows): a model that keeps replicas (model.replicas) keeps
// the frequent words' rows apart on two threads or more.

// HotReplicaRows is how many rows of each matrix a worker of a run with
// these options replicates, merged every HotSync tokens (hogwild.HotRows).
// CBOW writes every context row of every window, the frequent words' all
// the time, and keeps them whatever the model (docs/cbow-hs.md).
func (o *Options) HotReplicaRows() int {
	return hogwild.HotRows(o.Threads, o.HotRows, o.Model.def().replicas || o.CBOW)
}

// TargetReplicaRows is how many of the rows its targets are drawn from (a
// one-view model's one matrix, SG's output matrix) each worker of a run on
// text with these options keeps apart (hogwild.TargetRows); CBOW's hot rows
// are its contexts'.
func (o *Options) TargetReplicaRows(graph bool) int {
	return hogwild.TargetRows(o.Threads, o.HotRows, o.Model.def().replicas && !graph)
}

// TreeReplicaRows is how many of hierarchical softmax's inner nodes' rows,
// the top of the tree's, which every path writes, each worker replicates:
// with HS, as many as hot rows whatever the model (the root is written by
// every window of every worker).
func (o *Options) TreeReplicaRows() int {
	if !o.HS {
		return 0
	}
	return hogwild.HotRows(o.Threads, o.HotRows, true)
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
