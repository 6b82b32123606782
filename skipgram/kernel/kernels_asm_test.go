//go:build amd64 && !purego

package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAssemblyMatchesGeneric runs every assembly kernel against its generic
// twin on all lengths up to 67, with guard cells on both sides that must not
// change. FMA rounds once where the generic code rounds twice, so values are
// compared with a tolerance.
func TestAssemblyMatchesGeneric(t *testing.T) {
	if !hasAVX2FMA {
		t.Skip("no AVX2+FMA on this CPU: the generic kernels are in use")
	}
	r := rand.New(rand.NewPCG(5, 5))
	const guard = 8
	slice := func(n int) ([]float32, []float32) {
		buf := randVec(r, n+2*guard, 1)
		return buf, buf[guard : guard+n : guard+n]
	}
	close := func(a, b float32, n int) bool {
		return math.Abs(float64(a-b)) <= 1e-5*float64(n+1)
	}
	for n := 0; n <= 67; n++ {
		_, a := slice(n)
		_, b := slice(n)
		_, w := slice(n)
		if n > 0 {
			if x, y := Dot(a, b), dotGeneric(a, b); !close(x, y, n) {
				t.Errorf("dot n=%d: %v vs %v", n, x, y)
			}
		}
		// Updates: run both on copies, compare, and check the guards.
		accBuf, acc := slice(n)
		outBuf, out := slice(n)
		dwBuf, dw := slice(n)
		acc2, out2, dw2 := append([]float32(nil), acc...), append([]float32(nil), out...), append([]float32(nil), dw...)
		accG, outG, dwG := append([]float32(nil), accBuf...), append([]float32(nil), outBuf...), append([]float32(nil), dwBuf...)
		PairUpdate(acc, out, a, 0.3)
		pairUpdateGeneric(acc2, out2, a, 0.3)
		PairUpdate(dw, out, w, -0.2)
		pairUpdateGeneric(dw2, out2, w, -0.2)
		WeightedStep(acc, dw, w, b)
		weightedStepGeneric(acc2, dw2, w, b)
		ScaleInto(out, w, a)
		scaleIntoGeneric(out2, w, a)
		MulAdd(acc, w, b)
		mulAddGeneric(acc2, w, b)
		Axpy(acc, b, 0.7)
		axpyGeneric(acc2, b, 0.7)
		Scale(out, 1.3)
		scaleGeneric(out2, 1.3)
		if x, y := AxpbyNorm(out, a, 0.9, -0.4), axpbyNormGeneric(out2, a, 0.9, -0.4); !close(x, y, 4*n) {
			t.Errorf("axpbyNorm n=%d: sum of squares %v vs %v", n, x, y)
		}
		for i := range acc {
			if !close(acc[i], acc2[i], 4) || !close(out[i], out2[i], 4) || !close(dw[i], dw2[i], 4) {
				t.Fatalf("updates n=%d i=%d: acc %v/%v out %v/%v dw %v/%v", n, i, acc[i], acc2[i], out[i], out2[i], dw[i], dw2[i])
			}
		}
		for i := 0; i < guard; i++ {
			for _, g := range [][2][]float32{{accBuf, accG}, {outBuf, outG}, {dwBuf, dwG}} {
				if g[0][i] != g[1][i] || g[0][len(g[0])-1-i] != g[1][len(g[1])-1-i] {
					t.Fatalf("n=%d: a kernel wrote outside its slice", n)
				}
			}
		}
	}
}

