package linkpred

import (
	"encoding/json"
	"fmt"
	"io"
	"time"
)

// Report is eval -graph -json's schema: the vectors scored, their model,
// the graph (and the training edges left out), and a row per similarity.
type Report struct {
	Vectors string      `json:"vectors"`
	Model   string      `json:"model"`
	Graph   string      `json:"graph"`
	Exclude string      `json:"exclude,omitempty"`
	Results []ReportRow `json:"results"`
}

// ReportRow is one similarity's scores in a Report.
type ReportRow struct {
	Sim      string  `json:"sim"`
	MeanRank float64 `json:"mean_rank"`
	MAP      float64 `json:"map"`
	AUC      float64 `json:"auc"`
	Edges    int     `json:"edges"`
	Sources  int     `json:"sources"`
	Nodes    int     `json:"nodes"`
	Missing  int     `json:"missing"`
	Seconds  float64 `json:"seconds"`
}

// NewReport is the report of results, scored for the model named model
// from vectors on graph (exclude: the training edges, or "").
func NewReport(vectors, model, graph, exclude string, results []Result) *Report {
	r := &Report{Vectors: vectors, Model: model, Graph: graph, Exclude: exclude}
	for _, x := range results {
		r.Results = append(r.Results, ReportRow{x.Sim, x.MeanRank, x.MAP, x.AUC, x.Edges, x.Sources, x.Nodes, x.Missing, x.Elapsed.Seconds()})
	}
	return r
}

// WriteJSON writes r, indented: eval -graph -json.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteTable writes r as eval -graph's table: the model's header line,
// the task and the graph's counts, a row per similarity, and the total
// time the scoring took on threads.
func (r *Report) WriteTable(w io.Writer, header string, total time.Duration, threads int) error {
	fmt.Fprintln(w, header)
	task := "reconstruction"
	if r.Exclude != "" {
		task = "link prediction (training edges " + r.Exclude + " excluded)"
	}
	if len(r.Results) > 0 {
		r0 := r.Results[0]
		fmt.Fprintf(w, "%s on %s: %d edges from %d nodes among %d candidates; %d edges skipped (node without a vector)\n",
			task, r.Graph, r0.Edges, r0.Sources, r0.Nodes, r0.Missing)
	}
	fmt.Fprintf(w, "%-14s  %10s  %6s  %7s  %8s\n", "similarity", "mean rank", "MAP", "ROC-AUC", "seconds")
	for _, x := range r.Results {
		fmt.Fprintf(w, "%-14s  %10.2f  %6.3f  %7.2f  %8.2f\n", x.Sim, x.MeanRank, x.MAP, 100*x.AUC, x.Seconds)
	}
	_, err := fmt.Fprintf(w, "total %.2fs on %d threads\n", total.Seconds(), threads)
	return err
}
