package skipgram

import (
	"unsafe"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
)

// Hot rows. With more than one thread, the rows that every thread writes
// all the time are those of the most frequent words: "the" alone is 1.6%
// of the noise draws, so two threads write its output row tens of
// thousands of times a second each, and each write after the other
// thread's moves the row's cache lines from one core to the other, 60 ns
// or 350 to 650 ns away depending on where the host placed the two CPUs.
// So each worker keeps a private replica of the first HotRows rows (the
// vocabulary is ordered by count, the nodes by degree) of each matrix,
// trains on it, and every HotSync tokens (or pairs) adds what it changed
// to the shared rows and takes theirs back. A merge reads and writes every
// hot row of the shared matrix, whose lines the other thread's last merge
// left in its core: the merges must be rare enough for that to cost little.
// The shared rows then cross between cores once per merge instead of once
// per pair; the rest of the rows, written rarely by two threads at once,
// stay plain Hogwild. One thread has nothing to share and no replica, so a
// seeded one-thread run is what it always was.
//
// The default (Options.HotRows) is a few rows merged often on two threads:
// 64 rows every 10,000 tokens, a merge of 128 rows (64 per matrix of SG)
// each time a worker publishes its progress, which trained two threads
// 4-10% faster on text with every benchmark within the seed spread.
// Thousands of rows merged every 200,000 tokens were faster where the CPUs
// sat far apart but cost SimLex-999 1.5 points: the replicas' staleness
// between merges (docs/scaling.md). On more threads there are none by
// default. Adding every worker's change is what plain Hogwild would have
// done while the changes are small, but each worker's replica of a row as
// hot as "the" moves most of the way to where the row settles between two
// merges, so the sum of n workers' changes overshoots by n, which two
// workers survive (the row swings about where it settles) and three or
// more do not (on a 16-core machine SIPS's loss went from 2.36 to 21.6 on
// 3 threads, SIPS, IPS, IPDS and WIPS reached NaN on 16, and SG's loss
// rose from 2.44 to 12.8; merged after every sentence, sixteen workers
// taking turns, as on a core each (lockstep.go), still ended an epoch at
// 2.77 against 2.56 without replicas). So on more than two threads the
// rows a run is given merge by projection (projectedMerge: a move the
// other workers already made counts once), which holds on any number of
// threads: on 16 cores 64 such rows trained SG 1.2 times as fast and WIPS
// 1.14 times, with one epoch's loss 0.03 and 0.07 above plain Hogwild's,
// and sixteen workers taking turns lost SG 1.5 and WIPS 1.3 of the mean
// of the four benchmarks over five epochs (SIPS held); so it is a flag,
// not the default (docs/scaling.md, "Many cores").
//
// The far cost sits in the rows the targets (contexts and noise words) are
// drawn from: SG's output matrix, the one-view models' one matrix. With no
// output row crossing, two SG threads kept 0.94 of two processes where the
// host placed the CPUs far apart, the default 0.84, and the frequent rows
// past the hot ones carry most of the difference. So on two threads a
// worker keeps the first TwoThreadTargetRows target rows apart: the first
// TwoThreadHotRows of them merged as the hot rows are, the rest only every
// model.targetSync tokens, rarely enough that their merges cost nothing
// where the CPUs sit near. Over that long a stretch both replicas of a row
// move most of the way to where it settles, and adding both changes
// overshoots (SG's loss rose 0.03) while averaging them halves what each
// worker learned (YP-130 fell about 3 points), so those rows merge by
// projection (projectedMerge): a move the other worker already made counts
// once, one across it adds. The most frequent rows stay on the short
// merges: two million tokens apart they cost the mean of the four
// benchmarks 0.3-0.6. SG's output rows merge every two million tokens
// (far, 0.90 of two processes instead of 0.85); the one-view models' rows
// are their contexts' as well, and merge every 200,000 tokens, two million
// having cost SIPS 0.8 of the mean of the four (docs/scaling.md). HSG's
// merges take the mean and put the row back on the hyperboloid, as its hot
// rows' do: with its 4,096 rows apart so merged every 200,000 tokens, two
// far threads ran 1.07 times as fast and the mean of the four rose by 1.1.