// TestManyMatchOneByOne: DotMany gives Dot's products bit for bit, and
// AxpyMany and AxpyRows round as Axpy calls in a row do, on every length up
// to 67 and for one to seven rows, without writing outside their rows.
func TestManyMatchOneByOne(t *testing.T) {
	if !hasAVX2FMA {
		t.Skip("no AVX2+FMA on this CPU: the generic kernels are in use")
	}
	r := rand.New(rand.NewPCG(7, 7))
	const guard = 8
	for n := 1; n <= 67; n++ {
		for m := 1; m <= 7; m++ {
			x := randVec(r, n, 1)
			ys := make([][]float32, m)
			g := randVec(r, m, 0.5)
			for j := range ys {
				ys[j] = randVec(r, n+j, 1) // rows may be longer than x
			}
			dst := make([]float32, m)
			DotMany(dst, x, ys)
			for j := range ys {
				if want := Dot(x, ys[j]); dst[j] != want {
					t.Fatalf("DotMany n=%d m=%d j=%d: %v, Dot %v", n, m, j, dst[j], want)
				}
			}
			buf := randVec(r, n+2*guard, 1)
			y := buf[guard : guard+n : guard+n]
			want := append([]float32(nil), y...)
			for j := range ys {
				Axpy(want, ys[j], g[j])
			}
			before := append([]float32(nil), buf...)
			AxpyMany(y, ys, g)
			for i := range y {
				if y[i] != want[i] {
					t.Fatalf("AxpyMany n=%d m=%d i=%d: %v, Axpy in a row %v", n, m, i, y[i], want[i])
				}
			}
			for i := 0; i < guard; i++ {
				if buf[i] != before[i] || buf[len(buf)-1-i] != before[len(buf)-1-i] {
					t.Fatalf("AxpyMany n=%d m=%d wrote outside y", n, m)
				}
			}
			axpyRowsMatchesAxpy(t, r, n, m)
		}
	}
}

// axpyRowsMatchesAxpy checks AxpyRows on m rows of n values, the first
// listed twice when m > 2, against Axpy(row, x, g) row after row.
func axpyRowsMatchesAxpy(t *testing.T, r *rand.Rand, n, m int) {
	t.Helper()
	const guard = 8
	bufs := make([][]float32, m)
	rows, wants := make([][]float32, m), make([][]float32, m)
	for j := range rows {
		bufs[j] = randVec(r, n+2*guard, 1)
		rows[j] = bufs[j][guard : guard+n : guard+n]
	}
	if m > 2 {
		rows[m-1] = rows[0] // a word twice in one window
	}
	x, gs := randVec(r, n, 1), randVec(r, m, 0.5)
	for j := range rows {
		wants[j] = append([]float32(nil), bufs[j]...)
	}
	for j := range rows {
		k := j
		if m > 2 && j == m-1 {
			k = 0
		}
		Axpy(wants[k][guard:guard+n], x, gs[j])
	}
	AxpyRows(rows, x, gs)
	for j := range bufs {
		for i := range bufs[j] {
			if bufs[j][i] != wants[j][i] {
				t.Fatalf("AxpyRows n=%d m=%d row %d cell %d: %v, Axpy in a row %v", n, m, j, i-guard, bufs[j][i], wants[j][i])
			}
		}
	}
}

// TestScorePairsIsItsParts: ScorePairs gives the bits of Dot, Gradient and
// PairUpdate called in a row, on every length up to 67, for one to 19
// outputs (one listed twice; the input one of them or not), with scores
// from well inside the table to beyond both its ends, and NaN.
func TestScorePairsIsItsParts(t *testing.T) {
	if !hasAVX2FMA {
		t.Skip("no AVX2+FMA on this CPU: the generic kernels are in use")
	}
	r := rand.New(rand.NewPCG(9, 9))
	sig := NewSigmoidTable()
	for n := 1; n <= 67; n++ {
		for _, m := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 17, 19} {
			for _, scale := range []float32{0.1, 1, 3, 50} {
				for _, aliased := range []bool{false, true} {
					scorePairsMatchesParts(t, r, sig, n, m, scale, aliased, scale == 50 && m == 7)
				}
			}
		}
	}
}

