package skipgram

import "github.com/wipsvec/wipsvec/skipgram/hogwild"

// By default CBOW's context rows and hierarchical softmax's top inner
// nodes are replicated, the rows every window writes, and HSG's most
// frequent words on text; the other models' own rows are not: a merge by
// projection or by the mean gives a replicated row about one worker's
// learning where plain Hogwild gives it every worker's, which cost the
// linear models and HSG on a graph more fit than their speed was worth,
// and fit HSG's frequent words better on text (docs/scaling.md,
// "Replicas").

// HotReplicaRows is how many rows of each matrix a worker of a run with
// these options on text replicates, merged every HotSync tokens
// (replicaRows; by default CBOW's, whose every window writes its context
// rows, and the model's own, modelDef.textReplicas).
func (o *Options) HotReplicaRows() int { return o.hotReplicaRows(false) }

// hotReplicaRows is HotReplicaRows for a graph's nodes when graph: a
// model's own replicas are for text.
func (o *Options) hotReplicaRows(graph bool) int {
	own := 0
	if !graph && o.ReplicatesOwnRows() {
		own = o.Model.def().textReplicas
	}
	return o.replicaRows(o.CBOW, own)
}

// ReplicatesOwnRows reports whether a run with these settings on text
// replicates its model's own most frequent rows by default on several
// threads: in skip-gram with negative sampling, where the model keeps
// them (modelDef.textReplicas).
func (s Settings) ReplicatesOwnRows() bool {
	return !s.CBOW && !s.HS && s.Model.def().textReplicas > 0
}

// LayerReplicaRows is how many of an output layer's own rows, its hottest
// (the top of hierarchical softmax's tree, which every path writes), each
// worker replicates: where a layer has rows, as many as HotReplicaRows
// would by default for CBOW.
func (o *Options) LayerReplicaRows() int {
	if o.ownOutputRows(2) == 0 { // over two words a layer with rows has one
		return 0
	}
	return o.replicaRows(true, 0)
}

// replicaRows is the rows a worker keeps replicas of: none on one thread;
// on n more, HotRows as given, or by default (DefaultHotRows)
// ArchHotRows*2/n where every window writes them, own*2/n where the model
// keeps its own, and none otherwise.
func (o *Options) replicaRows(everyWindow bool, own int) int {
	switch {
	case o.Threads < 2:
		return 0
	case o.HotRows != DefaultHotRows:
		return o.HotRows
	case everyWindow:
		return ArchHotRows * 2 / o.Threads
	}
	return own * 2 / o.Threads
}

// views sets the worker's views of the matrices and its replicas, as the
// run's plan says.
func (w *worker) views() {
	m, p := w.r.model, w.r.plan
	def := m.Kind.def()
	w.replicas = hogwild.NewReplicas(&w.r.hotMu, hogwild.Merge{Mean: def.meanMerge, Project: def.project, Workers: p.Threads}, m.Dim, m.Stride)
	a := &w.scratch
	w.Outputs = w.Outputs[:0]
	for i, l := range w.r.layers.layers {
		var own hogwild.Rows
		if rows := m.Layers[l.name()]; rows != nil {
			own = w.replicas.View(a, rows, p.TreeRows, p.HotSync)
		}
		w.Outputs = append(w.Outputs, w.r.layers.runs[i].view(own))
	}
	w.In = w.replicas.View(a, m.In, p.HotRows, p.HotSync)
	if m.Out == nil {
		w.Out = w.In
		return
	}
	w.Out = w.replicas.View(a, m.Out, p.HotRows, p.HotSync)
}
