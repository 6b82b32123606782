package skipgram

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/input"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/window"
	"github.com/wipsvec/wipsvec/vocab"
)

// chunkWords is how many tokens a worker processes between updates of the
// shared word counter, the learning rate and its published loss: often enough
// for a smooth decay, rarely enough that the shared cache line stays cold.
const chunkWords = 10000

// syncWords is how often (in tokens, or pairs of a graph) a worker whose
// kernel keeps private copies of shared parameters (WIPS's lambda) syncs
// them.
const syncWords = 1000

// run is the state the workers of one training share.
type run struct {
	opt    *Options // &plan.Options: the settings as the run trains them
	plan   *Plan
	model  *Model
	noise  *vocab.Noise
	keep   []uint32
	sig    *kernel.SigmoidTable
	total  int64 // Iter x corpus tokens
	blocks []hogwild.Block
	sched  *hogwild.Schedule
	words  atomic.Int64 // tokens processed, updated per chunk
	stop   atomic.Bool
	// diverged is set, with stop, by the first worker to find a parameter
	// that is not a finite number (worker.flush): the run ends with
	// ErrDiverged instead of training on NaN to its end, and writes no
	// checkpoint after it.
	diverged atomic.Bool
	graph    *input.EdgeBlocks // set when training on an edge list instead of text
	layers   outputsRun        // the output layers, as the workers share them
	bags     *window.Bags      // with a row representation (subwords): every word's input rows
	ranks    *rankSync         // with several processes (Job.Ranks)
	gate     *hogwild.Gate     // stops the workers between blocks for a snapshot
	hotMu    sync.Mutex        // serialises the merges of the workers' hot rows

	hooks testHooks // what a test set (hooksOf)
	data  DataSettings

	// stopRequest is closed, once, when hooks.stopAfter is reached.
	stopRequest chan struct{}
	stopOnce    sync.Once
	stopped     atomic.Bool
	// snapshotAsked is set once hooks.snapshotAfter has asked.
	snapshotAsked atomic.Bool

	// What a snapshot records besides the state above.
	vocab         *vocab.Vocab
	fingerprint   Fingerprint
	origin        origin
	elapsedBefore time.Duration // a resumed run's time before it stopped

	// snapIn and snapOut hold the parameters of the last snapshot (see
	// snapshot): Options.Checkpoint's snapshot is valid until it returns.
	snapIn, snapOut []float32
	snapLayers      map[string][]float32
}

// execute runs the workers of r to the end of their work (or ctx's), with
// the progress reporter and the checkpointer beside them, and sums what
// they measured.
func (r *run) execute(ctx context.Context) (Stats, error) {
	workers := r.newWorkers()
	start := time.Now()
	done := make(chan struct{})
	var helpers sync.WaitGroup
	var ckptErr error
	r.startHelpers(ctx, workers, start, done, &helpers, &ckptErr)
	runWorkers(workers)
	close(done)
	helpers.Wait()

	st := Stats{Elapsed: r.elapsedBefore + time.Since(start)}
	var loss, lossPairs float64
	for _, w := range workers {
		st.Words += w.words
		st.Pairs += w.pairs
		loss += w.epochLoss
		lossPairs += w.epochPairs
	}
	alpha := r.alpha(st.Words)
	if s := r.ranks; s != nil && ckptErr == nil && !r.diverged.Load() {
		if err := s.finish(workers, st.Elapsed-r.elapsedBefore, &st, &loss, &lossPairs); err != nil {
			return st, err
		}
		if s.stopped.Load() {
			return st, s.interrupted(ctx)
		}
		if r.opt.Checkpoint != nil && s.writes() {
			ckptErr = r.save(r.snapshot(workers, st.Elapsed-r.elapsedBefore))
		}
	}
	if lossPairs > 0 {
		st.Loss = loss / lossPairs
	}
	if r.opt.Progress != nil {
		r.opt.Progress(Progress{Words: st.Words, Total: r.total, Alpha: alpha, Loss: st.Loss,
			Elapsed: st.Elapsed, Threads: r.opt.Threads, Done: true})
	}
	switch {
	case r.diverged.Load():
		return st, ErrDiverged
	case ckptErr != nil:
		return st, ckptErr
	case ctx.Err() != nil && r.ranks == nil:
		return st, ctx.Err()
	case r.stopped.Load():
		return st, errStopped
	}
	return st, nil
}

// newWorkers makes the run's workers, its gate and, resuming, sets them
// where the snapshot stood.
func (r *run) newWorkers() []*worker {
	newKernel := r.model.Kind.def().workerKernels(r)
	workers := make([]*worker, r.opt.Threads)
	for i := range workers {
		workers[i] = newWorker(r, i, newKernel)
	}
	if r.hooks.lockstep && len(workers) > 1 {
		turns := hogwild.NewTurns(len(workers))
		for _, w := range workers {
			w.turns = turns
		}
	}
	r.gate = hogwild.NewGate(len(workers))
	r.stopRequest = make(chan struct{})
	if s := r.opt.resumed(); s != nil {
		r.resume(s, workers)
	}
	return workers
}

