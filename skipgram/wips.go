package skipgram

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/flagvalue"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/lambda"
)

// WIPS, the weighted inner-product similarity: s(w, c) = sum_k lambda_k
// y_wk y_ck, with lambda learned jointly. Its signs come from the data (the
// spectral start counts the negative eigenvalues of the corpus's shifted
// PMI); its magnitudes are learned in a gauge-fixed form (weightedKernel):
// docs/wips-lambda.md has the analysis and the measurements behind it.
const WIPS Kind = "wips"

var wipsModel = modelDef{
	kind: WIPS, about: "sum_k lambda_k y_k y'_k, lambda learned", views: 1, minDim: 1, lambda: true,
	own: []Hyper{
		{Flag: "lambda-init", Fixed: true, define: func(fs *flag.FlagSet, s *Settings) {
			fs.StringVar(&s.LambdaInit, "lambda-init", s.LambdaInit, "wips: lambda's `start`: spectral (signs from the corpus's shifted-PMI spectrum), neg:Q (Q weights -1), ones, random, uniform, signed or a number; training keeps every sign")
		}},
		{Flag: "lambda-alpha", define: func(fs *flag.FlagSet, s *Settings) {
			flagvalue.FloatVar(fs, &s.LambdaAlpha, "lambda-alpha", 0, 1, "wips: the `fraction` of lambda's step (its gradient over the gradient's mean square) taken at each merge in the first fifth of the run, decayed like -alpha; 0 keeps lambda at its start")
		}},
	},
	check: func(o *Options) error {
		if _, err := lambda.Parse(o.LambdaInit); err != nil {
			return err
		}
		if !(o.LambdaAlpha >= 0 && o.LambdaAlpha <= 1) {
			return fmt.Errorf("-lambda-alpha must be in [0, 1], got %g", o.LambdaAlpha)
		}
		return nil
	},
	params: []param{
		{name: "lambda", learned: true, fill: func(v []float32, o *Options, r *kernel.RNG) {
			init, _ := lambda.Parse(o.LambdaInit)
			init(v, r)
			lambda.NormalizeRMS(v)
		}},
		// The moving average of each weight's squared merged gradient,
		// the scale of its steps (weightedKernel.sync).
		{name: "lambda_sq"},
	},
	// The spectral start resolves into "neg:Q", Q counted in the data.
	prepare: func(o *Options, d data) (string, []float64, error) {
		if o.LambdaInit != "spectral" {
			return o.LambdaInit, nil, nil
		}
		q, eig, err := d.spectrum(o.Dim, o.Negative)
		if err != nil {
			return "", nil, err
		}
		o.LambdaInit = "neg:" + strconv.Itoa(q)
		return o.LambdaInit, eig, nil
	},
	kernels: func(s *kernelSetup) func(*hogwild.Scratch) windowKernel {
		l := &lambdaRun{lambda: s.model.param("lambda"), sq: s.model.param("lambda_sq"), opt: s.opt}
		return func(a *hogwild.Scratch) windowKernel {
			dim := s.model.Dim
			k := &weightedKernel{shared: l, lambda: a.Float32s(dim), signs: a.Float32s(dim), dlambda: a.Float32s(dim)}
			k.take() // the workers have not started: no lock needed
			k.linear = newLinear(s, a)
			k.linear.weigh(a, k.lambda, k.signs, k.dlambda)
			return k
		}
	},
	sidecar: func(meta *embedding.Meta, m *Model, o *Options, st *Stats) {
		meta.Lambda = slices.Clone(m.param("lambda"))
		h := &meta.Hyper
		h.LambdaInit, h.LambdaAlpha, h.LambdaStart = o.LambdaInit, o.LambdaAlpha, st.LambdaStart
	},
	forms: func(m *Model) []embedding.Form {
		return []embedding.Form{{Name: "wip", Weights: slices.Clone(m.param("lambda"))}}
	},
}

// Defaults for WIPS's lambda, chosen by the measurements in
// docs/wips-lambda.md.
const (
	DefaultLambdaInit  = "spectral"
	DefaultLambdaAlpha = 0.001
)

