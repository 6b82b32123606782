package skipgram

import "github.com/wipsvec/wipsvec/skipgram/hogwild"

// By default only CBOW's context rows and hierarchical softmax's top inner
// nodes are replicated, the rows every window writes; a model's own rows
// are not: a merge by projection or by the mean gives a replicated row
// about one worker's learning where plain Hogwild gives it every worker's,
// which cost the models that kept them more fit than their speed was worth
// (docs/scaling.md, "Replicas").

// HotReplicaRows is how many rows of each matrix a worker of a run with
// these options replicates, merged every HotSync tokens: none on one
// thread; on n more, HotRows as given, or by default (DefaultHotRows)
// ArchHotRows*2/n with CBOW and none otherwise.
func (o *Options) HotReplicaRows() int {
	switch {
	case o.Threads < 2:
		return 0
	case o.HotRows == DefaultHotRows && o.CBOW:
		return ArchHotRows * 2 / o.Threads
	case o.HotRows == DefaultHotRows:
		return 0
	}
	return o.HotRows
}

// TreeReplicaRows is how many of hierarchical softmax's inner nodes' rows,
// the top of the tree's, which every path writes, each worker replicates:
// with HS, as many as HotRows gives, by default ArchHotRows*2/n.
func (o *Options) TreeReplicaRows() int {
	switch {
	case !o.HS || o.Threads < 2:
		return 0
	case o.HotRows == DefaultHotRows:
		return ArchHotRows * 2 / o.Threads
	}
	return o.HotRows
}

// views sets the worker's views of the matrices and its replicas, as the
// run's plan says.
func (w *worker) views() {
	m, p := w.r.model, w.r.plan
	def := m.Kind.def()
	w.replicas = hogwild.NewReplicas(&w.r.hotMu, hogwild.Merge{Mean: def.meanMerge, Project: def.project, Workers: p.Threads}, m.Dim, m.Stride)
	a := &w.scratch
	if m.Tree != nil {
		w.Tree = w.replicas.View(a, m.Tree, p.TreeRows, p.HotSync)
	}
	w.In = w.replicas.View(a, m.In, p.HotRows, p.HotSync)
	if m.Out == nil {
		w.Out = w.In
		return
	}
	w.Out = w.replicas.View(a, m.Out, p.HotRows, p.HotSync)
}
