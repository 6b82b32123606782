package kernel

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

// scaleIntoGeneric sets dst = w * x elementwise (WIPS's lambda-scaled input).
func scaleIntoGeneric(dst, w, x []float32) {
	n := len(dst)
	w, x = w[:n], x[:n]
	i := 0
	for ; i+4 <= n; i += 4 {
		dst[i] = w[i] * x[i]
		dst[i+1] = w[i+1] * x[i+1]
		dst[i+2] = w[i+2] * x[i+2]
		dst[i+3] = w[i+3] * x[i+3]
	}
	for ; i < n; i++ {
		dst[i] = w[i] * x[i]
	}
}

// weightedStepGeneric ends a WIPS context: dw += in*acc (lambda's gradient), then
// in += w*acc (the input's step).
func weightedStepGeneric(in, dw, w, acc []float32) {
	n := len(in)
	dw, w, acc = dw[:n], w[:n], acc[:n]
	i := 0
	for ; i+4 <= n; i += 4 {
		a0, a1, a2, a3 := acc[i], acc[i+1], acc[i+2], acc[i+3]
		x0, x1, x2, x3 := in[i], in[i+1], in[i+2], in[i+3]
		dw[i] += x0 * a0
		dw[i+1] += x1 * a1
		dw[i+2] += x2 * a2
		dw[i+3] += x3 * a3
		in[i] = x0 + w[i]*a0
		in[i+1] = x1 + w[i+1]*a1
		in[i+2] = x2 + w[i+2]*a2
		in[i+3] = x3 + w[i+3]*a3
	}
	for ; i < n; i++ {
		a, x := acc[i], in[i]
		dw[i] += x * a
		in[i] = x + w[i]*a
	}
}

// axpbyNormGeneric sets x = a*x + b*y and returns the sum of squares of the
// new x: HSG's exponential-map step and the norm it lifts the point with, in
// one pass.
func axpbyNormGeneric(x, y []float32, a, b float32) float32 {
	n := len(x)
	y = y[:n]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= n; i += 4 {
		x0 := a*x[i] + b*y[i]
		x1 := a*x[i+1] + b*y[i+1]
		x2 := a*x[i+2] + b*y[i+2]
		x3 := a*x[i+3] + b*y[i+3]
		x[i], x[i+1], x[i+2], x[i+3] = x0, x1, x2, x3
		s0 += x0 * x0
		s1 += x1 * x1
		s2 += x2 * x2
		s3 += x3 * x3
	}
	for ; i < n; i++ {
		v := a*x[i] + b*y[i]
		x[i] = v
		s0 += v * v
	}
	return (s0 + s1) + (s2 + s3)
}

// dotManyGeneric sets dst[j] = dot(x, ys[j]).
func dotManyGeneric(dst, x []float32, ys [][]float32) {
	dst = dst[:len(ys)]
	for j, y := range ys {
		dst[j] = dotGeneric(x, y)
	}
}

// axpyManyGeneric adds sum_j g[j]*xs[j] to y, four elements of y at a time
// held in registers while every row adds to them, so that y is read and
// written once and a row that is y itself is read before it changes.
func axpyManyGeneric(y []float32, xs [][]float32, g []float32) {
	n := len(y)
	g = g[:len(xs)]
	for _, x := range xs {
		_ = x[:n]
	}
	i := 0
	for ; i+4 <= n; i += 4 {
		y0, y1, y2, y3 := y[i], y[i+1], y[i+2], y[i+3]
		for j, x := range xs {
			x := x[i : i+4 : i+4]
			gj := g[j]
			y0 += gj * x[0]
			y1 += gj * x[1]
			y2 += gj * x[2]
			y3 += gj * x[3]
		}
		y[i], y[i+1], y[i+2], y[i+3] = y0, y1, y2, y3
	}
	for ; i < n; i++ {
		s := y[i]
		for j, x := range xs {
			s += g[j] * x[i]
		}
		y[i] = s
	}
}

// mulAddGeneric adds w*x to y elementwise.
func mulAddGeneric(y, w, x []float32) {
	n := len(y)
	w, x = w[:n], x[:n]
	i := 0
	for ; i+4 <= n; i += 4 {
		y[i] += w[i] * x[i]
		y[i+1] += w[i+1] * x[i+1]
		y[i+2] += w[i+2] * x[i+2]
		y[i+3] += w[i+3] * x[i+3]
	}
	for ; i < n; i++ {
		y[i] += w[i] * x[i]
	}
}

// axpyRowsGeneric adds gs[j]*x to each rows[j] in turn.
func axpyRowsGeneric(rows [][]float32, x, gs []float32) {
	for j, r := range rows {
		axpyGeneric(r[:len(x)], x, gs[j])
	}
}

// meanRowsGeneric sets y to the mean of rows: each element summed from
// zero, the rows in order, then scaled by 1/len(rows), as clearing y,
// AxpyMany with weights of 1 and Scale would round it. No rows leave y
// cleared.
func meanRowsGeneric(y []float32, rows [][]float32) {
	n := len(y)
	if len(rows) == 0 {
		clear(y)
		return
	}
	for _, x := range rows {
		_ = x[:n]
	}
	inv := 1 / float32(len(rows))
	i := 0
	for ; i+4 <= n; i += 4 {
		var y0, y1, y2, y3 float32
		for _, x := range rows {
			x := x[i : i+4 : i+4]
			y0 += x[0]
			y1 += x[1]
			y2 += x[2]
			y3 += x[3]
		}
		y[i], y[i+1], y[i+2], y[i+3] = y0*inv, y1*inv, y2*inv, y3*inv
	}
	for ; i < n; i++ {
		var s float32
		for _, x := range rows {
			s += x[i]
		}
		y[i] = s * inv
	}
}

// stepRowsGeneric adds x to each of rows, as AxpyRows with weights of 1.
func stepRowsGeneric(rows [][]float32, x []float32) {
	for _, r := range rows {
		axpyGeneric(r[:len(x)], x, 1)
	}
}

// scaleGeneric multiplies every element of x by a.
func scaleGeneric(x []float32, a float32) {
	for i := range x {
		x[i] *= a
	}
}