// scorePairsMatchesParts checks ScorePairs on m outputs of n values against
// Dot, Gradient and PairUpdate in a row. With more than two outputs the
// second is listed again last; aliased makes the input one of the outputs,
// as a one-view model's context may be its centre or a noise word; nan
// puts a NaN in the input.
func scorePairsMatchesParts(t *testing.T, r *rand.Rand, sig *SigmoidTable, n, m int, scale float32, aliased, nan bool) {
	t.Helper()
	in := randVec(r, n, scale)
	if nan {
		in[n-1] = float32(math.NaN())
	}
	outs := make([][]float32, m)
	pos := make([]bool, m)
	for j := range outs {
		outs[j] = randVec(r, n+j, 1)
		pos[j] = r.IntN(2) == 0
	}
	if m > 2 {
		outs[m-1] = outs[1]
	}
	// The parts, on copies that keep the repeat and the alias.
	outs2 := make([][]float32, m)
	for j := range outs {
		outs2[j] = append([]float32(nil), outs[j]...)
	}
	if m > 2 {
		outs2[m-1] = outs2[1]
	}
	in2 := append([]float32(nil), in...)
	if aliased {
		k := min(2, m-1)
		copy(outs[k], in)
		copy(outs2[k], in)
		in, in2 = outs[k][:n], outs2[k][:n]
	}
	acc, acc2 := randVec(r, n, 1), []float32(nil)
	acc2 = append(acc2, acc...)
	var want float32
	for j, out := range outs2 {
		g, l := sig.Gradient(Dot(in2, out[:n]), pos[j], 0.025)
		want += l
		PairUpdate(acc2, out[:n], in2, g)
	}
	got := ScorePairs(sig, acc, in, outs, pos, 0.025)
	same := func(a, b float32) bool {
		return math.Float32bits(a) == math.Float32bits(b) || (a != a && b != b)
	}
	if !same(got, want) {
		t.Fatalf("n=%d m=%d scale %v aliased %v: loss %v, the parts' %v", n, m, scale, aliased, got, want)
	}
	for i := range acc {
		if !same(acc[i], acc2[i]) {
			t.Fatalf("n=%d m=%d scale %v aliased %v: acc[%d] %v, the parts' %v", n, m, scale, aliased, i, acc[i], acc2[i])
		}
	}
	for j := range outs {
		for i := range outs[j] {
			if !same(outs[j][i], outs2[j][i]) {
				t.Fatalf("n=%d m=%d scale %v aliased %v: out %d [%d] %v, the parts' %v", n, m, scale, aliased, j, i, outs[j][i], outs2[j][i])
			}
		}
	}
}

// TestMeanRowsIsItsParts: MeanRows gives the bits of clearing y, AxpyMany
// with weights of 1 and Scale by 1/m (the generic kernel too), on every
// length up to 67 and for one to nine rows, a row twice among them, with
// signed zeros and a NaN, without writing outside y.
func TestMeanRowsIsItsParts(t *testing.T) {
	if !hasAVX2FMA {
		t.Skip("no AVX2+FMA on this CPU: the generic kernels are in use")
	}
	r := rand.New(rand.NewPCG(11, 11))
	const guard = 8
	negZero := float32(math.Copysign(0, -1))
	for n := 1; n <= 67; n++ {
		for m := 1; m <= 9; m++ {
			rows := make([][]float32, m)
			for j := range rows {
				rows[j] = randVec(r, n+j, 1)
			}
			if m > 2 {
				rows[m-1] = rows[1]
			}
			rows[0][0] = negZero // alone it must come out +0, as 0 + -0 does
			if m == 1 {
				rows[0][n-1] = negZero
			}
			if m == 5 && n > 3 {
				rows[2][3] = float32(math.NaN())
			}
			ones := make([]float32, m)
			for j := range ones {
				ones[j] = 1
			}
			want := make([]float32, n)
			AxpyMany(want, rows, ones)
			Scale(want, 1/float32(m))
			generic := make([]float32, n)
			meanRowsGeneric(generic, rows)
			buf := randVec(r, n+2*guard, 1)
			y := buf[guard : guard+n : guard+n]
			before := append([]float32(nil), buf...)
			MeanRows(y, rows)
			for i := range y {
				same := func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b }
				if !same(y[i], want[i]) {
					t.Fatalf("MeanRows n=%d m=%d i=%d: %v, its parts %v", n, m, i, y[i], want[i])
				}
				if !same(generic[i], want[i]) {
					t.Fatalf("meanRowsGeneric n=%d m=%d i=%d: %v, its parts %v", n, m, i, generic[i], want[i])
				}
			}
			for i := 0; i < guard; i++ {
				if buf[i] != before[i] || buf[len(buf)-1-i] != before[len(buf)-1-i] {
					t.Fatalf("MeanRows n=%d m=%d wrote outside y", n, m)
				}
			}
		}
	}
}

