package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
)

// Plan is a run as it trains: its options with every default worked out,
// once, before the run starts, from the settings as given, the data and
// how the run starts. The workers and the kernels read it (run.opt is
// &Plan.Options); nothing rewrites it after; the sidecar records it
// (embedding.Plan) and a checkpoint the settings it was worked out from
// (Given), from which a resumed run works it out again.
type Plan struct {
	// Options are the run's, their Settings as the run trains them:
	// Batch false where a window is one pair (a graph's edge) or one
	// example (CBOW); ShareNoise the windows one draw of noise words
	// serves (Options.SharedNoise); HotRows the rows of each matrix every
	// worker replicates (Options.HotReplicaRows, none of a graph's
	// nodes by the model's own default, at most the rows);
	// LambdaInit, for a new run, the start it resolved to ("neg:Q" for
	// WIPS's spectral start).
	Options
	// Given are the settings as the caller gave them.
	Given Settings

	Graph bool // the rows are a graph's nodes
	Rows  int  // words, or nodes

	// TreeRows of each output layer's own rows (hierarchical softmax's
	// inner nodes) each worker replicates (Options.LayerReplicaRows, at
	// most the rows).
	TreeRows int
	// SyncWords is how many tokens (pairs of a graph) a worker trains
	// between two syncs of its kernel's private copies (WIPS's lambda).
	SyncWords int
	// Lanes are the regions of the data the schedule deals blocks from,
	// Tail the pieces the last block of each lane is cut into: a resumed
	// run's are its checkpoint's.
	Lanes, Tail int
	// Block is how many edges a block of a graph holds (0 for text).
	Block int
}

// newPlan works out the plan of a run with options o over rows rows (a
// graph's nodes when graph); a graph of edges edges gets its blocks' size.
// What the model starts from (WIPS's spectral lambda) is the data's, and
// begin resolves it into the plan.
func newPlan(o Options, rows, edges int, graph bool) *Plan {
	p := &Plan{Options: o, Given: o.Settings, Graph: graph, Rows: rows,
		SyncWords: syncWords, Lanes: o.Threads}
	s := &p.Settings
	if graph {
		s.Batch = false // every pair is its own window
	}
	s.ShareNoise = p.SharedNoise()
	s.Batch = s.Batch && !s.CBOW // a CBOW window is one example whatever Batch says
	s.HotRows = min(o.hotReplicaRows(graph), rows)
	p.TreeRows = min(o.LayerReplicaRows(), o.ownOutputRows(rows))
	switch {
	case o.resumed() != nil:
		p.Lanes, p.Tail = o.resumed().pos.Lanes, o.resumed().pos.Tail
	case o.Threads > 1 && !graph:
		// On several threads the last blocks are cut into ever shorter
		// ones; one thread has no one to wait for and keeps the corpus
		// order and blocks it always had.
		p.Tail = hogwild.TailCut
	}
	if graph {
		// Blocks small enough that every thread gets several even on a
		// small graph, large enough that the claim counter stays cold on
		// a big one.
		p.Block = max(64, min(16384, edges/(16*p.Lanes)))
	}
	return p
}

// info is the plan as a sidecar records it.
func (p *Plan) info() *embedding.Plan {
	return &embedding.Plan{Batch: p.Batch, ShareNoise: p.ShareNoise, HotRows: p.HotRows, HotSync: p.HotSync,
		TreeRows: p.TreeRows, SyncWords: p.SyncWords,
		Lanes: p.Lanes, Tail: p.Tail, Block: p.Block, LambdaInit: p.LambdaInit}
}