// rows is a worker's view of a parameter matrix: the first hot rows in its
// replica, the others in the shared matrix.
type rows struct {
	shared []float32
	priv   []float32 // the replica of rows [0, hot), stride apart
	hot    int32
	stride int
	dim    int
}

// at is row id as this worker trains it. Which of the two a row is in
// changes from one draw to the next (on two threads by default the first
// 4,096 rows of 40,000 take most draws, the rest the others), so at picks
// the base without a branch the processor would mispredict: the compiler
// makes the choice a conditional move. The bounds check on the shared
// matrix covers both, a replica's row sitting at the same offset in a
// shorter buffer that holds every row below hot.
func (r *rows) at(id int32) []float32 {
	off := int(id) * r.stride
	_ = r.shared[off+r.dim-1]
	p, q := unsafe.SliceData(r.shared), unsafe.SliceData(r.priv)
	if id < r.hot {
		p = q
	}
	return (*[1 << 28]float32)(unsafe.Add(unsafe.Pointer(p), off*4))[:r.dim:r.dim]
}

// replica is a worker's copy of a matrix's hot rows and what they were in
// the shared matrix when it last synced.
type replica struct {
	shared, priv, base []float32 // hot*stride floats each; shared is the matrix's
	every              int       // tokens (a graph's pairs) between two merges
	pending            int       // tokens since the last merge
	projected          bool      // merged by projectedMerge, not by sync
}

func newReplica(a *hogwild.Scratch, matrix []float32, hot, stride, every int) *replica {
	n := hot * stride
	r := &replica{shared: matrix[:n], priv: a.Float32s(n), base: a.Float32s(n), every: every}
	copy(r.priv, r.shared)
	copy(r.base, r.shared)
	return r
}

// sync adds what the worker changed since the last sync, times share, to
// the shared rows and takes the result back, row by row; project, if set,
// puts each merged row back into the model's space (HSG's hyperboloid).
// share is 1 (the workers' changes add up) or 1/workers (they average: the
// model's meanMerge). The caller holds the run's hotMu.
func (r *replica) sync(stride, dim int, share float32, project func([]float32)) {
	for off := 0; off < len(r.shared); off += stride {
		s, p, b := r.shared[off:off+dim], r.priv[off:off+dim], r.base[off:off+dim]
		for i := range s {
			s[i] += share * (p[i] - b[i]) // exact for share 1, fused or not
		}
		if project != nil {
			project(s)
		}
		copy(p, s)
		copy(b, s)
	}
}

// split cuts the first rows of r into a replica of their own, merged by
// sync (the hot rows' merge) after each stretch of every tokens, and leaves
// r the rest; both keep their rows where they were, so the worker's view of
// the matrix is unchanged.
func (r *replica) split(rows, stride, every int) *replica {
	n := rows * stride
	head := &replica{shared: r.shared[:n:n], priv: r.priv[:n:n], base: r.base[:n:n], every: every}
	r.shared, r.priv, r.base = r.shared[n:], r.priv[n:], r.base[n:]
	return head
}

// projectedMerge merges the replica row by row: with d what this worker
// changed since its last merge (priv - base) and o what the other workers
// merged meanwhile (shared - base), the shared row moves by d - a*o, a the
// projection <d,o>/<o,o> clipped to [0, 1]. A change along one the others
// already made is not made twice; a change across it, or one alone, adds
// as sync's does. The caller holds the run's hotMu.
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

// HotReplicaRows is how many rows of each matrix a worker of a run with
// these options replicates (before the cap by the matrix's rows): none on
// one thread, and by default TwoThreadHotRows on two threads and none on
// more.
func (o *Options) HotReplicaRows() int {
	switch {
	case o.Threads < 2:
		return 0
	case o.HotRows == DefaultHotRows && o.Threads == 2:
		return TwoThreadHotRows
	case o.HotRows == DefaultHotRows:
		return 0
	}
	return o.HotRows
}

