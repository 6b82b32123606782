package kernel

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

func randVec(r *rand.Rand, n int, scale float32) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = (r.Float32()*2 - 1) * scale
	}
	return v
}

// dot64 is the inner product in float64, the reference for Dot.
var dot64 = embedding.Form{Name: "ip"}.Similarity().Func

func TestKernelsMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 3, 4, 7, 10, 16, 100, 101, 300} {
		a, b := randVec(r, n, 1), randVec(r, n, 1)
		if got, want := float64(Dot(a, b)), dot64(a, b); math.Abs(got-want) > 1e-5*float64(n) {
			t.Errorf("dot n=%d: %v, want %v", n, got, want)
		}
		acc, out := randVec(r, n, 1), randVec(r, n, 1)
		acc0, out0 := append([]float32(nil), acc...), append([]float32(nil), out...)
		PairUpdate(acc, out, a, 0.5)
		for i := range acc {
			if acc[i] != acc0[i]+0.5*out0[i] || out[i] != out0[i]+0.5*a[i] {
				t.Fatalf("pairUpdate n=%d i=%d: acc %v out %v", n, i, acc[i], out[i])
			}
		}
		y := append([]float32(nil), b...)
		Axpy(y, a, -2)
		for i := range y {
			if y[i] != b[i]-2*a[i] {
				t.Fatalf("axpy n=%d i=%d", n, i)
			}
		}
	}
}

func BenchmarkKernels(b *testing.B) {
	for _, n := range []int{10, 100, 300} {
		r := rand.New(rand.NewPCG(1, 1))
		x, y, acc := randVec(r, n, 1), randVec(r, n, 1), randVec(r, n, 1)
		var sink float32
		b.Run("dot/"+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				sink += Dot(x, y)
			}
		})
		b.Run("axpy/"+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				Axpy(y, x, 1e-9)
			}
		})
		b.Run("pair/"+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				g := Dot(x, y) * 1e-9
				PairUpdate(acc, y, x, g)
			}
		})
		// One batch window's worth: 10 contexts against 6 targets, as
		// pairs one by one and as DotMany / AxpyMany.
		ctxs, outs := make([][]float32, 10), make([][]float32, 6)
		for i := range ctxs {
			ctxs[i] = randVec(r, n, 1)
		}
		for j := range outs {
			outs[j] = randVec(r, n, 1)
		}
		g, gT, scores := make([]float32, 60), make([]float32, 60), make([]float32, 6)
		b.Run("window-pairs/"+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				for i, c := range ctxs {
					for j, o := range outs {
						g[i*6+j] = Dot(c, o) * 1e-9
						Axpy(acc, o, g[i*6+j])
					}
				}
				for j, o := range outs {
					for i, c := range ctxs {
						Axpy(o, c, g[i*6+j])
					}
				}
			}
		})
		// A CBOW window's targets: the mean against the centre and five
		// noise words, scored and stepped.
		sig, pos := NewSigmoidTable(), []bool{true, false, false, false, false, false}
		b.Run("score-pairs/"+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				clear(acc)
				sink += ScorePairs(sig, acc, x, outs, pos, 1e-6)
			}
		})
		b.Run("window-many/"+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				for i, c := range ctxs {
					DotMany(scores, c, outs)
					for j, s := range scores {
						g[i*6+j], gT[j*10+i] = s*1e-9, s*1e-9
					}
					AxpyMany(acc, outs, g[i*6:][:6])
				}
				for j, o := range outs {
					AxpyMany(o, ctxs, gT[j*10:][:10])
				}
			}
		})
		_ = sink
	}
}

// TestPrefetchLeavesRows: the prefetch hints read nothing into the program
// and change nothing, whatever the row's length against a cache line.
func TestPrefetchLeavesRows(t *testing.T) {
	for _, n := range []int{0, 1, LineFloats - 1, LineFloats, LineFloats + 1, 100} {
		buf := make([]float32, n)
		for i := range buf {
			buf[i] = float32(i) + 0.5
		}
		want := append([]float32(nil), buf...)
		PrefetchW(buf)
		for i := range buf {
			if buf[i] != want[i] {
				t.Fatalf("n=%d: row changed at %d: %v, want %v", n, i, buf[i], want[i])
			}
		}
	}
}

// TestManyMatchReference checks DotMany and AxpyMany against float64 sums,
// including a row of AxpyMany that is y itself, which counts as it was
// before the call.
func TestManyMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 3, 7, 8, 31, 32, 33, 100, 301} {
		for _, m := range []int{1, 2, 5, 6, 11} {
			x := randVec(r, n, 1)
			ys := make([][]float32, m)
			for j := range ys {
				ys[j] = randVec(r, n, 1)
			}
			dst := make([]float32, m)
			DotMany(dst, x, ys)
			for j := range ys {
				if want := dot64(x, ys[j]); math.Abs(float64(dst[j])-want) > 1e-5*float64(n) {
					t.Fatalf("DotMany n=%d m=%d j=%d: %v, want %v", n, m, j, dst[j], want)
				}
			}
			y := randVec(r, n, 1)
			ys[m/2] = y // y adds a multiple of itself
			g := randVec(r, m, 0.5)
			want := make([]float64, n)
			for i := range want {
				want[i] = float64(y[i])
				for j := range ys {
					want[i] += float64(g[j]) * float64(ys[j][i])
				}
			}
			AxpyMany(y, ys, g)
			for i := range y {
				if math.Abs(float64(y[i])-want[i]) > 1e-5*float64(m+1) {
					t.Fatalf("AxpyMany n=%d m=%d i=%d: %v, want %v", n, m, i, y[i], want[i])
				}
			}
		}
	}
}

func TestFinite(t *testing.T) {
	if !Finite([]float32{0, 1, -2}) || Finite([]float32{0, float32(math.NaN())}) || Finite([]float32{float32(math.Inf(-1))}) || !Finite(nil) {
		t.Error("Finite")
	}
}
