package skipgram

import (
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/vocab"
)

// BenchmarkCheckpoint times what a checkpoint costs a run of SG at K = 100:
// the pause (the workers wait while the parameters are copied) and the
// write, which runs while they train, for the shared corpus's vocabulary
// (67,873 words) and a million words. Run with -benchtime 3x.
func BenchmarkCheckpoint(b *testing.B) {
	for _, words := range []int{67_873, 1_000_000} {
		b.Run(strconv.Itoa(words), func(b *testing.B) {
			opt := DefaultOptions()
			opt.Dim, opt.Threads = 100, 2
			m := NewModel(opt, words)
			names, counts := make([]string, words), make([]int64, words)
			for i := range names {
				names[i], counts[i] = "w"+strconv.Itoa(i), int64(words-i)
			}
			v, err := vocab.New(names, counts)
			if err != nil {
				b.Fatal(err)
			}
			r := &run{opt: &opt, plan: newPlan(opt, m.Words, 0, false), model: m, vocab: v, sched: hogwild.NewSchedule(10, 2, 1), total: 1}
			r.snapshot(nil, 0) // as a run does before its workers start
			path := filepath.Join(b.TempDir(), "c.ckpt")
			var pause, write time.Duration
			for b.Loop() {
				start := time.Now()
				s := r.snapshot(nil, 0)
				pause += time.Since(start)
				start = time.Now()
				if err := WriteCheckpoint(path, s); err != nil {
					b.Fatal(err)
				}
				write += time.Since(start)
			}
			b.ReportMetric(float64(pause.Milliseconds())/float64(b.N), "ms-pause/op")
			b.ReportMetric(float64(write.Milliseconds())/float64(b.N), "ms-write/op")
		})
	}
}
