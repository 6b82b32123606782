package skipgram

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wipsvec/wipsvec/skipgram/checkpoint"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/mpi"
	"github.com/wipsvec/wipsvec/skipgram/window"
)

// Ranks is how a job trains one model from several processes (package
// mpi), as Intel's pWord2Vec does: each process (rank) trains on its share
// of the data with its own Hogwild threads, and every SyncWords tokens it
// has trained the ranks average the rows of their most frequent words,
// SyncRows of each matrix at every sync, twice as many at every second,
// four times at every fourth and so on; the word counts are summed so that
// every rank decays one learning rate over the whole data. Rank 0's
// parameters start every rank; at the end every parameter is averaged,
// and every rank holds the same model. docs/distributed.md has the costs.
type Ranks struct {
	Comm mpi.Comm
	// SyncWords is how many tokens (or edges) a rank trains between two
	// syncs (default DefaultSyncWords a thread, so that a rank syncs about
	// as often in time whatever its threads); a rank's syncs are spread
	// evenly over its share, all ranks making as many.
	SyncWords int64
	// SyncRows is how many of the most frequent words' rows every sync
	// averages (default DefaultSyncRows). The hierarchical softmax tree's
	// rows go with them, root first; with subwords, every fourth sync
	// averages the n-gram rows of as many words.
	SyncRows int
}

// DefaultSyncRows is Ranks.SyncRows's default, pWord2Vec's.
const DefaultSyncRows = 1024

// DefaultSyncWords is how many tokens a thread of a rank training a model
// of kind k trains between two syncs by default: for a model of two
// matrices a sync about every 0.1 s at SG's speed, as pWord2Vec's; a
// one-view model's one matrix drifts apart on the ranks faster, and syncs
// four times as often (docs/distributed.md).
func DefaultSyncWords(k Kind) int64 {
	if k.Views() == 1 {
		return 50_000
	}
	return 200_000
}

// Several reports whether rk trains on more than one process (a nil Ranks
// is one process).
func (rk *Ranks) Several() bool { return rk != nil && rk.Comm != nil && rk.Comm.Size() > 1 }

// Size is how many processes train: 1 for one.
func (rk *Ranks) Size() int {
	if !rk.Several() {
		return 1
	}
	return rk.Comm.Size()
}

// Writes reports whether this process writes the run's files: rank 0, or
// the one process.
func (rk *Ranks) Writes() bool { return !rk.Several() || rk.Comm.Rank() == 0 }

// ErrInterrupted ends the run of every rank when one of them was
// interrupted (its context cancelled): the ranks stop together, after a
// checkpoint if the run writes them.
var ErrInterrupted = errors.New("training interrupted on another rank")

// interrupted is the error of a run the ranks stopped: ctx's on the rank
// it was cancelled on, ErrInterrupted on the others.
func (s *rankSync) interrupted(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.run.stopped.Load() {
		return errStopped
	}
	return ErrInterrupted
}

// writes reports whether this run writes its files: one process, or rank 0
// of several.
func (s *rankSync) writes() bool { return s == nil || s.comm.Rank() == 0 }

// rankSync is a run's part in a run of several ranks: when it syncs, and
// the global word count at its last sync.
type rankSync struct {
	comm   mpi.Comm
	n      int
	rows   int
	run    *run
	params []string // the model's parameter vectors' names, sorted
	// buckets are the n-gram rows in the order the words in vocabulary
	// order first use them (with subwords).
	buckets []int32
	project func(row []float32)

	every int64 // Ranks.SyncWords
	local int64 // the rank's tokens of the whole run (its total)
	syncs int64 // how many syncs each rank makes while it trains
	mu    sync.Mutex
	done  atomic.Int64 // syncs made
	// the word counts at the last sync: the rank's and the sum of all.
	atLocal, atGlobal atomic.Int64
	buf               []float32
	err               error

	// A checkpoint is asked for by one rank and taken by all after the
	// next sync (checkpoints): asked holds this rank's asks since the last
	// sync (askSnapshot, askStop); a sync that hears of one sets pending
	// (and pendingStop for a stop after it), which holds off the syncs
	// after it until it is taken, and signals agreed; stopped is set when
	// the ranks have stopped after one.
	asked                         atomic.Int64
	pending, pendingStop, stopped atomic.Bool
	agreed                        chan struct{}
	// what the syncs cost (Stats.Syncs, SyncBytes, SyncTime)
	bytes int64
	took  time.Duration
}

