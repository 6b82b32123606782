package skipgram

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// WIPS, the weighted inner-product similarity: s(w, c) = sum_k lambda_k
// y_wk y_ck, with lambda learned jointly and free to change sign, so that
// it finds by itself how many coordinates IPDS would count negatively.
// docs/wips-lambda.md has the analysis and the ablation behind the recipe:
// signs from the corpus's spectrum at the start, magnitudes held at 1,
// signs learned through raw weights clipped to [-1, 1].
const WIPS Kind = "wips"

var wipsModel = model{
	kind: WIPS, about: "sum_k lambda_k y_k y'_k, lambda learned", views: 1, minDim: 1, lambda: true, targetSync: oneViewTargetSync,
	check: func(o *Options) error {
		if o.FixedLambda != nil && len(o.FixedLambda) != o.Dim {
			return fmt.Errorf("fixed lambda has %d weights, want %d", len(o.FixedLambda), o.Dim)
		}
		if _, err := parseLambdaInit(o.LambdaInit); err != nil {
			return err
		}
		if o.LambdaAlpha < 0 {
			return fmt.Errorf("-lambda-alpha must not be negative, got %g", o.LambdaAlpha)
		}
		if !(o.LambdaFloor >= 0 && o.LambdaFloor <= 1) {
			return fmt.Errorf("-lambda-floor must be in [0, 1], got %g", o.LambdaFloor)
		}
		return nil
	},
	init: func(m *Model, o *Options, r *kernel.RNG) {
		m.Lambda = make([]float32, o.Dim)
		if o.FixedLambda != nil {
			copy(m.Lambda, o.FixedLambda)
			return
		}
		init, _ := parseLambdaInit(o.LambdaInit)
		init(m.Lambda, r)
		normalizeRMS(m.Lambda) // training keeps lambda at RMS 1: see sync
	},
	// The spectral start resolves into "neg:Q", Q counted in the data.
	prepare: func(o *Options, d data) (string, []float64, error) {
		if o.FixedLambda != nil || o.LambdaInit != "spectral" {
			return o.LambdaInit, nil, nil
		}
		q, eig, err := d.spectrum(o.Dim, o.Negative)
		if err != nil {
			return "", nil, err
		}
		o.LambdaInit = "neg:" + strconv.Itoa(q)
		return o.LambdaInit, eig, nil
	},
	start: func(r *run) func(*worker) windowKernel {
		m := r.model
		l := &lambdaRun{raw: m.LambdaRaw, model: m, opt: r.opt}
		if l.raw == nil { // a new run; a resumed or continued one has them
			m.LambdaRaw = slices.Clone(m.Lambda)
			l.raw = m.LambdaRaw
			l.settle()
		}
		return func(*worker) windowKernel {
			k := &weightedKernel{m: m, shared: l, lambda: ownPages[float32](m.Dim), dlambda: ownPages[float32](m.Dim)}
			k.take() // the workers have not started: no lock needed
			if r.opt.Batch {
				k.batch = newBatchLinear(m.Dim, r.opt.Window, r.opt.Negative)
				k.batch.w, k.batch.dw = k.lambda, k.dlambda
			}
			return k
		}
	},
	sidecar: func(meta *embedding.Meta, m *Model, o *Options, st *Stats) {
		meta.Lambda = slices.Clone(m.Lambda)
		h := &meta.Hyper
		h.LambdaInit, h.LambdaAlpha, h.LambdaFloor, h.LambdaStart = o.LambdaInit, o.LambdaAlpha, o.LambdaFloor, st.LambdaStart
	},
	forms: func(m *Model) []embedding.Form {
		return []embedding.Form{{Name: "wip", Weights: slices.Clone(m.Lambda)}}
	},
}

// Defaults for WIPS's lambda, chosen by the ablation in docs/wips-lambda.md.
const (
	DefaultLambdaInit  = "spectral"
	DefaultLambdaAlpha = 5e-6 // a step of 0.0005 at K = 100, 0.00005 at K = 10
	DefaultLambdaFloor = 1
)

