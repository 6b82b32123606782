package hogwild

import (
	"sync"
	"unsafe"
)

// Rows is a worker's view of a parameter matrix: the rows it keeps
// replicas of in its own buffer, the others in the shared matrix.
type Rows struct {
	shared []float32
	priv   []float32 // the replicas of rows [0, hot), stride apart
	hot    int32
	stride int
	dim    int
}

// At is row id as this worker trains it. Which of the two a row is in
// changes from one draw to the next, so At picks the base without a branch
// the processor would mispredict: the compiler makes the choice a
// conditional move. The bounds check on the shared matrix covers both, a
// replica's row sitting at the same offset in a shorter buffer that holds
// every row below hot.
func (r *Rows) At(id int32) []float32 {
	off := int(id) * r.stride
	_ = r.shared[off+r.dim-1]
	p, q := unsafe.SliceData(r.shared), unsafe.SliceData(r.priv)
	if id < r.hot {
		p = q
	}
	return (*[1 << 28]float32)(unsafe.Add(unsafe.Pointer(p), off*4))[:r.dim:r.dim]
}

// Replicas are what a worker keeps of the shared matrices' most written
// rows, and how it merges them. On two threads or more every worker writes
// the rows of the most frequent words all the time, and each write after
// another worker's moves the row's cache lines from one core to the other;
// a worker that trains replicas of them and merges its changes every so
// many tokens moves them once a merge instead.
type Replicas struct {
	mu       *sync.Mutex // the run's: serialises every worker's merges
	list     []*replica
	mean     bool                // merged by the mean of the workers' changes, not by projection
	workers  int                 // with mean: how many share a row
	project  func(row []float32) // with mean: puts a merged row back into the model's space, or nil
	dim, str int
}

// replica is a worker's copy of some rows of a matrix and what they were in
// the shared matrix when it last merged.
type replica struct {
	shared, priv, base []float32 // rows*stride floats each; shared is the matrix's
	every              int       // tokens between two merges
	pending            int       // tokens since the last merge
}

// Merge is how the workers' replicas of a row are merged.
type Merge struct {
	// Mean merges by the mean of the workers' changes, Project putting
	// each merged row back into the model's space (nil: any row is one);
	// otherwise by projection: a change along one the other workers made
	// since this worker's last merge is not made twice.
	Mean    bool
	Project func(row []float32)
	Workers int
}

// NewReplicas returns the replicas of a run whose workers merge under mu,
// by m, rows of dim floats stride apart.
func NewReplicas(mu *sync.Mutex, m Merge, dim, stride int) *Replicas {
	return &Replicas{mu: mu, mean: m.Mean, project: m.Project, workers: max(m.Workers, 1), dim: dim, str: stride}
}

// View returns the worker's view of matrix: its first hot rows in a
// replica merged each time every tokens have trained, on pages allocated
// from a. With none, the view is the shared matrix.
func (r *Replicas) View(a *Scratch, matrix []float32, hot, every int) Rows {
	v := Rows{shared: matrix, stride: r.str, dim: r.dim}
	if hot == 0 {
		return v
	}
	size := hot * r.str
	rep := &replica{shared: matrix[:size], priv: a.Float32s(size), base: a.Float32s(size), every: every}
	copy(rep.priv, rep.shared)
	copy(rep.base, rep.shared)
	v.priv, v.hot = rep.priv, int32(hot)
	r.list = append(r.list, rep)
	return v
}

// Len is how many replicas there are.
func (r *Replicas) Len() int { return len(r.list) }

// Due counts tokens trained since the last merges and merges the replicas
// whose turn it is.
func (r *Replicas) Due(tokens int) {
	due := false
	for _, rep := range r.list {
		rep.pending += tokens
		due = due || rep.pending >= rep.every
	}
	if due {
		r.merge(false)
	}
}

// MergeAll merges every replica into the shared rows.
func (r *Replicas) MergeAll() { r.merge(true) }

func (r *Replicas) merge(all bool) {
	if len(r.list) == 0 {
		return
	}
	r.mu.Lock()
	for _, rep := range r.list {
		if !all && rep.pending < rep.every {
			continue
		}
		if r.mean {
			rep.meanMerge(r.str, r.dim, 1/float32(r.workers), r.project)
		} else {
			rep.projectedMerge(r.str, r.dim)
		}
		rep.pending = 0
	}
	r.mu.Unlock()
}

// meanMerge adds share times what the worker changed since its last merge
// to the shared rows and takes the result back, row by row; project, if
// set, puts each merged row back into the model's space.
func (r *replica) meanMerge(stride, dim int, share float32, project func([]float32)) {
	for off := 0; off < len(r.shared); off += stride {
		s, p, b := r.shared[off:off+dim], r.priv[off:off+dim], r.base[off:off+dim]
		for i := range s {
			s[i] += share * (p[i] - b[i])
		}
		if project != nil {
			project(s)
		}
		copy(p, s)
		copy(b, s)
	}
}

// projectedMerge merges the replica row by row: with d what this worker
// changed since its last merge (priv - base) and o what the other workers
// merged meanwhile (shared - base), the shared row moves by d - a*o, a the
// projection <d,o>/<o,o> clipped to [0, 1]. A change along one the others
// already made is not made twice; a change across it, or one alone, adds.
// Adding every worker's change instead overshoots by the number of workers
// once their replicas of a row have each moved most of the way to where it
// settles (docs/scaling.md).
func (r *replica) projectedMerge(stride, dim int) {
	for off := 0; off < len(r.shared); off += stride {
		s, p, b := r.shared[off:off+dim], r.priv[off:off+dim], r.base[off:off+dim]
		var do, oo float64
		for i := range s {
			d, o := float64(p[i]-b[i]), float64(s[i]-b[i])
			do += d * o
			oo += o * o
		}
		var a float32
		if oo > 0 {
			a = float32(min(max(do/oo, 0), 1))
		}
		for i := range s {
			s[i] += (p[i] - b[i]) - a*(s[i]-b[i])
		}
		copy(p, s)
		copy(b, s)
	}
}