// newRankSync joins r to the ranks of rk: it sums the ranks' totals into
// r's and gives every rank rank 0's parameters.
func newRankSync(r *run, rk *Ranks) (*rankSync, error) {
	s := &rankSync{comm: rk.Comm, n: rk.Comm.Size(), rows: rk.SyncRows, run: r, local: r.total,
		project: r.model.Kind.def().project, agreed: make(chan struct{}, 1)}
	if s.rows <= 0 {
		s.rows = DefaultSyncRows
	}
	every := rk.SyncWords
	if every <= 0 {
		every = DefaultSyncWords(r.opt.Model) * int64(r.opt.Threads)
	}
	s.every = every
	// Each rank trains at n times the rate, so that the mean of n ranks'
	// changes moves a row as far as the sum of their steps at the rate
	// (one process training on every rank's share). The run's options
	// carry it, so that what a model derives from the rate (WIPS's λ
	// step and when λ stops learning) scales alike; the sidecar records
	// the rate as given.
	r.plan.Options.Alpha *= float64(s.n)
	tot := []int64{r.total}
	if err := s.comm.SumInt64(tot); err != nil {
		return nil, err
	}
	r.total = tot[0]
	s.syncs = tot[0] / (int64(s.n) * every)
	for name := range r.model.params {
		s.params = append(s.params, name)
	}
	slices.Sort(s.params)
	if r.bags != nil {
		s.buckets = hotBuckets(r.bags, r.model.Words, r.model.inRows())
	}
	if res := r.opt.resumed(); res != nil && res.ranks != nil {
		if res.ranks.SyncWords != s.every || res.ranks.Syncs > s.syncs {
			return nil, fmt.Errorf("the checkpoint syncs every %d words, the run every %d (-sync-words)", res.ranks.SyncWords, s.every)
		}
		s.done.Store(res.ranks.Syncs)
		s.atGlobal.Store(res.ranks.SyncedWords)
		s.atLocal.Store(res.ranks.Each[s.comm.Rank()].SyncedWords)
		return s, nil // every rank starts from the checkpoint's model
	}
	if err := s.everyParameter(func(v []float32) error { return s.comm.Broadcast(checkpoint.Float32Bytes(v), 0) }); err != nil {
		return nil, fmt.Errorf("the start from rank 0: %w", err)
	}
	return s, nil
}

// everyParameter calls op with every parameter the ranks may hold apart,
// to broadcast it at the start or average it at a checkpoint and at the
// end: every matrix and parameter vector, but of a row representation's
// rows after the words' only those the words' bags use (s.buckets, in
// rows of their own): a row no bag uses is never trained, and every rank
// holds it as the seed drew it (what that spares: docs/distributed.md).
func (s *rankSync) everyParameter(op func([]float32) error) error {
	m := s.run.model
	vs := append(m.matrices(), s.paramVectors()...)
	if s.buckets != nil {
		vs[0] = m.In[:m.Words*m.Stride]
		if err := s.rowsDo(m.In, s.buckets, op); err != nil {
			return err
		}
	}
	for _, v := range vs {
		if err := op(v); err != nil {
			return err
		}
	}
	return nil
}

// hotBuckets are the n-gram rows of words [0, words) in the order the
// words, most frequent first, first use them.
func hotBuckets(sub *window.Bags, words, rows int) []int32 {
	seen := make([]bool, rows)
	var out []int32
	for w := 0; w < words; w++ {
		for _, row := range sub.Of(int32(w)) {
			if int(row) >= words && !seen[row] {
				seen[row] = true
				out = append(out, row)
			}
		}
	}
	return out
}

func (s *rankSync) paramVectors() [][]float32 {
	var vs [][]float32
	for _, name := range s.params {
		vs = append(vs, s.run.model.params[name])
	}
	return vs
}

// global is the run's tokens trained by every rank when this rank has
// trained local: the sum at the last sync, and this rank's since then as
// every rank's.
func (s *rankSync) global(local int64) int64 {
	return s.atGlobal.Load() + (local-s.atLocal.Load())*int64(s.n)
}

// due makes the syncs this rank is due after words of its tokens: sync k
// of syncs comes after k/(syncs+1) of its share. A worker finding
// another's sync under way goes on training.
func (s *rankSync) due(words int64) {
	if s.done.Load() >= s.syncs || s.pending.Load() || !s.mu.TryLock() {
		return
	}
	defer s.mu.Unlock()
	for k := s.done.Load() + 1; k <= s.syncs && s.err == nil && !s.pending.Load() && words >= k*s.local/(s.syncs+1); k++ {
		s.sync(k, words)
		s.done.Store(k)
	}
}

