package experiment

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/skipgram"
)

// Variant is a row of Table 3: a trained model scored with one similarity.
type Variant struct {
	Name  string // as the paper prints it: "SG*(K/2)"; another architecture after a dash: "SG-CBOW*(K/2)"
	Model skipgram.Kind
	Arch
	Half bool   // trained with K/2 coordinates, for as many parameters as a one-view model of size K
	Sim  string // SG: "ip" or "cos"; empty for the one-view models' own (only) similarity
}

// Dim is the size the variant trains with in column K.
func (v Variant) Dim(k int) int {
	if v.Half {
		return k / 2
	}
	return k
}

// Table3Variants are the rows of the paper's Table 3, in its order,
// derived from the models (skipgram.Kinds): one row per one-view model,
// scored by its own similarity; for a model with two views (SG), whose word
// vectors alone are written, a row scored by inner product ("SG") and one by
// cosine ("SG*"), each also at K/2 ("SG(K/2)": as many parameters as a
// one-view model of size K), the K/2 rows first.
func Table3Variants() []Variant {
	var vs []Variant
	for _, k := range skipgram.Kinds() {
		vs = append(vs, variantsOf(Model{Kind: k})...)
	}
	return vs
}

// Variants are the rows of the grid's table: Table3Variants, each model's
// own rows followed by those of its other architectures in the grid, in
// the grid's order ("SG-CBOW" after "SG*").
func (g Grid) Variants() []Variant {
	var vs []Variant
	for _, k := range skipgram.Kinds() {
		vs = append(vs, variantsOf(Model{Kind: k})...)
		var done []Model
		for _, m := range g.Models {
			if m.Kind == k && m.Arch != (Arch{}) && !slices.Contains(done, m) {
				done = append(done, m)
				vs = append(vs, variantsOf(m)...)
			}
		}
	}
	return vs
}

// title is m's name in the table and the plots: "WIPS", "SG-CBOW".
func (m Model) title() string { return strings.ToUpper(string(m.Kind)) + m.label() }

// variantsOf are m's rows: one for a one-view model; for SG, in any
// architecture, which writes its word vectors alone, one scored by inner
// product and one by cosine, each also at K/2.
func variantsOf(m Model) []Variant {
	name := m.title()
	if m.Kind.Views() == 1 {
		return []Variant{{Name: name, Model: m.Kind, Arch: m.Arch}}
	}
	var vs []Variant
	for _, half := range []bool{true, false} {
		suffix := ""
		if half {
			suffix = "(K/2)"
		}
		vs = append(vs,
			Variant{Name: name + suffix, Model: m.Kind, Arch: m.Arch, Half: half, Sim: "ip"},
			Variant{Name: name + "*" + suffix, Model: m.Kind, Arch: m.Arch, Half: half, Sim: "cos"})
	}
	return vs
}

// DatasetTitle is the column title of a benchmark in Table 3.
func DatasetTitle(name string) string {
	switch name {
	case "simlex999":
		return "SimLex"
	case "yp-130":
		return "YP"
	case "wordsim353-sim":
		return "WS-Sim"
	case "wordsim353-rel":
		return "WS-Rel"
	}
	return name
}

// paperTable3 is Kim et al. (2019), Table 3: Spearman's rho x100 on Text9,
// by row, then per benchmark (SimLex, YP, WS-Sim, WS-Rel) K = 10 and 100.
var paperTable3 = map[string][8]float64{
	"IPS":      {13.6, 23.6, 17.5, 37.3, 46.0, 73.8, 42.3, 69.8},
	"SIPS":     {17.1, 31.1, 24.9, 48.0, 55.9, 77.0, 49.8, 71.2},
	"IPDS":     {16.9, 31.3, 25.7, 48.9, 56.2, 76.8, 49.9, 71.4},
	"WIPS":     {19.2, 31.4, 27.2, 49.0, 57.0, 78.0, 48.7, 71.5},
	"SG(K/2)":  {15.6, 27.5, 9.90, 23.8, 20.7, 69.1, 28.9, 67.0},
	"SG*(K/2)": {17.0, 27.8, 18.2, 36.4, 43.3, 75.7, 27.1, 65.2},
	"SG":       {18.6, 30.9, 14.1, 31.0, 46.1, 71.5, 46.4, 68.7},
	"SG*":      {20.9, 31.3, 27.3, 39.3, 56.3, 75.4, 39.7, 67.1},
	"HSG":      {19.3, 25.8, 23.5, 39.6, 52.9, 68.2, 36.1, 58.2},
}