// startHelpers starts what runs beside the workers until done: the
// progress reporter and the checkpointer (which sets *ckptErr), or, with
// neither, a watch that stops the workers when ctx is cancelled.
func (r *run) startHelpers(ctx context.Context, workers []*worker, start time.Time, done <-chan struct{}, helpers *sync.WaitGroup, ckptErr *error) {
	opt := r.opt
	if opt.Progress != nil {
		every := opt.ProgressEvery
		if every <= 0 {
			every = 500 * time.Millisecond
		}
		helpers.Go(func() { r.report(workers, start, every, done) })
	}
	if opt.Checkpoint != nil && r.ranks.writes() {
		// The snapshots' memory is touched now, before the workers start,
		// not while they wait at the gate.
		r.snapshot(workers, 0)
	}
	switch {
	case r.ranks != nil: // the ranks stop together, at a sync
		helpers.Go(func() { *ckptErr = r.ranks.checkpoints(ctx, workers, start, done) })
	case opt.Checkpoint != nil || r.hooks.stopAfter > 0:
		helpers.Go(func() { *ckptErr = r.checkpoints(ctx, workers, start, done) })
	default:
		stopWatch := context.AfterFunc(ctx, func() { r.stop.Store(true) })
		helpers.Go(func() {
			<-done
			stopWatch()
		})
	}
}

// settle puts every row back into the model's space (HSG's hyperboloid)
// once the last worker is done. One worker keeps each row there with every
// step; two workers' steps on one row interleave without locks, and the
// row can end with one worker's time coordinate beside the other's
// spatial part. It leaves a one-thread run's rows, which are already in
// place, as they are, bit for bit.
func (r *run) settle() {
	project := r.model.Kind.def().project
	if project == nil || r.opt.Threads < 2 {
		return
	}
	m := r.model
	for _, matrix := range [][]float32{m.In, m.Out} {
		for off := 0; off < len(matrix); off += m.Stride {
			project(matrix[off : off+m.Dim])
		}
	}
}

// requestStop shuts the gate and asks the checkpointer to snapshot the run
// and stop it: hooks.stopAfter is reached.
func (r *run) requestStop() {
	r.stopOnce.Do(func() {
		r.stopped.Store(true)
		if r.ranks != nil { // the ranks stop together, at the sync after
			r.ranks.ask(askStop)
		} else {
			r.gate.Shut()
		}
		close(r.stopRequest)
	})
}

// errStopped ends a run that a test stopped (hooks.stopAfter).
var errStopped = errors.New("stopped after the blocks asked for")

// DefaultCheckpointEvery is how often a run with Options.Checkpoint
// snapshots itself when CheckpointEvery is not set.
const DefaultCheckpointEvery = 10 * time.Minute

// checkpoints hands snapshots of the run to opt.Checkpoint as the gate's
// checkpointer paces them (hogwild.Checkpointer): every CheckpointEvery,
// when ctx is cancelled (and then stops the run at the gate, between
// blocks), and when the workers are done.
func (r *run) checkpoints(ctx context.Context, workers []*worker, start time.Time, done <-chan struct{}) error {
	every := r.opt.CheckpointEvery
	if every <= 0 {
		every = DefaultCheckpointEvery
	}
	c := hogwild.Checkpointer[*Snapshot]{Gate: r.gate, Every: every, Save: r.save,
		Snapshot: func() *Snapshot { return r.snapshot(workers, time.Since(start)) },
		Stop:     func() { r.stop.Store(true) }}
	return c.Run(ctx, done, r.stopRequest)
}

// save hands s to opt.Checkpoint, unless the run diverged: a diverged run
// keeps the last checkpoint taken before it.
func (r *run) save(s *Snapshot) error {
	if r.opt.Checkpoint == nil || r.diverged.Load() {
		return nil
	}
	if !s.Model.finite() { // diverged since the workers last looked
		r.diverged.Store(true)
		r.stop.Store(true)
		return nil
	}
	return r.opt.Checkpoint(s)
}

// alpha is the learning rate after words tokens: linear decay over the whole
// run, floored at 1e-4 of the start as in word2vec.c.
// With several ranks, words is this rank's, and the rate decays on every
// rank's (newRankSync scales the rate itself).
func (r *run) alpha(words int64) float64 {
	if s := r.ranks; s != nil {
		words = s.global(words)
	}
	return decayed(r.opt.Alpha, words, r.total)
}

// decayed is the learning rate that starts at alpha after words of total
// tokens (run.alpha).
func decayed(alpha float64, words, total int64) float64 {
	return max(alpha*(1-float64(words)/float64(total+1)), alpha*1e-4)
}
