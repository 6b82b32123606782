package skipgram

import (
	"math"
	"time"

	"github.com/wipsvec/wipsvec/skipgram/report"
)

// Progress is a snapshot of a running training (report.Progress).
type Progress = report.Progress

// Stats summarises a finished run (report.Stats).
type Stats = report.Stats

// report hands Options.Progress the run's progress, its loss the mean
// since the last report, every every until done is closed.
func (r *run) report(workers []*worker, start time.Time, every time.Duration, done <-chan struct{}) {
	t := time.NewTicker(every)
	defer t.Stop()
	var lastLoss float64
	var lastPairs int64
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		var loss float64
		var pairs int64
		for _, w := range workers {
			loss += math.Float64frombits(w.pub.loss.Load())
			pairs += w.pub.pairs.Load()
		}
		p := Progress{Words: r.words.Load(), Total: r.total, Elapsed: r.elapsedBefore + time.Since(start), Threads: len(workers)}
		p.Alpha = r.alpha(p.Words)
		if r.ranks != nil { // every rank's words, as the rate decays on them
			p.Words, p.Threads = r.ranks.global(p.Words), len(workers)*r.ranks.n
		}
		if pairs > lastPairs {
			p.Loss = (loss - lastLoss) / float64(pairs-lastPairs)
			lastLoss, lastPairs = loss, pairs
		}
		r.opt.Progress(p)
	}
}