// hotRows is how many of rows rows each worker of a run with options o
// replicates per matrix.
func hotRows(o Options, rows int) int { return min(o.HotReplicaRows(), rows) }

// TargetReplicaRows is how many of the rows its targets are drawn from
// (SG's output matrix, a one-view model's one matrix) each worker of a run
// with these options keeps apart, the first HotReplicaRows merged as the
// hot rows, the rest every Kind.TargetSync() tokens by projectedMerge, or
// by the mean for HSG (0: those rows have HotReplicaRows replicated, as the
// input matrix): TwoThreadTargetRows for text with the default hot rows on
// two threads, if the model keeps target rows apart (every model does).
func (o *Options) TargetReplicaRows(graph bool) int {
	if o.HotRows == DefaultHotRows && o.Threads == 2 && o.Model.TargetSync() > 0 && !graph {
		return TwoThreadTargetRows
	}
	return 0
}

// targetRows is how many of rows target rows each worker of a run with
// options o keeps apart (TargetReplicaRows, capped by the rows).
func targetRows(o Options, rows int, graph bool) int {
	return min(o.TargetReplicaRows(graph), rows)
}

// views sets the worker's views of the matrices and its replicas.
func (w *worker) views() {
	m, opt := w.r.model, w.r.opt
	hot := hotRows(*opt, m.Words)
	targets := targetRows(*opt, m.Words, w.r.graph != nil)
	if m.Out == nil {
		w.in = w.view(m.In, hot, targets)
		w.out = w.in
		return
	}
	w.in = w.view(m.In, hot, 0)
	w.out = w.view(m.Out, hot, targets)
}

// view makes the worker's view of matrix and its replicas: the first hot
// rows merged every Options.HotSync tokens by sync (adding, or the mean for
// HSG; on more than two threads by projection but for HSG), and, if
// targets is more, the rows up to targets every Kind.TargetSync() tokens
// by projection (by the mean for a model whose merges take it: HSG). The
// two share one buffer, so that the view has one boundary to compare a row
// against.
func (w *worker) view(matrix []float32, hot, targets int) rows {
	m, opt := w.r.model, w.r.opt
	v := rows{shared: matrix, stride: m.Stride, dim: m.Dim}
	n := max(hot, targets)
	if n == 0 {
		return v
	}
	// Adding overshoots on more than two threads: there every merge but
	// the mean projects.
	adds := !m.Kind.def().meanMerge
	hotProjected := adds && opt.Threads > 2
	rep := newReplica(&w.scratch, matrix, n, m.Stride, opt.HotSync)
	rep.projected = hotProjected
	v.priv, v.hot = rep.priv, int32(n)
	w.replicas = append(w.replicas, rep)
	if targets > hot {
		rep.every, rep.projected = opt.Model.TargetSync(), adds
		if hot > 0 {
			head := rep.split(hot, m.Stride, opt.HotSync)
			head.projected = hotProjected
			w.replicas = append(w.replicas, head)
		}
	}
	return v
}

// syncDueHot counts tokens trained since the last merges and merges the
// replicas whose turn it is.
func (w *worker) syncDueHot(tokens int) {
	due := false
	for _, rep := range w.replicas {
		rep.pending += tokens
		due = due || rep.pending >= rep.every
	}
	if due {
		w.mergeHot(false)
	}
}

// syncHot merges all the worker's replicas into the shared rows.
func (w *worker) syncHot() { w.mergeHot(true) }

// mergeHot merges the replicas that are due, or all of them.
func (w *worker) mergeHot(all bool) {
	if len(w.replicas) == 0 {
		return
	}
	m := w.r.model
	def := m.Kind.def()
	share := float32(1)
	if def.meanMerge {
		share = 1 / float32(w.r.opt.Threads)
	}
	w.r.hotMu.Lock()
	for _, rep := range w.replicas {
		switch {
		case !all && rep.pending < rep.every:
			continue
		case rep.projected:
			rep.projectedMerge(m.Stride, m.Dim)
		default:
			rep.sync(m.Stride, m.Dim, share, def.project)
		}
		rep.pending = 0
	}
	w.r.hotMu.Unlock()
}
