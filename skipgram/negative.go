package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/window"
)

// negativeLayer is negative sampling (Options.Negative): an input is
// scored against the predicted word's output row, a positive, and against
// Negative noise words' rows drawn from the unigram^0.75 distribution
// (package vocab's Noise), negatives, each by the logistic loss; it is the
// output layer of every run but those of hierarchical softmax alone. It has no
// rows of its own: it scores the model's output rows (a one-view model's
// word rows). The draws, one context or one window ahead, are the step's
// (window.Step.Contexts, WindowTargets), which prefetch their rows.
type negativeLayer struct{}

func (negativeLayer) name() string                          { return "negative" }
func (negativeLayer) uses(o *Options) bool                  { return o.Negative > 0 || !o.HS }
func (negativeLayer) rows(int) int                          { return 0 }
func (negativeLayer) tableBytes(int) int64                  { return 0 } // the noise table is every run's (budget.Estimate)
func (negativeLayer) drawn() bool                           { return true }
func (negativeLayer) begin(o *Options, _ []int64) outputRun { return negativeRun(1 + o.Negative) }

// check refuses -negative 0 without -hs 1: the predicted word alone, a
// positive, teaches nothing (the kernels' tests score it, bypassing
// Options.Validate, to check a gradient).
func (negativeLayer) check(o *Options) error {
	if o.Negative == 0 {
		return errNoOutput
	}
	return nil
}

// negativeRun is negative sampling in a run: the most targets a draw has.
type negativeRun int

func (n negativeRun) longest() int                  { return int(n) }
func (negativeRun) view(hogwild.Rows) window.Output { return negativeOutput{} }

// negativeOutput is a worker's negative sampling: the drawn targets' output
// rows, the first a positive.
type negativeOutput struct{}

func (negativeOutput) Targets(s *step, word int32, drawn []int32, outs [][]float32, pos []bool) ([][]float32, []bool) {
	if drawn == nil {
		drawn = s.WindowTargets(word)
	}
	for j, t := range drawn {
		outs, pos = append(outs, s.Out.At(t)), append(pos, j == 0)
	}
	return outs, pos
}
