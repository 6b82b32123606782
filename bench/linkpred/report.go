package linkpred

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