// LambdaRecipe numbers the ways WIPS's lambda has been trained under the
// same flags. It is raised whenever a change to the trainer makes the same
// -lambda-* flags train lambda differently, so that results recorded under
// an earlier recipe (bench/experiment's resume) are not taken for this
// one's. 3: on several threads a sign flip reaches every worker's next
// window (2: its next merge; see lambdaRun). 2: the raw weights are clipped
// to [-1, 1] at a floor of 1 (1: rescaled to RMS 1).
const LambdaRecipe = 3

// lambdaRun is what the workers of one WIPS run share: lambda's raw
// weights (the model's LambdaRaw), of which the model's lambda is the
// floored image, under a lock.
//
// flips counts the merges that changed a sign of lambda. A worker reads it
// before every window and takes the new lambda at once when it has moved,
// instead of at its own next merge. A raw weight that the steps carry
// through zero is mostly pushed straight back by the next merge (the flip
// raises the loss of every pair that uses the coordinate), and until a
// worker sees the flip, and then the flip back, its windows train against
// the sign the others have: with one thread such an excursion lasts one
// merge interval, with n threads up to n of them. On 16 cores that cost
// WIPS 0.07 of its final loss (2.48 against 2.41 on one thread;
// docs/scaling.md). Flips are rare (a few hundred in 9,000 merges), so the
// counter's cache line stays shared and the read costs a load.
type lambdaRun struct {
	mu    sync.Mutex
	raw   []float32
	model *Model
	opt   *Options
	_     [64]byte // flips on a line of its own: mu is written every merge
	flips atomic.Uint64
	_     [56]byte
}

// keep and restore are the worker's own state for a snapshot: its private
// lambda and the gradient it has not yet merged.
func (k *weightedKernel) keep() []float32 { return slices.Concat(k.lambda, k.dlambda) }

func (k *weightedKernel) restore(s []float32) {
	n := copy(k.lambda, s)
	copy(k.dlambda, s[n:])
}

// weightedKernel is WIPS: s = sum_k lambda_k in_k out_k, scored with the
// worker's private copy of lambda; lambda's gradient goes to dlambda until
// sync folds it into the shared raw weights.
//
// The input row is fixed while its targets are scored, so the kernel scales
// it once, lin = lambda * in, and each target then costs what IPS's does: the
// score is kernel.Dot(lin, out), out moves by g*lin, and acc sums g*out. At the end
// of the context the input moves by lambda * acc and lambda's gradient is
// in * acc (both with the outputs as they were when scored), which is the
// per-pair WIPS update summed over the targets.
type weightedKernel struct {
	m       *Model
	shared  *lambdaRun
	lambda  []float32    // private copy of the shared lambda
	dlambda []float32    // lambda gradient not yet merged
	batch   *batchLinear // with -batch: the window's kernel, on lambda and dlambda
	flips   uint64       // shared.flips when lambda was last copied
}

func (k *weightedKernel) window(w *worker, center int32, ctxs []int32, alpha float32) (loss float32) {
	if k.shared.flips.Load() != k.flips {
		k.refresh()
	}
	if k.batch != nil {
		return k.batch.window(w, center, ctxs, alpha)
	}
	sig := w.r.sig
	n := k.m.Dim
	acc, lin := w.acc[:n], w.tmp[:n]
	lambda, dlambda := k.lambda[:n], k.dlambda[:n]
	w.startTargets(center)
	for i, c := range ctxs {
		w.prefetchNext(ctxs, i, center)
		in := w.in.at(c)[:n]
		kernel.ScaleInto(lin, lambda, in)
		clear(acc)
		for d, target := range w.negs {
			out := w.out.at(target)[:n]
			g, l := sig.Gradient(kernel.Dot(lin, out), d == 0, alpha)
			loss += l
			kernel.PairUpdate(acc, out, lin, g)
		}
		kernel.WeightedStep(in, dlambda, lambda, acc)
		w.advanceTargets()
	}
	return loss
}

