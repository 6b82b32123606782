package skipgram

// The portable float32 kernels of the training loop, and the reference for
// the assembly in kernels_amd64.s. They are written for the Go
// compiler: one length check up front (a[:n], b[:n] re-slicing) lets it drop
// the bounds checks inside, and four independent accumulators break the
// floating-point dependency chain so that the loop runs at the speed of the
// loads rather than of the adder's latency.

// dotGeneric returns sum a[i]*b[i] over len(a).
func dotGeneric(a, b []float32) float32 {
	n := len(a)
	b = b[:n]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= n; i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < n; i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// axpyGeneric adds g*x to y.
func axpyGeneric(y, x []float32, g float32) {
	n := len(y)
	x = x[:n]
	i := 0
	for ; i+4 <= n; i += 4 {
		y[i] += g * x[i]
		y[i+1] += g * x[i+1]
		y[i+2] += g * x[i+2]
		y[i+3] += g * x[i+3]
	}
	for ; i < n; i++ {
		y[i] += g * x[i]
	}
}

// pairUpdateGeneric is the fused negative-sampling step for one (input, output)
// pair: acc += g*out and out += g*in, reading each out[i] once.
func pairUpdateGeneric(acc, out, in []float32, g float32) {
	n := len(acc)
	out = out[:n]
	in = in[:n]
	i := 0
	for ; i+4 <= n; i += 4 {
		o0, o1, o2, o3 := out[i], out[i+1], out[i+2], out[i+3]
		acc[i] += g * o0
		acc[i+1] += g * o1
		acc[i+2] += g * o2
		acc[i+3] += g * o3
		out[i] = o0 + g*in[i]
		out[i+1] = o1 + g*in[i+1]
		out[i+2] = o2 + g*in[i+2]
		out[i+3] = o3 + g*in[i+3]
	}
	for ; i < n; i++ {
		o := out[i]
		acc[i] += g * o
		out[i] = o + g*in[i]
	}
}

// weightedDotGeneric returns sum w[i]*a[i]*b[i].
func weightedDotGeneric(a, b, w []float32) float32 {
	n := len(a)
	b = b[:n]
	w = w[:n]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= n; i += 4 {
		s0 += w[i] * a[i] * b[i]
		s1 += w[i+1] * a[i+1] * b[i+1]
		s2 += w[i+2] * a[i+2] * b[i+2]
		s3 += w[i+3] * a[i+3] * b[i+3]
	}
	for ; i < n; i++ {
		s0 += w[i] * a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// weightedPairUpdateGeneric is pairUpdateGeneric for the weighted inner product: with
// gw = g*w[i], acc += gw*out, out += gw*in, and the weight gradient
// dw += g*in*out (taken before out moves).
func weightedPairUpdateGeneric(acc, out, in, w, dw []float32, g float32) {
	n := len(acc)
	out = out[:n]
	in = in[:n]
	w = w[:n]
	dw = dw[:n]
	for i := 0; i < n; i++ {
		o, x := out[i], in[i]
		gw := g * w[i]
		acc[i] += gw * o
		dw[i] += g * x * o
		out[i] = o + gw*x
	}
}
