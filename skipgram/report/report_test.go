package report

import (
	"testing"
	"time"
)

func TestProgress(t *testing.T) {
	p := Progress{Words: 250, Total: 1000, Elapsed: 10 * time.Second, Threads: 5}
	if p.Fraction() != 0.25 || p.WordsPerSecPerThread() != 5 || p.ETA() != 30*time.Second {
		t.Errorf("fraction %v, rate %v, eta %v", p.Fraction(), p.WordsPerSecPerThread(), p.ETA())
	}
	if (Progress{}).ETA() != 0 || (Progress{}).WordsPerSecPerThread() != 0 {
		t.Error("an empty progress has an ETA or a rate")
	}
}