// What a rank asks of the others at the next sync (rankSync.asked).
const (
	askSnapshot = 1 << iota // a checkpoint (rank 0's CheckpointEvery has passed)
	askStop                 // a checkpoint, then the end of the run (a rank was interrupted)
)

// ask has the next sync tell every rank of what.
func (s *rankSync) ask(what int64) { s.asked.Or(what) }

// checkpoints is a rank's checkpointer in a run of several: rank 0 asks
// for a snapshot every CheckpointEvery, any rank for one and the end of the
// run when ctx is cancelled or a test asks it to stop; the sync after
// tells every rank, each stops its workers at its gate, and the ranks take
// it together (take). It returns when the workers are done or the ranks
// have stopped; the last checkpoint is rank 0's after finish.
func (s *rankSync) checkpoints(ctx context.Context, workers []*worker, start time.Time, done <-chan struct{}) error {
	r := s.run
	var tick <-chan time.Time
	if r.opt.Checkpoint != nil && s.comm.Rank() == 0 {
		every := r.opt.CheckpointEvery
		if every <= 0 {
			every = DefaultCheckpointEvery
		}
		t := time.NewTicker(every)
		defer t.Stop()
		tick = t.C
	}
	interrupted, stopRequest := ctx.Done(), (<-chan struct{})(r.stopRequest)
	for {
		select {
		case <-done:
			return nil
		case <-interrupted:
			s.ask(askStop)
			interrupted = nil
		case <-stopRequest:
			s.ask(askStop)
			stopRequest = nil
		case <-tick:
			s.ask(askSnapshot)
		case <-s.agreed:
			r.gate.Close()
			s.mu.Lock()
			var err error
			if s.pending.Load() {
				err = s.take(workers, time.Since(start))
			}
			s.mu.Unlock()
			r.gate.Open()
			if err != nil {
				r.stop.Store(true)
				return err
			}
			if s.stopped.Load() {
				return nil
			}
		}
	}
}

// take is this rank's part of a checkpoint the ranks agreed on, its
// workers standing at the gate (or done) and s.mu held: every parameter is
// averaged, as at the end, so that the ranks hold one model; every rank's
// position goes to rank 0, which saves the snapshot. After a stop the
// workers end at the gate.
func (s *rankSync) take(workers []*worker, elapsed time.Duration) error {
	r := s.run
	defer s.pending.Store(false)
	if s.pendingStop.Load() {
		s.stopped.Store(true)
		r.stop.Store(true)
	}
	for _, w := range workers {
		w.replicas.MergeAll()
	}
	if err := s.meanAll(); err != nil {
		return err
	}
	pos := r.position(workers, elapsed)
	mine, err := json.Marshal(checkpoint.Rank{Corpus: r.fingerprint, SyncedWords: s.atLocal.Load(), Done: r.sched.Done(pos.Claims), Position: pos})
	if err != nil {
		return err
	}
	all, err := mpi.GatherBytes(s.comm, mine)
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	if s.comm.Rank() != 0 || r.opt.Checkpoint == nil {
		return nil
	}
	ranks := &checkpoint.Ranks{Syncs: s.done.Load(), SyncedWords: s.atGlobal.Load(), SyncWords: s.every, SyncRows: s.rows,
		Each: make([]checkpoint.Rank, len(all))}
	for i, b := range all {
		if err := json.Unmarshal(b, &ranks.Each[i]); err != nil {
			return fmt.Errorf("checkpoint: rank %d's position: %w", i, err)
		}
	}
	snap := r.snapshot(workers, elapsed)
	snap.ranks = ranks
	for _, each := range ranks.Each {
		snap.Done = snap.Done && each.Done
	}
	return r.save(snap)
}

// meanAll replaces every parameter with its mean over the ranks.
func (s *rankSync) meanAll() error {
	m := s.run.model
	if err := s.everyParameter(s.mean); err != nil {
		return err
	}
	s.projectRows(m.In, m.inRows())
	s.projectRows(m.Out, m.Words)
	return nil
}

