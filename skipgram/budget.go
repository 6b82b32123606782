package skipgram

import (
	"fmt"

	"github.com/wipsvec/wipsvec/corpus"
)

// This file is the memory policy: a run's estimate (EstimateMemory) set
// against what the machine has, said in one line before anything is
// allocated, and whether the run fits. It lives beside the estimate it
// reads so that every caller that starts a run decides the same way; the
// caller says what to do about a run that does not fit.

// Budget is what a run needs against what the machine has available.
type Budget struct {
	Need      Memory
	Threads   int   // the run's threads, whose buffers Need.Threads counts
	Available int64 // what the kernel can give without swapping (AvailableMemory)
	Known     bool  // whether Available is known; if not, every run fits
}

// NewBudget sets need, the estimate of a run on threads threads, against
// the memory available now.
func NewBudget(need Memory, threads int) Budget {
	avail, known := AvailableMemory()
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