// PaperValue returns the paper's Table 3 entry (rho x100) for a row, a
// benchmark and K, if the paper has one (K = 10 or 100, the four default
// benchmarks).
func PaperValue(row, dataset string, k int) (float64, bool) {
	vals, ok := paperTable3[row]
	if !ok {
		return 0, false
	}
	d := slices.Index(eval.DefaultDatasets, dataset)
	if d < 0 {
		return 0, false
	}
	switch k {
	case 10:
		return vals[2*d], true
	case 100:
		return vals[2*d+1], true
	}
	return 0, false
}

// Table is the outcome of an experiment, shaped like the paper's Table 3.
type Table struct {
	Grid     Grid
	Setup    Setup
	Datasets []string // benchmark names, the column groups
	Rows     []Row    // one per Grid.Variants() entry
	Failed   []RunRecord
	Runs     int // runs in the grid
	Finished int // of which finished
	Threads  int
}

// Row is one variant across the grid's sizes.
type Row struct {
	Variant Variant
	Cells   []Cell // one per Grid.Sizes entry
}

// Cell is one variant at one K: the selected setting and its scores.
type Cell struct {
	K       int
	Planned bool               // the grid trains this variant at this K
	Spec    RunSpec            // the selected setting (Seed is that of Runs[0])
	Runs    []RunRecord        // the selected setting's finished runs, in seed order
	Rho     map[string]float64 // per benchmark: mean rho over Runs; absent if undefined
	Score   float64            // the selection criterion: mean of Rho over the benchmarks
	Configs int                // settings compared (learning rates x IPDS ratios)
	Failed  int                // failed runs among all settings of the cell
}

// OK reports whether the cell has a finished run to show.
func (c *Cell) OK() bool { return len(c.Runs) > 0 }

// SelectionRule says how a cell's setting is chosen, for the table's footer
// and documentation. The paper searched the learning rate (and, for its
// graph tasks, the IPDS ratio) but does not say by which score; using the
// mean over all four benchmarks picks one setting per model and K rather
// than tuning each benchmark on its own test data.
const SelectionRule = "for each row and K, the setting (learning rate; for IPDS also q/K) " +
	"whose seed-averaged ρ has the highest mean over the four benchmarks; " +
	"SG and SG* (inner product and cosine) are selected separately"

