package skipgram

import "testing"

// BenchmarkHSGWindow times HSG's kernels on one window of 6 contexts at
// K = 100, 5 negatives, over 2,000 rows (which stay in cache): the
// arithmetic of a window, without the corpus around it.
func BenchmarkHSGWindow(b *testing.B) {
	for _, batch := range []bool{true, false} {
		name := "exact"
		if batch {
			name = "batch"
		}
		b.Run(name, func(b *testing.B) {
			w := testWorkerWith(b, HSG, 100, 2000, 5, 1, func(o *Options) { o.Batch = batch })
			ctxs := []int32{11, 230, 1200, 7, 512, 1999}
			center := int32(42)
			for b.Loop() {
				w.kernel.window(&w.step, center, ctxs, 0.025)
				center = (center + 97) % 2000
			}
		})
	}
}
