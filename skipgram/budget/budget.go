// Package budget is the memory policy: a run's estimate of what it
// allocates (Memory, which skipgram.EstimateMemory works out from the
// run's sizes and its worker's buffers) set against what the machine has
// (Available), said in one line before anything is allocated, and whether
// the run fits. It is apart from the trainer so that every caller that
// starts a run, or loads a corpus, decides the same way with plain
// numbers; the caller says what to do about a run that does not fit.
package budget

import (
	"fmt"

	"github.com/wipsvec/wipsvec/corpus"
)

// Memory is an estimate of what a run allocates besides its corpus, which
// the caller holds (skipgram.EstimateMemory works it out): what train prints
// before it starts and checks against the memory available.
type Memory struct {
	Matrices int64 // the parameter matrices, rows padded to cache lines
	Tables   int64 // the noise sampler and the subsampling thresholds
	Threads  int64 // every worker's buffers, stack and replicas of the hot rows
	Graph    int64 // a graph's shuffled copy of its edges and its adjacency lists (0 for text)
	Snapshot int64 // the copy of the parameters a checkpoint writes (0 without Options.Checkpoint)
}

// Total is the sum of the parts.
func (m Memory) Total() int64 { return m.Matrices + m.Tables + m.Threads + m.Graph + m.Snapshot }

// Budget is what a run needs against what the machine has available.
type Budget struct {
	Need      Memory
	Threads   int   // the run's threads, whose buffers Need.Threads counts
	Available int64 // what the kernel can give without swapping (Available)
	Known     bool  // whether Available is known; if not, every run fits
}

// New sets need, the estimate of a run on threads threads, against
// the memory available now.
func New(need Memory, threads int) Budget {
	avail, known := Available()
	return Budget{Need: need, Threads: threads, Available: avail, Known: known}
}

// Fits reports whether the run needs no more than is available (or the
// memory available is unknown).
func (b Budget) Fits() bool { return !b.Known || b.Need.Total() <= b.Available }

// Err is nil when the run fits, else an error that names what it needs and
// what is available.
func (b Budget) Err() error {
	if b.Fits() {
		return nil
	}
	return fmt.Errorf("the run needs about %s of memory, more than the %s available",
		corpus.HumanBytes(b.Need.Total()), corpus.HumanBytes(b.Available))
}

// String is the line that says what the run will allocate, part by part,
// and what is available.
func (b Budget) String() string {
	m := b.Need
	line := fmt.Sprintf("memory: about %s to train (matrices %s, tables %s, %d threads %s",
		corpus.HumanBytes(m.Total()), corpus.HumanBytes(m.Matrices), corpus.HumanBytes(m.Tables), b.Threads, corpus.HumanBytes(m.Threads))
	if m.Graph > 0 {
		line += ", edges and adjacency lists " + corpus.HumanBytes(m.Graph)
	}
	line += ")"
	if b.Known {
		line += fmt.Sprintf("; %s available", corpus.HumanBytes(b.Available))
	}
	return line
}
