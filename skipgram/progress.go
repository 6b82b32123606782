package skipgram

import (
	"math"
	"time"
)

// Progress is a snapshot of a running training.
type Progress struct {
	Words   int64         // tokens processed so far, over all threads and epochs
	Total   int64         // tokens to process: Iter x corpus tokens
	Alpha   float64       // current learning rate
	Loss    float64       // mean loss per positive pair since the previous snapshot
	Elapsed time.Duration // wall clock
	Threads int
	Done    bool
}

// Fraction is the share of the run done.
func (p Progress) Fraction() float64 { return float64(p.Words) / float64(max(p.Total, 1)) }

// WordsPerSecPerThread is the wall-clock throughput of one worker.
func (p Progress) WordsPerSecPerThread() float64 {
	s := p.Elapsed.Seconds()
	if s <= 0 {
		return 0
	}
	return float64(p.Words) / s / float64(max(p.Threads, 1))
}

// ETA estimates the remaining wall time from the rate so far.
func (p Progress) ETA() time.Duration {
	if p.Words == 0 {
		return 0
	}
	rest := float64(p.Total-p.Words) / float64(p.Words) * float64(p.Elapsed)
	return time.Duration(rest)
}

// Stats summarises a finished run.
type Stats struct {
	Words   int64 // tokens processed: Iter x corpus tokens when the run completes
	Pairs   int64 // positive pairs trained
	Elapsed time.Duration
	Loss    float64 // mean loss per positive pair over the last epoch's final stretch

	// WIPS: the start lambda was given ("neg:Q" for the spectral start, which
	// it resolves) and, for the spectral start, the K largest eigenvalues of
	// the shifted PMI by absolute value.
	LambdaStart string
	Spectrum    []float64

	// Started is how many rows Options.Start gave their start.
	Started int
}

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
		if pairs > lastPairs {
			p.Loss = (loss - lastLoss) / float64(pairs-lastPairs)
			lastLoss, lastPairs = loss, pairs
		}
		r.opt.Progress(p)
	}
}
