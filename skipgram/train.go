package skipgram

import (
	"errors"
	"fmt"
)

// origin is what a run's start resolved: WIPS's spectral start and its
// eigenvalues, and how many rows FromVectors gave their start.
type origin struct {
	lambdaStart string
	spectrum    []float64
	started     int
}

// begin makes the run's parameters: the snapshot's when resuming, the
// given ones when continuing (Continued), new ones otherwise (prepare), for the
// plan's rows, named by names (nil for a graph without names). fp is the
// data's fingerprint, which a resumed snapshot must share.
func begin(p *Plan, names []string, fp Fingerprint, graph bool, d data) (*Model, origin, error) {
	opt := &p.Options
	switch start := opt.Start.(type) {
	case Resumed:
		s := start.Snapshot
		if err := s.check(p.Given, fp, graph); err != nil {
			return nil, origin{}, err
		}
		if s.LambdaStart != "" && opt.Model.LearnsLambda() {
			p.LambdaInit = s.LambdaStart // what the run's start resolved to
		}
		return s.Model.expand(), origin{lambdaStart: s.LambdaStart, spectrum: s.Spectrum}, nil
	case Continued:
		m := start.Model
		if m.Kind != opt.Model || m.Dim != opt.Dim || m.Words != p.Rows {
			return nil, origin{}, fmt.Errorf("the initial model is %s with %d rows of %d coordinates, the run %s with %d of %d",
				m.Kind, m.Words, m.Dim, opt.Model, p.Rows, opt.Dim)
		}
		if err := m.fitsLayers(opt); err != nil {
			return nil, origin{}, err
		}
		return m, origin{lambdaStart: "continued"}, nil
	}
	return prepare(p, names, d)
}

// prepare resolves what the model starts from in the data d (WIPS's
// spectral start, into the plan's LambdaInit) and makes its initial
// parameters for the plan's rows, with FromVectors' rows copied in by
// the rows' names.
func prepare(p *Plan, names []string, d data) (*Model, origin, error) {
	opt := &p.Options
	var o origin
	if prep := opt.Model.def().prepare; prep != nil {
		given := *opt // prepare works on a copy: the plan's start is set here alone
		var err error
		if o.lambdaStart, o.spectrum, err = prep(&given, d); err != nil {
			return nil, origin{}, err
		}
		p.LambdaInit = o.lambdaStart
	}
	m := NewModel(*opt, p.Rows)
	if start, ok := opt.Start.(FromVectors); ok {
		v := start.Vectors
		if opt.Model.def().project != nil {
			return nil, origin{}, fmt.Errorf("%s's rows lie in a space of their own, where a vectors file's do not: start it anew or from its checkpoint", opt.Model)
		}
		if v.Dim != opt.Dim {
			return nil, origin{}, fmt.Errorf("the starting vectors have %d dimensions, the run %d", v.Dim, opt.Dim)
		}
		o.started = v.CopyTo(names, m.Row)
	}
	return m, o, nil
}

// ErrDiverged is a run whose parameters stopped being finite numbers. A
// worker that finds one stops the run (it checks the rows of the most
// frequent word, which every worker writes, each time it publishes its
// progress), so a run that diverges early ends early.
var ErrDiverged = errors.New("training diverged")

// finish records in st what the model's start resolved to, and turns a run
// whose parameters diverged into an error that says what to change.
func finish(m *Model, st Stats, err error, opt Options, o origin) (*Model, Stats, error) {
	st.LambdaStart, st.Spectrum, st.Started = o.lambdaStart, o.spectrum, o.started
	if errors.Is(err, ErrDiverged) || err == nil && !m.finite() {
		err = fmt.Errorf("%w after %d words: the %s vectors hold NaN or Inf; lower -alpha (%g) or, for wips, -lambda-alpha (%g)",
			ErrDiverged, st.Words, opt.Model, opt.Alpha, opt.LambdaAlpha)
	}
	return m, st, err
}
