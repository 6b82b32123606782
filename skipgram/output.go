package skipgram

import (
	"errors"
	"fmt"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/linear"
	"github.com/wipsvec/wipsvec/skipgram/window"
)

// An outputLayer is one kind of output layer: what an input (a context's
// row, a window's mean, a word's bag) is scored against. Negative sampling
// (negative.go) and hierarchical softmax (hs.go) are the two; each answers
// every question about itself below, so that kernels, checkpoints, the
// memory estimate and the distributed sync ask the layers of a run and
// never which they are.
type outputLayer interface {
	// name names the layer's own rows: Model.Layers' key and the
	// checkpoint's section.
	name() string
	// uses reports whether a run with o scores against the layer.
	uses(o *Options) bool
	// check reports a setting of o the layer cannot train with; it is
	// asked only when the run uses it.
	check(o *Options) error
	// rows is how many rows of its own the layer trains over a
	// vocabulary of words (0: it scores the model's output rows). They
	// are laid hottest first: a worker replicates (Plan.TreeRows), and
	// the ranks sync, the first of them.
	rows(words int) int
	// tableBytes estimates what the tables a run of it keeps take over
	// words words (budget.Sizes.OutputTables).
	tableBytes(words int) int64
	// begin makes what a run's workers share, over a vocabulary with these
	// counts in decreasing order.
	begin(o *Options, counts []int64) outputRun
	// drawn reports whether the layer scores exactly the targets a pair
	// draws (the predicted word, then its noise words: Step.Contexts) on
	// the model's output rows by the logistic loss: a run of this layer
	// alone scores a pair's targets in one pass (linear.Single.Pair),
	// without listing their rows.
	drawn() bool
}

// An outputRun is an output layer as a run's workers share it. One whose
// loss is not the logistic loss of each row alone (a softmax's) is also a
// linear.Loss, which the kernels then score the input with
// (window.Step.Loss): pair by pair and CBOW's, one input at a time; batch
// windows and a one-view model's bags score the logistic loss alone, and
// such a layer's check refuses them.
type outputRun interface {
	// longest is the most rows one input is scored against.
	longest() int
	// view is a worker's view of the layer: own is its own rows as the
	// worker trains them (the zero Rows for a layer with none).
	view(own hogwild.Rows) window.Output
}

// outputLayers lists every output layer, in the order a window scores
// them: word2vec.c scores hierarchical softmax's path before the noise
// words.
var outputLayers = []outputLayer{hsLayer{}, negativeLayer{}}

// outputs are the layers a run with o scores against.
func (o *Options) outputs() []outputLayer {
	var ls []outputLayer
	for _, l := range outputLayers {
		if l.uses(o) {
			ls = append(ls, l)
		}
	}
	return ls
}

// checkOutputs reports a run with no output layer, or a setting one of its
// layers cannot train with.
func (o *Options) checkOutputs() error {
	ls := o.outputs()
	if len(ls) == 0 {
		return errNoOutput
	}
	for _, l := range ls {
		if err := l.check(o); err != nil {
			return err
		}
	}
	return nil
}

// outputSizes are the rows of their own the layers of a run with o train
// over words words, and the bytes of their tables (the memory estimate).
func (o *Options) outputSizes(words int) (rows int, tables int64) {
	for _, l := range o.outputs() {
		rows += l.rows(words)
		tables += l.tableBytes(words)
	}
	return rows, tables
}

// ownOutputRows is outputSizes' rows.
func (o *Options) ownOutputRows(words int) int {
	rows, _ := o.outputSizes(words)
	return rows
}

// newLayerRows makes the zero rows of every layer of o that has rows of
// its own, over words words, stride floats apart.
func newLayerRows(o *Options, words, stride int) map[string][]float32 {
	var rows map[string][]float32
	for _, l := range o.outputs() {
		if n := l.rows(words); n > 0 {
			if rows == nil {
				rows = make(map[string][]float32)
			}
			rows[l.name()] = hogwild.ZeroLines(n * stride)
		}
	}
	return rows
}

// layerRows calls f with each of m's output layers that has rows of its
// own, the rows and how many there are, in the order of outputLayers.
func (m *Model) layerRows(f func(name string, rows []float32, n int)) {
	for _, l := range outputLayers {
		if v := m.Layers[l.name()]; v != nil {
			f(l.name(), v, l.rows(m.Words))
		}
	}
}

// outputsRun is a run's output layers as its workers share them.
type outputsRun struct {
	layers []outputLayer
	runs   []outputRun
	loss   linear.Loss // the layers' loss where it is not logistic (a layer's run that is a linear.Loss)
}

// beginOutputs makes what the workers of a run with o share of its output
// layers, over a vocabulary with counts.
func beginOutputs(o *Options, counts []int64) outputsRun {
	var or outputsRun
	for _, l := range o.outputs() {
		lr := l.begin(o, counts)
		or.layers, or.runs = append(or.layers, l), append(or.runs, lr)
		if loss, ok := lr.(linear.Loss); ok {
			or.loss = loss
		}
	}
	return or
}

// longest is the most output rows one input is scored against.
func (or *outputsRun) longest() int {
	n := 0
	for _, lr := range or.runs {
		n += lr.longest()
	}
	return n
}

// drawnAlone reports whether the run's one output layer scores a pair's
// drawn targets alone (outputLayer.drawn).
func (or *outputsRun) drawnAlone() bool {
	return len(or.layers) == 1 && or.layers[0].drawn()
}

// errNoOutput is a run with no output layer.
var errNoOutput = errors.New("-negative 0 leaves nothing to train: give -negative 1 or more, or -hs 1")

// matrices are m's rows: the input rows, the output rows (nil for a
// one-view model) and each output layer's own.
func (m *Model) matrices() [][]float32 {
	v := [][]float32{m.In, m.Out}
	m.layerRows(func(_ string, rows []float32, _ int) { v = append(v, rows) })
	return v
}

// layerNamed is the output layer of that name, nil for none.
func layerNamed(name string) outputLayer {
	for _, l := range outputLayers {
		if l.name() == name {
			return l
		}
	}
	return nil
}

// fitsLayers reports an output layer with rows of its own that m has and a
// run with o does not, or the reverse: continuing m cannot add or drop one.
func (m *Model) fitsLayers(o *Options) error {
	for _, l := range outputLayers {
		if l.rows(m.Words) == 0 {
			continue
		}
		if had, has := m.Layers[l.name()] != nil, l.uses(o); had != has {
			return fmt.Errorf("the initial model was trained %s the output layer %q, the run asks %s it", with(had), l.name(), with(has))
		}
	}
	return nil
}

// with is "with" or "without".
func with(b bool) string {
	if b {
		return "with"
	}
	return "without"
}
