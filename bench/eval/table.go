package eval

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
)

// This file is how the eval and nearest commands print what this package
// computes: the table of a model's scores, its JSON form, and a query's
// neighbours.

// WriteTable writes m's scores on the benchmarks (results) and the
// analogies (ar, nil when none ran) as eval's table: a row per benchmark,
// a column per similarity, rho x100 with one decimal.
func WriteTable(w io.Writer, m *Model, results []Result, ar *AnalogyResult) error {
	fmt.Fprintln(w, m.Header())
	// Names left-aligned, numbers right-aligned: tabwriter aligns a whole
	// table one way, so widths are computed here.
	nameW := len("dataset")
	for _, r := range results {
		nameW = max(nameW, len(r.Dataset))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s  %6s  %6s", nameW, "dataset", "pairs", "found")
	if m.Sub != nil {
		fmt.Fprintf(&b, "  %8s", "composed")
	}
	for _, s := range m.Sims {
		fmt.Fprintf(&b, "  %6s", s.Name)
	}
	b.WriteByte('\n')
	for _, r := range results {
		fmt.Fprintf(&b, "%-*s  %6d  %6d", nameW, r.Dataset, r.Pairs, r.Found)
		if m.Sub != nil {
			fmt.Fprintf(&b, "  %8d", r.Composed)
		}
		for _, s := range m.Sims {
			fmt.Fprintf(&b, "  %*s", max(6, len(s.Name)), percent(r.Rho[s.Name]))
		}
		b.WriteByte('\n')
	}
	if ar != nil {
		fmt.Fprintf(&b, "analogies %s (3CosAdd, cosine, %d most frequent words): total %s%%, semantic %s%%, syntactic %s%%; answered %d of %d (%s%%)\n",
			ar.File, ar.Restrict, percent(ar.Total.Accuracy()), percent(ar.Semantic.Accuracy()),
			percent(ar.Syntactic.Accuracy()), ar.Total.Answered, ar.Total.Questions, percent(ar.Total.Coverage()))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// percent formats x*100 with one decimal, or "-" if x is undefined.
func percent(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "-"
	}
	return fmt.Sprintf("%.1f", 100*x)
}

// WriteJSON writes NewReport's report, indented: eval -json.
func WriteJSON(w io.Writer, m *Model, paths []string, results []Result, ar *AnalogyResult) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(NewReport(m, paths, results, ar))
}

// Answer writes the n words nearest to the query q (text, as given), and
// which of its words s composed from their n-grams: one of nearest's
// answers.
func (s *Searcher) Answer(w io.Writer, text string, q []Term, n int) error {
	nb, err := s.Nearest(q, n)
	if err != nil {
		return err
	}
	var composed []string
	for _, t := range q {
		if !s.Known(t.Word) {
			composed = append(composed, t.Word)
		}
	}
	fmt.Fprintf(w, "\n%s:\n", text)
	if len(composed) > 0 {
		fmt.Fprintf(w, "  (not in the vocabulary, composed from its n-grams: %s)\n", strings.Join(composed, ", "))
	}
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for i, x := range nb {
		fmt.Fprintf(tw, "%4d\t%s\t%.4f\n", i+1, x.Word, x.Score)
	}
	return tw.Flush()
}
