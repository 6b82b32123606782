// Package input is the data a run trains on as the run's one constructor
// sees it: a text's word ids (Text) or a graph's edges (Graph), each as
// itself, checked against what the run asks of it (Uses), and cut as the
// run's plan says (Layout) into the Work its workers claim: blocks, a
// schedule, the noise its negatives are drawn from and the tokens (or
// pairs) of the whole run. It knows no run or model, so that a third kind
// of data is a file here and not a branch in the trainer.
package input

import (
	"github.com/wipsvec/wipsvec/skipgram/checkpoint"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/vocab"
)

// Input is a run's data.
type Input interface {
	// Check refuses data the run cannot train on as it asks (u).
	Check(u Uses) error
	Rows() int  // words, or nodes
	Edges() int // a graph's edges; 0 for text
	Fingerprint() checkpoint.Fingerprint
	// Spectrum counts the negative eigenvalues among the k largest in
	// absolute value of the data's shifted PMI (a text's within window
	// words), and returns those k: WIPS's spectral start.
	Spectrum(k, negative, window int) (q int, top []float64, err error)
	// Attach cuts the data into the work of the run laid out as l.
	Attach(l Layout) (*Work, error)
}

// Uses are what a run asks of its data beyond its rows.
type Uses struct {
	CBOW, HS, Subwords bool // the run's architecture, which a graph refuses
	Start              bool // it starts from vectors: a graph needs its nodes' names
	Snapshots          bool // it resumes or snapshots: a graph needs them too
}

// Layout is how a run's plan cuts its data.
type Layout struct {
	Lanes, Tail int     // the regions the schedule deals blocks from, and the pieces of their last blocks (text)
	Iter        int     // passes over the data
	Block       int     // edges per block (graph)
	Sample      float64 // the subsampling threshold (text)
	Seed        uint64  // what a graph's edges are shuffled by
	// Resume is where a resumed run stood: its text must be cut as before.
	Resume *checkpoint.Position
}

// Work is the data as a run's workers claim it.
type Work struct {
	Noise  *vocab.Noise
	Keep   []uint32 // text: each word's subsampling threshold
	Total  int64    // tokens (or pairs) of the whole run
	Blocks []hogwild.Block
	Sched  *hogwild.Schedule
	Edges  *EdgeBlocks // a graph's edges, cut into blocks; nil for text
}
