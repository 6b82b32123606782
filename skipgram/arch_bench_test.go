package skipgram

import "testing"

// BenchmarkArchitectureWindow times one window of 6 contexts at K = 100
// over 2,000 rows (which stay in cache) for each architecture beside
// skip-gram's batch window with negative sampling: the arithmetic of a
// window, without the corpus around it. The tree over 2,000 words gives
// paths of about 11 nodes.
func BenchmarkArchitectureWindow(b *testing.B) {
	for _, a := range []struct {
		name string
		kind Kind
		set  func(*Options)
	}{
		{"sg-batch", SG, func(o *Options) {}},
		{"sg-pairs", SG, func(o *Options) { o.Batch = false }},
		{"sips-pairs", SIPS, func(o *Options) { o.Batch = false }},
		{"ipds-pairs", IPDS, func(o *Options) { o.Batch = false }},
		{"wips-pairs", WIPS, func(o *Options) { o.Batch = false }},
		{"sg-cbow", SG, func(o *Options) { o.CBOW = true }},
		{"wips-cbow", WIPS, func(o *Options) { o.CBOW = true }},
		{"sg-hs", SG, func(o *Options) { o.HS, o.Negative = true, 0 }},
		{"sg-hs-pairs", SG, func(o *Options) { o.HS, o.Negative, o.Batch = true, 0, false }},
		{"sg-cbow-hs", SG, func(o *Options) { o.CBOW, o.HS, o.Negative = true, true, 0 }},
	} {
		b.Run(a.name, func(b *testing.B) {
			w := testWorkerWith(b, a.kind, 100, 2000, 5, 1, a.set)
			ctxs := []int32{11, 230, 1200, 7, 512, 1999}
			center := int32(42)
			for b.Loop() {
				w.kernel.window(&w.step, center, ctxs, 0.025)
				center = (center + 97) % 2000
			}
		})
	}
}