// TestScorePairsStepIsItsParts: ScorePairsStep gives the bits of
// ScorePairs and then AxpyRows with weights of 1, on every length up to 67,
// for one to 19 outputs (one listed twice, so that they take two chunks)
// and none to seven rows to step (one listed twice, one an output as a
// one-view model's context may be), without writing outside the rows.
func TestScorePairsStepIsItsParts(t *testing.T) {
	if !hasAVX2FMA {
		t.Skip("no AVX2+FMA on this CPU: the generic kernels are in use")
	}
	r := rand.New(rand.NewPCG(13, 13))
	sig := NewSigmoidTable()
	const guard = 8
	same := func(a, b float32) bool {
		return math.Float32bits(a) == math.Float32bits(b) || (a != a && b != b)
	}
	for n := 1; n <= 67; n++ {
		for _, m := range []int{1, 2, 5, 6, 8, 9, 19} {
			for _, k := range []int{0, 1, 3, 6, 7} {
				// Two copies of every buffer: one for ScorePairsStep, one for
				// its parts; rows carry guard cells on both sides.
				var bufs [2][][]float32
				nb := m + k + 1
				for c := range bufs {
					bufs[c] = make([][]float32, nb)
				}
				for b := range nb {
					v := randVec(r, n+2*guard, 3)
					bufs[0][b], bufs[1][b] = v, append([]float32(nil), v...)
				}
				row := func(c, b int) []float32 { return bufs[c][b][guard : guard+n : guard+n] }
				pos := make([]bool, m)
				for j := range pos {
					pos[j] = r.IntN(2) == 0
				}
				var outs, steps [2][][]float32
				for c := range 2 {
					for j := range m {
						outs[c] = append(outs[c], row(c, j))
					}
					if m > 2 {
						outs[c][m-1] = outs[c][1]
					}
					for i := range k {
						steps[c] = append(steps[c], row(c, m+i))
					}
					if k > 2 {
						steps[c][k-1] = steps[c][0]
					}
					if k > 1 {
						steps[c][1] = outs[c][0]
					}
				}
				in := [2][]float32{row(0, nb-1), row(1, nb-1)}
				acc := [2][]float32{make([]float32, n), make([]float32, n)}
				got := ScorePairsStep(sig, acc[0], in[0], outs[0], pos, 0.025, steps[0])
				want := ScorePairs(sig, acc[1], in[1], outs[1], pos, 0.025)
				if len(steps[1]) > 0 {
					ones := make([]float32, k)
					for i := range ones {
						ones[i] = 1
					}
					AxpyRows(steps[1], acc[1], ones)
				}
				if !same(got, want) {
					t.Fatalf("n=%d m=%d k=%d: loss %v, the parts' %v", n, m, k, got, want)
				}
				for b := range nb {
					for i := range bufs[0][b] {
						if !same(bufs[0][b][i], bufs[1][b][i]) {
							t.Fatalf("n=%d m=%d k=%d: buffer %d cell %d %v, the parts' %v", n, m, k, b, i-guard, bufs[0][b][i], bufs[1][b][i])
						}
					}
				}
			}
		}
	}
}
