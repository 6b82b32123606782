package skipgram

import (
	"fmt"
	"strings"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// Kind names a similarity model: the value of -model and the sidecar's
// "model".
type Kind string

// models lists every model, in the order of the paper's Table 3. It is the
// one place a model is registered: -model parses its names, and every
// question about a model below is answered from its row.
var models = []*modelDef{&ipsModel, &sipsModel, &ipdsModel, &wipsModel, &sgModel, &hsgModel}

// A modelDef defines one similarity model, a row of the table models:
// everything that makes it train, and score, differently from the others
// (the parameters it trains are a Model). The loop over the corpus, subsampling,
// the window, the negative draws, the schedule and the files are shared.
type modelDef struct {
	kind   Kind
	about  string  // the score function in a few words, for help texts
	views  int     // parameter matrices: 1, or 2 with output vectors apart from the word vectors
	minDim int     // the smallest -size it trains
	negDim bool    // the last -neg-dim coordinates count negatively (IPDS's q)
	lambda bool    // it learns WIPS's lambda and takes the -lambda-* settings
	own    []Hyper // the model's own hyperparameters (Hypers), declared in its file
	// noMean says why the mean of a window's context rows, which CBOW
	// scores, is not a row of the model; "" for the models whose score is
	// linear in each row, where it is.
	noMean string

	// check reports a setting of o the model cannot train with, beyond
	// the checks every model shares; nil: none.
	check func(o *Options) error
	// project puts a row into the model's space (HSG lifts it onto the
	// hyperboloid): a new row after word2vec's uniform draw, a replica's
	// row after a merge, and every row after a run of several workers
	// (run.settle); nil: any row is one.
	project func(row []float32)
	// meanMerge merges the workers' replicas (hogwild.Replica) by the mean
	// of their changes instead of by projection: on the hyperboloid, where
	// a point's coordinates grow exponentially with its distance, a sum
	// of changes threw HSG's hub nodes far out (docs/scaling.md).
	meanMerge bool
	// textReplicas is how many of its most frequent words' rows the model
	// replicates on text on two threads (2/n of it on n), merged every
	// HotSync tokens, in skip-gram with negative sampling; 0: none, plain
	// Hogwild. docs/scaling.md ("Replicas") says why HSG keeps 4,096.
	textReplicas int
	// shareNoise is how many consecutive windows share a draw of noise
	// words when Options.ShareNoise leaves it to the model (0: one). SG's
	// 2 trains faster at the same quality; the one-view models lost
	// quality with it (docs/defaults.md, -share-noise).
	shareNoise int
	// params are the model's parameter vectors beyond its rows, each Dim
	// long (WIPS's lambda, IPDS's signs). A new model fills them in this
	// order, drawing from the random stream after the rows; checkpoints,
	// continued runs and expanded snapshots carry them by name, without
	// knowing what they are.
	params []param
	// prepare resolves, from the data, where the model starts (WIPS's
	// spectral start), before the parameters exist. It may change o and
	// returns what it resolved for Stats; nil: nothing to resolve.
	prepare func(o *Options, d data) (start string, spectrum []float64, err error)
	// kernels begins a run: it makes what the run's workers share (WIPS's
	// lambda under its lock) and returns the constructor of each worker's
	// kernel, which takes its buffers from the worker's scratch.
	kernels func(s *kernelSetup) func(a *hogwild.Scratch) windowKernel
	// sidecar records the model's own parameters and settings in its
	// sidecar; nil: none beyond its similarities.
	sidecar func(meta *embedding.Meta, m *Model, o *Options, st *Stats)
	// forms are the similarities the trained model scores with, the first
	// being the one nearest and graph ranking use.
	forms func(m *Model) []embedding.Form
}

// A param is a vector of a model's own parameters, Dim long.
type param struct {
	name string // its name in a checkpoint
	// fill sets a new model's vector from the options, drawing from r;
	// nil leaves it zero.
	fill func(v []float32, o *Options, r *kernel.RNG)
	// learned: training changes it, so a checkpoint must hold it. One that
	// does not, written before the model kept the vector, gets it from
	// fill.
	learned bool
}

// everyWorker is the kernel constructor of a kernel that keeps no state of
// its own: every worker runs the same one, on its own step.
func everyWorker(k windowKernel) func(*hogwild.Scratch) windowKernel {
	return func(*hogwild.Scratch) windowKernel { return k }
}

// data is what a run trains on, as a model's prepare sees it.
type data struct {
	// spectrum counts the negative eigenvalues among the k largest in
	// absolute value of the data's shifted PMI, and returns those k (see
	// spectrum.Negatives).
	spectrum func(k, negative int) (q int, top []float64, err error)
}

// Kinds lists every model in the order of the paper's Table 3.
func Kinds() []Kind {
	ks := make([]Kind, len(models))
	for i, m := range models {
		ks[i] = m.kind
	}
	return ks
}

// ParseKind returns the Kind named by s, or an error listing the known ones.
func ParseKind(s string) (Kind, error) {
	if m := lookup(Kind(strings.ToLower(s))); m != nil {
		return m.kind, nil
	}
	names := make([]string, len(models))
	for i, m := range models {
		names[i] = string(m.kind)
	}
	return "", fmt.Errorf("unknown model %q (want one of %s)", s, strings.Join(names, ", "))
}

// lookup returns k's model, or nil.
func lookup(k Kind) *modelDef {
	for _, m := range models {
		if m.kind == k {
			return m
		}
	}
	return nil
}

// def is k's model, or for a kind that is not one of Kinds an empty row,
// which answers every question below with its zero value.
func (k Kind) def() *modelDef {
	if m := lookup(k); m != nil {
		return m
	}
	return &modelDef{}
}

// About says in a few words what k scores a pair with, for help texts.
func (k Kind) About() string { return k.def().about }

// Views is the number of parameter matrices k trains: 2 for a model with
// output vectors apart from its word vectors (SG), 1 for the one-view
// models. The two-view model has twice the parameters at the same size.
func (k Kind) Views() int { return k.def().views }

// MinDim is the smallest size k trains with.
func (k Kind) MinDim() int { return k.def().minDim }

// TakesNegDim reports whether k's last Options.NegDim coordinates count
// negatively (IPDS's q), a setting an experiment searches over.
func (k Kind) TakesNegDim() bool { return k.def().negDim }

// LearnsLambda reports whether k learns WIPS's weights lambda, and so
// takes the Lambda* options.
func (k Kind) LearnsLambda() bool { return k.def().lambda }