// finish makes the syncs not yet made, and the checkpoints they agree on,
// then averages every parameter; it sums the run's figures over the
// ranks. After the ranks have stopped it does nothing.
func (s *rankSync) finish(workers []*worker, elapsed time.Duration, st *Stats, loss, lossPairs *float64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	words := s.run.words.Load()
	for s.err == nil && !s.stopped.Load() {
		if s.pending.Load() {
			s.keep(s.take(workers, elapsed))
		} else if k := s.done.Load() + 1; k <= s.syncs {
			s.sync(k, words)
			s.done.Store(k)
		} else {
			break
		}
	}
	if s.err != nil || s.stopped.Load() {
		return s.err
	}
	if err := s.meanAll(); err != nil {
		return err
	}
	counts := []int64{st.Words, st.Pairs}
	sums := []float64{*loss, *lossPairs}
	if err := s.comm.SumInt64(counts); err != nil {
		return err
	}
	if err := s.comm.SumFloat64(sums); err != nil {
		return err
	}
	st.Words, st.Pairs, *loss, *lossPairs = counts[0], counts[1], sums[0], sums[1]
	st.Syncs, st.SyncBytes, st.SyncTime = int(s.done.Load())+1, s.bytes, s.took
	return nil
}

// sync is sync k (from 1): the rows of the 2^z * rows most frequent words,
// z the trailing zeros of k; with subwords, at every fourth, the n-gram
// rows of as many words as sync k/4 would average; the model's parameter
// vectors; and the word counts.
func (s *rankSync) sync(k, words int64) {
	m := s.run.model
	rows := min(m.Words, s.rows<<min(bits.TrailingZeros64(uint64(k)), 40))
	for _, v := range [][]float32{m.In, m.Out} {
		if v != nil {
			s.keep(s.mean(v[:rows*m.Stride]))
		}
	}
	m.layerRows(func(_ string, v []float32, n int) { s.keep(s.mean(v[:min(rows, n)*m.Stride])) })
	if s.buckets != nil && k%4 == 0 {
		n := min(len(s.buckets), s.rows<<min(bits.TrailingZeros64(uint64(k/4)), 40)*16)
		s.keep(s.meanRows(m.In, s.buckets[:n]))
	}
	for _, v := range s.paramVectors() {
		s.keep(s.mean(v))
	}
	s.projectRows(m.In, rows)
	s.projectRows(m.Out, rows)
	asked := s.asked.Swap(0)
	count := []int64{words, asked & askSnapshot, asked & askStop}
	s.keep(s.comm.SumInt64(count))
	s.atLocal.Store(words)
	s.atGlobal.Store(count[0])
	if count[1] > 0 || count[2] > 0 {
		s.pendingStop.Store(count[2] > 0)
		s.pending.Store(true)
		select {
		case s.agreed <- struct{}{}:
		default:
		}
	}
}

// keep records the first error of a sync.
func (s *rankSync) keep(err error) {
	if err != nil && s.err == nil {
		s.err = err
	}
}

// mean replaces v with its mean over the ranks.
func (s *rankSync) mean(v []float32) error {
	if len(v) == 0 {
		return nil
	}
	began := time.Now()
	err := s.comm.SumFloat32(v)
	s.took += time.Since(began)
	s.bytes += 4 * int64(len(v))
	if err != nil {
		return err
	}
	kernel.Scale(v, 1/float32(s.n))
	return nil
}

// meanRows replaces the rows ids of matrix with their means over the ranks.
func (s *rankSync) meanRows(matrix []float32, ids []int32) error {
	return s.rowsDo(matrix, ids, s.mean)
}

// rowsDo calls op with the rows ids of matrix gathered, and puts them back,
// rowsAtOnce rows at a time: op is elementwise (a sum, a broadcast), and
// the buffer stays a few megabytes however many rows.
func (s *rankSync) rowsDo(matrix []float32, ids []int32, op func([]float32) error) error {
	str, dim := s.run.model.Stride, s.run.model.Dim
	const rowsAtOnce = 1 << 14
	for len(ids) > 0 {
		chunk := ids[:min(len(ids), rowsAtOnce)]
		ids = ids[len(chunk):]
		buf := s.buf[:0]
		for _, id := range chunk {
			buf = append(buf, matrix[int(id)*str:][:dim]...)
		}
		s.buf = buf
		if err := op(buf); err != nil {
			return err
		}
		for i, id := range chunk {
			copy(matrix[int(id)*str:][:dim], buf[i*dim:])
		}
	}
	return nil
}

// projectRows puts the first rows of matrix back into the model's space
// (HSG's hyperboloid), which a mean leaves.
func (s *rankSync) projectRows(matrix []float32, rows int) {
	if s.project == nil || matrix == nil {
		return
	}
	str, dim := s.run.model.Stride, s.run.model.Dim
	for i := 0; i < rows; i++ {
		s.project(matrix[i*str:][:dim])
	}
}
