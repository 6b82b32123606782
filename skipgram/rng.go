package skipgram

// rng is SplitMix64: one add and two multiply-xorshift rounds per draw, a
// full 64-bit period and good enough statistics for sampling. Every worker owns
// one, derived from the seed and its index, so that runs are reproducible and
// threads never share a cache line for their random state.
type rng struct{ s uint64 }

func newRNG(seed, stream uint64) rng {
	r := rng{seed ^ (stream+1)*0x9e3779b97f4a7c15}
	r.next()
	return r
}

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// below returns a uniform integer in [0, n) by multiply-shift.
func (r *rng) below(n uint32) uint32 {
	return uint32((r.next() >> 32) * uint64(n) >> 32)
}

// float32 returns a uniform value in [0, 1).
func (r *rng) float32() float32 {
	return float32(r.next()>>40) / (1 << 24)
}