// LambdaRecipe numbers the ways WIPS's lambda has been trained under the
// same flags. It is raised whenever a change to the trainer makes the same
// -lambda-* flags train lambda differently, so that results recorded under
// an earlier recipe (bench/experiment's resume) are not taken for this
// one's. 7: lambda steps in the first fifth of the run only
// (lambdaLearns); 6: the spectral start counts negative eigenvalues within the
// sampling noise too; 5: the spectral start counts a negative eigenvalue only where it
// clearly beats the one it displaces (spectrum's displaceMargin); 4:
// gauge-fixed steps, lambda's own a damped Newton step (weightedKernel);
// 3 and before: plain steps on raw weights, floored.
const LambdaRecipe = 7

// lambdaLearns is the part of a run in which lambda takes its steps: while
// the learning rate is at least this fraction of its start, the first fifth
// of the run. The magnitudes pay while the vectors' columns are still
// growing; once the vectors settle, their steps left WIPS above lambda
// frozen on the whole shared corpus at K = 100 (docs/wips-lambda.md,
// "Where the magnitudes pay").
const lambdaLearns = 0.8

// lambdaRun is what the workers of one WIPS run share: the model's lambda
// and the mean squares of its gradient, under a lock.
type lambdaRun struct {
	mu         sync.Mutex
	lambda, sq []float32
	opt        *Options
}

// keep and restore are the worker's own state for a snapshot: its private
// lambda and the gradient it has not yet merged.
func (k *weightedKernel) keep() []float32 { return slices.Concat(k.lambda, k.dlambda) }

func (k *weightedKernel) restore(s []float32) {
	n := copy(k.lambda, s)
	copy(k.dlambda, s[n:])
	lambda.SetSigns(k.signs, k.lambda)
}

// weightedKernel is WIPS: s = sum_k lambda_k in_k out_k, scored with the
// worker's private copy of lambda by the linear kernel of the run's
// architecture; lambda's gradient goes to dlambda until sync folds it into
// the shared lambda.
//
// Its steps are gauge-fixed. The score is unchanged by lambda_k -> lambda_k/a²
// with column k of the vectors times a, for each k apart, so |lambda_k|
// carries no information of its own; under plain SGD it is column k's
// learning rate, and lambda's gradient, a sum over every pair, is by far
// the largest for the nearly constant column that acts as a bias, whose
// weight then swings while the others barely move: the loss ended above
// lambda frozen at its start (docs/wips-lambda.md). So the vectors move as
// plain SGD moves z_k = sqrt(|lambda_k|) y_k, every column at the same rate:
// with the signs of lambda in place of lambda (the form's U), and lambda
// by a damped Newton step (sync).
type weightedKernel struct {
	shared  *lambdaRun
	lambda  []float32    // private copy of the shared lambda
	signs   []float32    // the signs of lambda, +1 or -1
	dlambda []float32    // lambda gradient not yet merged
	linear  linearKernel // the architecture's kernel, on lambda, signs and dlambda
	alpha   float32      // the learning rate of the last window
}

func (k *weightedKernel) window(s *step, center int32, ctxs []int32, alpha float32) float32 {
	k.alpha = alpha
	return k.linear.window(s, center, ctxs, alpha)
}

// sync folds the worker's lambda gradient into the shared lambda under a
// lock (lambda.Merge: a damped Newton step, its scale the moving average
// "lambda_sq", the fraction LambdaAlpha of it taken, decayed like the
// learning rate) and refreshes the private copy. Workers score with their
// private copy between merges, so the hot loop never touches the shared
// cache line. Past the first fifth of the run (lambdaLearns) the gradient
// is dropped and lambda stays where it is.
func (k *weightedKernel) sync() {
	l := k.shared
	alpha := float64(k.alpha)
	if l.opt.LambdaAlpha == 0 || l.opt.Alpha == 0 || alpha < lambdaLearns*l.opt.Alpha {
		clear(k.dlambda)
		return
	}
	// The gradient carries the learning rate, its square twice: the
	// step is alpha * dlambda / LambdaSq.
	rate := l.opt.LambdaAlpha * alpha / l.opt.Alpha * alpha
	l.mu.Lock()
	lambda.Merge(l.lambda, l.sq, k.dlambda, rate)
	k.take()
	l.mu.Unlock()
}

// take copies the shared lambda into the worker's, with its signs; the
// caller holds the lock (or the workers have not started).
func (k *weightedKernel) take() {
	copy(k.lambda, k.shared.lambda)
	lambda.SetSigns(k.signs, k.lambda)
}

// IPDSLambda is the WIPS weight vector that makes WIPS an IPDS with q
// negative coordinates: (1,...,1,-1,...,-1).
func IPDSLambda(dim, q int) []float32 { return lambda.IPDS(dim, q) }