// sync folds the worker's lambda gradient into the shared lambda
// under a lock and refreshes the private copy. Workers score with their
// private copy between merges, so the hot loop never touches the shared
// cache line.
//
// The step goes to the raw weights (lambdaRun.raw), and lambda is their
// floored image (floorLambda; at the default floor of 1, their signs).
//
// At a floor of 1 the raw weights are latent weights in the manner of
// BinaryConnect (Courbariaux, Bengio and David 2015): clipped to [-1, 1]
// after each step, so a raw weight's distance from zero, at most 1, is how
// much net gradient a sign must resist before it flips, whatever happened
// before. Rescaling them to RMS 1 instead (as below the floor) let the one
// raw weight that the steps kept pushing outward grow without bound and the
// rescaling press all the others towards zero, where noise flips them: on
// the shared corpus at K = 100 the shift direction's raw weight reached
// -9.9 of a possible 10 within the first tenth of training, with 62 of the
// 100 within 0.1 of zero. The clip raised the mean of the four benchmarks
// from 49.9 (5 seeds) to 50.3 (10 seeds; docs/wips-lambda.md).
//
// Below a floor of 1 the raw weights are rescaled to RMS 1. The score is
// unchanged by
// lambda -> c*lambda, y -> y/sqrt(c), so lambda's overall scale is a free
// direction; left alone it drifts, and with it the vectors' effective
// learning rate alpha*|lambda|, until training diverges (it did at K=10 on
// the shared corpus). Fixing the scale loses no expressiveness: the vectors
// absorb it, and lambda keeps every direction that matters, signs included.
//
// The step is LambdaAlpha*K. Each coordinate carries about 1/K of a score,
// so the gradient sum_pairs g*y_k*y'_k of one lambda_k shrinks like 1/K,
// and so does the turn of lambda (held at length sqrt(K)) per merge: a
// fixed step that suited K = 100 turned lambda ten times too fast at K = 10,
// where WIPS then fit worse than IPDS (loss 2.49 against 2.36 after 5 epochs
// on the shared corpus; 2.35 with the step divided by 5 or 25).
func (k *weightedKernel) sync() {
	l := k.shared
	if l.opt.FixedLambda != nil || l.opt.Alpha == 0 {
		return
	}
	scale := float32(l.opt.LambdaAlpha * float64(len(k.dlambda)) / l.opt.Alpha)
	l.mu.Lock()
	raw := l.raw
	for i, d := range k.dlambda {
		raw[i] += scale * d
		k.dlambda[i] = 0
	}
	l.settle()
	k.take()
	l.mu.Unlock()
}

// refresh takes the shared lambda after another worker's merge flipped a
// sign (see lambdaRun), keeping the gradient not yet merged.
func (k *weightedKernel) refresh() {
	k.shared.mu.Lock()
	k.take()
	k.shared.mu.Unlock()
}

// take copies the shared lambda into the worker's and notes the flips it
// has seen; the caller holds the lock (or the workers have not started).
func (k *weightedKernel) take() {
	copy(k.lambda, k.shared.model.Lambda)
	k.flips = k.shared.flips.Load()
}

// floor is the floor on |lambda_k| (lambda being held at RMS 1).
func (l *lambdaRun) floor() float32 {
	if l.opt.FixedLambda != nil {
		return 0
	}
	return float32(l.opt.LambdaFloor)
}

