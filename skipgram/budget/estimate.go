package budget

// Sizes are what a run's estimate is worked out from: plain numbers, so
// that the arithmetic reads apart from the options it comes from
// (skipgram.EstimateMemory fills them) and can run before the corpus is
// read, with an estimate of the rows.
type Sizes struct {
	Rows, Dim int
	Stride    int // floats between two rows of a matrix (rows padded to cache lines)
	Views     int // parameter matrices of Rows rows: 1, or 2 with output rows
	// ExtraRows are the rows a row representation adds (subwords'
	// buckets), BagTables the bytes of its bags (each word's rows).
	ExtraRows int
	BagTables int64
	// OutputRows are the rows of the output layers' own (hierarchical
	// softmax's inner nodes), OutputTables the bytes of their tables (its
	// paths).
	OutputRows   int
	OutputTables int64
	Snapshots    bool  // the run checkpoints: a dense copy of the parameters
	Threads      int   // the workers
	WorkerBytes  int64 // what one worker allocates (measured by the trainer)
}

// Estimate is what a run of sizes s allocates besides its corpus.
func Estimate(s Sizes) Memory {
	stride, rows, dim := int64(s.Stride), int64(s.Rows), int64(s.Dim)
	views := int64(max(s.Views, 1))
	var snapshot int64
	if s.Snapshots {
		snapshot = 4 * views * rows * dim
	}
	m := Memory{
		Snapshot: snapshot,
		Matrices: 4 * views * rows * stride,
		Tables:   36 * rows, // the noise sampler's float64 weights, probabilities and alias table; uint32 thresholds
		Threads:  int64(max(s.Threads, 1)) * s.WorkerBytes,
	}
	// Rows beside the words': a representation's, an output layer's.
	own := int64(s.ExtraRows + s.OutputRows)
	m.Matrices += 4 * own * stride
	if s.Snapshots {
		m.Snapshot += 4 * own * dim
	}
	m.Tables += s.BagTables + s.OutputTables
	return m
}