// BuildTable selects, for every row and K, the grid setting with the best
// mean over the benchmarks (SelectionRule) and averages its seeds. Only
// records of setup and of runs in the grid count; for a run recorded more
// than once, a finished record beats a failed one and a later one an
// earlier one.
func BuildTable(grid Grid, setup Setup, datasets []string, recs []RunRecord) (*Table, error) {
	specs, err := grid.Expand()
	if err != nil {
		return nil, err
	}
	inGrid := make(map[runKey]bool, len(specs))
	for _, s := range specs {
		inGrid[keyOf(setup, s)] = true
	}
	latest := make(map[runKey]RunRecord)
	for _, r := range recs {
		k := keyOf(r.Setup, r.RunSpec)
		if !inGrid[k] {
			continue
		}
		if old, ok := latest[k]; ok && old.Status == StatusOK && r.Status != StatusOK {
			continue
		}
		latest[k] = r
	}
	t := &Table{Grid: grid, Setup: setup, Datasets: datasets, Runs: len(specs)}
	for _, s := range specs {
		r, ok := latest[keyOf(setup, s)]
		switch {
		case !ok:
		case r.Status == StatusOK:
			t.Finished++
			t.Threads = max(t.Threads, r.Threads)
		default:
			t.Failed = append(t.Failed, r)
		}
	}
	for _, v := range grid.Variants() {
		row := Row{Variant: v}
		for _, k := range grid.Sizes {
			row.Cells = append(row.Cells, buildCell(v, k, grid, setup, datasets, latest))
		}
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}

// setting is a grid point without its seed.
type setting struct {
	spec  RunSpec
	seeds []uint64
}

func buildCell(v Variant, k int, grid Grid, setup Setup, datasets []string, latest map[runKey]RunRecord) Cell {
	c := Cell{K: k, Score: math.NaN()}
	dim := v.Dim(k)
	if !slices.Contains(grid.Models, Model{Kind: v.Model, Arch: v.Arch}) || dim < 1 {
		return c
	}
	c.Planned = true
	var settings []setting
	for _, a := range grid.Alphas {
		s := RunSpec{Model: v.Model, Arch: v.Arch, Dim: dim, Alpha: a, Epochs: grid.Epochs}
		if !v.Model.TakesNegDim() {
			settings = append(settings, setting{spec: s, seeds: grid.Seeds})
			continue
		}
		seenQ := make(map[int]bool)
		for _, r := range grid.Ratios {
			s.NegRatio, s.NegDim = r, NegDimFor(r, k)
			if !seenQ[s.NegDim] {
				seenQ[s.NegDim] = true
				settings = append(settings, setting{spec: s, seeds: grid.Seeds})
			}
		}
	}
	c.Configs = len(settings)
	best := -1
	var bestRuns []RunRecord
	var bestRho map[string]float64
	for i, st := range settings {
		var runs []RunRecord
		for _, seed := range st.seeds {
			s := st.spec
			s.Seed = seed
			r, ok := latest[keyOf(setup, s)]
			switch {
			case !ok:
			case r.Status == StatusOK:
				runs = append(runs, r)
			default:
				c.Failed++
			}
		}
		if len(runs) == 0 {
			continue
		}
		rho, score := meanRho(runs, v, datasets)
		// A setting with a score beats one without; among scored ones the
		// higher wins, and the earlier on a tie.
		if best < 0 || (!math.IsNaN(score) && (math.IsNaN(c.Score) || score > c.Score)) {
			best, bestRuns, bestRho, c.Score = i, runs, rho, score
		}
	}
	if best >= 0 {
		c.Spec = settings[best].spec
		c.Spec.Seed = bestRuns[0].Seed
		c.Runs, c.Rho = bestRuns, bestRho
	}
	return c
}

// simFor picks the variant's similarity out of a record.
func simFor(r RunRecord, v Variant) map[string]float64 {
	if v.Sim != "" {
		return r.Rho[v.Sim]
	}
	for _, m := range r.Rho { // one-view models have exactly one
		return m
	}
	return nil
}

// meanRho averages each benchmark's rho over the runs that have it, and
// the benchmarks' means into the selection score (NaN if there is none).
func meanRho(runs []RunRecord, v Variant, datasets []string) (map[string]float64, float64) {
	rho := make(map[string]float64, len(datasets))
	var sum float64
	var n int
	for _, d := range datasets {
		var s float64
		var m int
		for _, r := range runs {
			if x, ok := simFor(r, v)[d]; ok {
				s += x
				m++
			}
		}
		if m > 0 {
			rho[d] = s / float64(m)
			sum += rho[d]
			n++
		}
	}
	if n == 0 {
		return rho, math.NaN()
	}
	return rho, sum / float64(n)
}

// Markdown writes the table shaped like the paper's Table 3: a row per
// variant, per benchmark a column per K, each cell our mean rho x100 with the
// paper's number in parentheses, our best per column in bold. A footer
// says how cells were selected and what was trained, then lists the chosen
// settings and any failed runs.
func (t *Table) Markdown(w io.Writer) error {
	var b strings.Builder
	fewer := t.markdownScores(&b)
	t.markdownFooter(&b, fewer)
	t.markdownSettings(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

// markdownScores writes the table of scores; it reports whether a cell
// had fewer runs than the grid has seeds.
func (t *Table) markdownScores(b *strings.Builder) (fewer bool) {
	ks := t.Grid.Sizes
	fmt.Fprintf(b, "### Spearman's ρ ×100 on word similarity (cf. Kim et al. 2019, Table 3)\n\n| |")
	for _, d := range t.Datasets {
		for _, k := range ks {
			fmt.Fprintf(b, " %s K=%d |", DatasetTitle(d), k)
		}
	}
	b.WriteString("\n|---|")
	for range len(t.Datasets) * len(ks) {
		b.WriteString("---:|")
	}
	b.WriteString("\n")
	// Our best per column, compared as printed so that ties are all bold.
	best := make(map[[2]int]float64)
	for di, d := range t.Datasets {
		for ki := range ks {
			m := math.Inf(-1)
			for _, row := range t.Rows {
				if x, ok := row.Cells[ki].Rho[d]; ok && row.Cells[ki].OK() {
					m = max(m, round(100*x, 1))
				}
			}
			best[[2]int{di, ki}] = m
		}
	}
	seeds := len(t.Grid.Seeds)
	for _, row := range t.Rows {
		fmt.Fprintf(b, "| %s |", row.Variant.Name)
		for di, d := range t.Datasets {
			for ki, k := range ks {
				c := &row.Cells[ki]
				var cell string
				x, ok := c.Rho[d]
				switch {
				case !c.Planned:
					cell = "—"
				case c.OK() && ok:
					cell = fmt.Sprintf("%.1f", round(100*x, 1))
					if round(100*x, 1) == best[[2]int{di, ki}] {
						cell = "**" + cell + "**"
					}
					if len(c.Runs) < seeds {
						cell += "†"
						fewer = true
					}
				case c.OK():
					cell = "n/a"
				case c.Failed > 0:
					cell = "failed"
				default:
					cell = "…"
				}
				if p, ok := PaperValue(row.Variant.Name, d, k); ok {
					cell += fmt.Sprintf(" (%.1f)", p)
				}
				fmt.Fprintf(b, " %s |", cell)
			}
		}
		b.WriteString("\n")
	}
	return fewer
}

// markdownFooter writes what the scores are, how the cells were selected,
// what was trained, and the legend of the cells' marks.
func (t *Table) markdownFooter(b *strings.Builder, fewer bool) {
	seeds := len(t.Grid.Seeds)
	s := t.Setup
	fmt.Fprintf(b, "\nOurs: mean over %d seed%s of Spearman's ρ ×100; in parentheses the paper's Table 3 (Text9, about 123M tokens, 5 epochs, 3 runs). "+
		"**Bold**: our best in the column. SG and SG(K/2) score by inner product, SG* and SG*(K/2) by cosine, the others by the model's own similarity; "+
		"SG(K/2) trains SG with K/2 dimensions, as many parameters as a one-view model of size K.\n\n",
		seeds, plural(seeds))
	if slices.ContainsFunc(t.Grid.Models, func(m Model) bool { return m.Arch != (Arch{}) }) {
		b.WriteString("Architectures: the rows without a suffix train skip-gram with negative sampling, as the paper; " +
			"-CBOW rows word2vec's continuous bag of words (the mean of a window's contexts predicts the centre word), " +
			"-HS rows word2vec.c's hierarchical softmax without negative samples, at the grid's learning rates.\n\n")
	}
	fmt.Fprintf(b, "Selection: %s. Grid: learning rate in {%s}", SelectionRule, joinFloats(t.Grid.Alphas))
	if slices.ContainsFunc(t.Grid.Models, Model.takesNegDim) {
		fmt.Fprintf(b, ", IPDS q/K in {%s} (q = round(q/K·K) kept in [1, K−1])", joinFloats(t.Grid.Ratios))
	}
	fmt.Fprintf(b, ", seeds {%s}.\n\n", joinSeeds(t.Grid.Seeds))
	fmt.Fprintf(b, "Setup: corpus %s (%s in-vocabulary tokens, %s words with min-count %d), %d epoch%s, window %d, %d negatives, sample %g, WIPS λ init %s with step %g",
		s.Corpus, thousands(s.CorpusTokens), thousands(int64(s.Vocab)), s.MinCount, t.Grid.Epochs, plural(t.Grid.Epochs),
		s.Settings.Window, s.Settings.Negative, s.Settings.Sample, s.Settings.LambdaInit, s.Settings.LambdaAlpha)
	if t.Threads > 0 {
		fmt.Fprintf(b, ", %d thread%s", t.Threads, plural(t.Threads))
	}
	fmt.Fprintf(b, ". Runs: %d of %d finished, %d failed.", t.Finished, t.Runs, len(t.Failed))
	if cov := t.coverage(); cov != "" {
		fmt.Fprintf(b, " Pairs with both words in the vocabulary: %s.", cov)
	}
	b.WriteString("\n\n")
	var legend []string
	if fewer {
		legend = append(legend, fmt.Sprintf("† fewer than %d seeds (runs missing or failed)", seeds))
	}
	legend = append(legend, "failed: every run of the cell failed", "…: not run yet", "—: model not in the grid")
	b.WriteString(strings.Join(legend, "; ") + ".\n\n")

}

// markdownSettings writes the settings chosen in each cell and the runs
// that failed.
func (t *Table) markdownSettings(b *strings.Builder) {
	ks, seeds := t.Grid.Sizes, len(t.Grid.Seeds)
	b.WriteString("Selected settings (mean training time per run):\n\n| |")
	for _, k := range ks {
		fmt.Fprintf(b, " K=%d |", k)
	}
	b.WriteString("\n|---|")
	for range ks {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for _, row := range t.Rows {
		fmt.Fprintf(b, "| %s |", row.Variant.Name)
		for ki := range ks {
			c := &row.Cells[ki]
			fmt.Fprintf(b, " %s |", describeCell(c, seeds))
		}
		b.WriteString("\n")
	}
	if len(t.Failed) > 0 {
		b.WriteString("\nFailed runs:\n\n")
		for _, r := range t.Failed {
			fmt.Fprintf(b, "- %s: %s\n", r.RunSpec, strings.ReplaceAll(firstLineOf(r.Error), "|", "\\|"))
		}
	}
}

// coverage lists, per benchmark, the pairs found of all pairs, from any
// finished run (all share the vocabulary), or "" if there is none.
func (t *Table) coverage() string {
	for _, row := range t.Rows {
		for _, c := range row.Cells {
			if !c.OK() || len(c.Runs[0].Pairs) == 0 {
				continue
			}
			r := c.Runs[0]
			parts := make([]string, len(t.Datasets))
			for i, d := range t.Datasets {
				parts[i] = fmt.Sprintf("%s %d of %d", DatasetTitle(d), r.Found[d], r.Pairs[d])
			}
			return strings.Join(parts, ", ")
		}
	}
	return ""
}

// describeCell is a cell's entry in the selected-settings table.
func describeCell(c *Cell, seeds int) string {
	if !c.OK() {
		switch {
		case !c.Planned:
			return "—"
		case c.Failed > 0:
			return "failed"
		}
		return "…"
	}
	parts := []string{fmt.Sprintf("α %g", c.Spec.Alpha)}
	if c.Spec.Model.TakesNegDim() {
		parts = append(parts, fmt.Sprintf("q %d (q/K %g)", c.Spec.NegDim, c.Spec.NegRatio))
	}
	if c.Spec.Dim != c.K {
		parts = append(parts, fmt.Sprintf("size %d", c.Spec.Dim))
	}
	if c.Spec.Model.LearnsLambda() {
		var neg, k float64
		for _, r := range c.Runs {
			neg += float64(r.LambdaNegative)
			k += float64(len(r.Lambda))
		}
		n := float64(len(c.Runs))
		parts = append(parts, fmt.Sprintf("λ<0: %.3g of %.0f", neg/n, k/n))
	}
	var secs float64
	for _, r := range c.Runs {
		secs += r.Seconds
	}
	parts = append(parts, formatSeconds(secs/float64(len(c.Runs))))
	if len(c.Runs) < seeds {
		parts = append(parts, fmt.Sprintf("%d of %d seeds", len(c.Runs), seeds))
	}
	if c.Failed > 0 {
		parts = append(parts, fmt.Sprintf("%d failed", c.Failed))
	}
	return strings.Join(parts, ", ")
}

// formatSeconds prints a duration in seconds to two significant digits or
// whole seconds.
func formatSeconds(s float64) string {
	if s < 10 {
		return fmt.Sprintf("%.2g s", s)
	}
	return fmt.Sprintf("%.0f s", s)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func joinFloats(xs []float64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprintf("%g", x)
	}
	return strings.Join(s, ", ")
}

func joinSeeds(xs []uint64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// thousands formats n with comma separators: 16,943,201.
func thousands(n int64) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