// floorLambda sets lambda to raw with every magnitude raised to at least
// floor, keeping raw's sign (a raw weight of exactly zero counts as
// positive); a floor of 1 sets every weight to +1 or -1. A raw weight that
// the steps push through zero flips lambda_k from +floor to -floor: the
// sign changes, the magnitude never falls below the floor. Inside the floor
// the step acts on raw as if lambda_k were raw (a straight-through
// estimate), so a weight that keeps being pushed the same way crosses in
// the number of merges its gradient asks for. It reports whether a sign of
// lambda changed.
func floorLambda(lambda, raw []float32, floor float32) (flipped bool) {
	for k, x := range raw {
		was := math.Signbit(float64(lambda[k]))
		switch {
		case floor >= 1 && x < 0:
			lambda[k] = -1
		case floor >= 1:
			lambda[k] = 1
		case x >= floor || x <= -floor:
			lambda[k] = x
		case x < 0:
			lambda[k] = -floor
		default:
			lambda[k] = floor
		}
		flipped = flipped || math.Signbit(float64(lambda[k])) != was
	}
	return flipped
}

// settle bounds the raw weights after a step (or at the start) and sets
// lambda to their floored image. The caller holds mu, or runs before the
// workers start.
func (l *lambdaRun) settle() {
	floor := l.floor()
	boundRaw(l.raw, floor)
	if floorLambda(l.model.Lambda, l.raw, floor) {
		l.flips.Add(1)
	}
}

// boundRaw fixes the scale of lambda's raw weights: clipped to [-1, 1] at
// a floor of 1, where only their signs reach the model; rescaled to RMS 1
// below it, where their magnitudes do (see mergeLambda).
func boundRaw(raw []float32, floor float32) {
	if floor < 1 {
		normalizeRMS(raw)
		return
	}
	for k, x := range raw {
		raw[k] = min(max(x, -1), 1)
	}
}

// normalizeRMS scales v to a root mean square of 1 (a zero vector is left
// alone).
func normalizeRMS(v []float32) {
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	if ss == 0 || math.IsNaN(ss) || math.IsInf(ss, 0) {
		return
	}
	f := float32(1 / math.Sqrt(ss/float64(len(v))))
	for k := range v {
		v[k] *= f
	}
}

// parseLambdaInit turns -lambda-init into a function that fills lambda.
func parseLambdaInit(s string) (func([]float32, *kernel.RNG), error) {
	switch s {
	case "", "ones", "spectral":
		// Train and TrainGraph resolve the spectral start into "neg:Q"
		// from the data; a model made without it starts as IPS.
		return func(l []float32, _ *kernel.RNG) {
			for i := range l {
				l[i] = 1
			}
		}, nil
	case "uniform":
		return func(l []float32, r *kernel.RNG) {
			for i := range l {
				l[i] = r.Float32() / float32(len(l))
			}
		}, nil
	case "random":
		return func(l []float32, r *kernel.RNG) {
			for i := range l {
				l[i] = 2*r.Float32() - 1
			}
		}, nil
	case "signed":
		return func(l []float32, _ *kernel.RNG) {
			for i := range l {
				l[i] = 1
				if i >= len(l)/2 {
					l[i] = -1
				}
			}
		}, nil
	}
	if qs, ok := strings.CutPrefix(s, "neg:"); ok {
		q, err := strconv.Atoi(qs)
		if err != nil || q < 0 {
			return nil, fmt.Errorf("-lambda-init neg:Q wants a count Q >= 0, got %q", s)
		}
		return func(l []float32, _ *kernel.RNG) {
			copy(l, IPDSLambda(len(l), min(q, len(l))))
		}, nil
	}
	c, err := strconv.ParseFloat(s, 32)
	if err != nil || math.IsNaN(c) || math.IsInf(c, 0) {
		return nil, fmt.Errorf("-lambda-init must be spectral, neg:Q, ones, uniform, random, signed or a number, got %q", s)
	}
	return func(l []float32, _ *kernel.RNG) {
		for i := range l {
			l[i] = float32(c)
		}
	}, nil
}

// IPDSLambda is the WIPS weight vector that makes WIPS an IPDS with q
// negative coordinates: (1,...,1,-1,...,-1).
func IPDSLambda(dim, q int) []float32 {
	l := make([]float32, dim)
	for i := range l {
		l[i] = 1
		if i >= dim-q {
			l[i] = -1
		}
	}
	return l
}
