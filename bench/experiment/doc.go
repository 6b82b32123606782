// Package experiment reproduces Table 3 of Kim et al. (2019): it trains
// every model over a grid of sizes, learning rates, IPDS ratios and seeds on
// one corpus, scores each run with package eval, keeps the runs in a
// resumable results file, and renders them as a Markdown table beside the
// paper's numbers and as plots.
package experiment
