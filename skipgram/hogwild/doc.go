// Package hogwild is the machinery of lock-free (Hogwild) training, apart
// from what is trained: the schedule that deals a corpus's blocks to the
// workers, the gate that stops them between blocks while a snapshot is
// taken, the turns that make them alternate a sentence at a time (tests on
// a small machine), the scratch allocator that keeps each worker's buffers
// on pages of their own and counts what they take, the views through which
// a worker reads and writes the parameter rows, with the replicas of the
// most frequent ones and their merges.
//
// The look-ahead that draws a window's targets early and prefetches their
// rows stays with the kernels that use it (skipgram's worker.go).
//
// Package skipgram holds the models, their kernels and the run's life
// cycle; it asks this package how the work is shared, never the reverse.
package hogwild
