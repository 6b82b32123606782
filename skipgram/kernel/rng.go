package kernel

// RNG is SplitMix64: one add and two multiply-xorshift rounds per draw, a
// full 64-bit period and good enough statistics for sampling. A training
// worker owns one, derived from the seed and its index, so that runs are
// reproducible and threads never share a cache line for their random state.
// The zero value is a valid stream; NewRNG derives independent ones.
type RNG struct{ s uint64 }

// NewRNG returns the stream numbered stream of seed: streams of one seed
// start far apart in SplitMix64's sequence.
func NewRNG(seed, stream uint64) RNG {
	r := RNG{seed ^ (stream+1)*0x9e3779b97f4a7c15}
	r.Next()
	return r
}

// SplitMix is the stream whose state is state: the numbers SplitMix64 draws
// after it, the same on every platform and Go release (tests that plant a
// corpus or a table rely on them).
func SplitMix(state uint64) RNG { return RNG{state} }

// Next returns the next 64 random bits.
func (r *RNG) Next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Below returns a uniform integer in [0, n) by multiply-shift.
func (r *RNG) Below(n uint32) uint32 {
	return uint32((r.Next() >> 32) * uint64(n) >> 32)
}

// Float32 returns a uniform value in [0, 1).
func (r *RNG) Float32() float32 {
	return float32(r.Next()>>40) / (1 << 24)
}

// State returns the generator's state, which SetState restores: a
// checkpoint's record of where a stream stands.
func (r *RNG) State() uint64 { return r.s }

// SetState makes r continue from a state State returned.
func (r *RNG) SetState(s uint64) { r.s = s }
