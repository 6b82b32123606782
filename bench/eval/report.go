package eval

import (
	"math"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// This file is the JSON form of an evaluation, what eval -json prints and
// scripts read back. It lives beside the results it converts so that the
// schema has one definition, which the command encodes and tests decode.

// Report is a model's scores on word-similarity benchmarks and analogies.
type Report struct {
	Vectors      string         `json:"vectors"`
	Model        string         `json:"model,omitempty"` // empty without a sidecar
	Dim          int            `json:"dim"`
	Words        int            `json:"words"`
	Similarities []string       `json:"similarities"`
	Lambda       *LambdaReport  `json:"lambda,omitempty"` // WIPS
	Results      []ResultReport `json:"results"`
	Analogy      *AnalogyReport `json:"analogy,omitempty"`
}

// LambdaReport is embedding.LambdaSummary in a Report.
type LambdaReport struct {
	Negative int     `json:"negative"`
	NearZero int     `json:"near_zero"`
	Positive int     `json:"positive"`
	Min      float32 `json:"min"`
	Max      float32 `json:"max"`
}

// ResultReport is a Result on one benchmark file.
type ResultReport struct {
	Dataset string `json:"dataset"`
	File    string `json:"file"`
	Pairs   int    `json:"pairs"`
	Found   int    `json:"found"`
	// Composed: pairs found with a word composed from its n-grams; only
	// for a model with subwords.
	Composed *int                `json:"composed,omitempty"`
	Rho      map[string]*float64 `json:"rho"` // Spearman, not x100
}

// AnalogyCountReport is an AnalogyCount, with its ratios.
type AnalogyCountReport struct {
	Questions int      `json:"questions"`
	Answered  int      `json:"answered"`
	Correct   int      `json:"correct"`
	Accuracy  *float64 `json:"accuracy"`
	Coverage  *float64 `json:"coverage"`
}

// AnalogySectionReport is one section of the analogy file.
type AnalogySectionReport struct {
	Name      string `json:"name"`
	Syntactic bool   `json:"syntactic"`
	AnalogyCountReport
}

// AnalogyReport is an AnalogyResult.
type AnalogyReport struct {
	File      string                 `json:"file"`
	Restrict  int                    `json:"restrict"`
	Total     AnalogyCountReport     `json:"total"`
	Semantic  AnalogyCountReport     `json:"semantic"`
	Syntactic AnalogyCountReport     `json:"syntactic"`
	Sections  []AnalogySectionReport `json:"sections"`
}

// NewReport is the report of m's results on the benchmark files at paths
// (one per result) and of its analogies ar (nil: none). Undefined numbers
// (NaN, ±Inf) are nil, JSON's null.
func NewReport(m *Model, paths []string, results []Result, ar *AnalogyResult) Report {
	out := Report{Vectors: m.Path, Dim: m.Vectors.Dim, Words: len(m.Vectors.Words), Similarities: m.SimNames(),
		Results: []ResultReport{}}
	if m.Meta != nil {
		out.Model = string(m.Meta.Model)
		if len(m.Meta.Lambda) > 0 {
			s := embedding.SummarizeLambda(m.Meta.Lambda)
			out.Lambda = &LambdaReport{s.Negative, s.NearZero, s.Positive, s.Min, s.Max}
		}
	}
	for i, r := range results {
		rho := make(map[string]*float64, len(r.Rho))
		for name, x := range r.Rho {
			rho[name] = jsonNumber(x)
		}
		res := ResultReport{Dataset: r.Dataset, File: paths[i], Pairs: r.Pairs, Found: r.Found, Rho: rho}
		if m.Sub != nil {
			res.Composed = &r.Composed
		}
		out.Results = append(out.Results, res)
	}
	if ar != nil {
		a := &AnalogyReport{File: ar.File, Restrict: ar.Restrict, Total: analogyCountReport(ar.Total),
			Semantic: analogyCountReport(ar.Semantic), Syntactic: analogyCountReport(ar.Syntactic),
			Sections: []AnalogySectionReport{}}
		for _, s := range ar.Sections {
			a.Sections = append(a.Sections, AnalogySectionReport{s.Name, s.Syntactic, analogyCountReport(s.AnalogyCount)})
		}
		out.Analogy = a
	}
	return out
}

func analogyCountReport(c AnalogyCount) AnalogyCountReport {
	return AnalogyCountReport{c.Questions, c.Answered, c.Correct, jsonNumber(c.Accuracy()), jsonNumber(c.Coverage())}
}

// jsonNumber is x, or nil (null) where JSON has no number: NaN and ±Inf.
func jsonNumber(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}
