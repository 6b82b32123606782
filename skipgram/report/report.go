// Package report is what a training run tells its caller: its Progress
// while it trains (the words done, the learning rate, the recent loss) and
// its Stats when it ends. They are plain figures, apart from the run that
// measures them (package skipgram), so that a caller prints them (the
// command's one progress printer) without the trainer's machinery.
package report

import "time"

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

	// Started is how many rows skipgram.FromVectors gave their start.
	Started int

	// Syncs is what a run of several ranks spent averaging: how many syncs
	// each rank made (the final full average included), the bytes each
	// rank's syncs summed over the ranks, and the time they took on this
	// rank, waiting for the others included.
	Syncs     int
	SyncBytes int64
	SyncTime  time.Duration
}
