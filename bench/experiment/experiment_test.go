package experiment

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/bench/planted"
	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/vocab"
)

func TestGridExpand(t *testing.T) {
	specs, err := PaperGrid().Expand()
	if err != nil {
		t.Fatal(err)
	}
	// Per K and seed: 2 alphas x (ips, sips, wips, hsg, sg at K and K/2)
	// plus 2 alphas x 5 ratios for ipds = 12 + 10 = 22; 2 sizes, 3 seeds.
	if len(specs) != 22*2*3 {
		t.Errorf("paper grid: %d runs, want %d", len(specs), 22*2*3)
	}
	seen := make(map[RunSpec]bool)
	for i, s := range specs {
		key := s
		key.NegRatio = 0
		if seen[key] {
			t.Errorf("run %v listed twice", s)
		}
		seen[key] = true
		if s.Epochs != 5 {
			t.Errorf("run %v: epochs %d, want 5", s, s.Epochs)
		}
		if s.Model == skipgram.IPDS && (s.NegDim < 1 || s.NegDim >= s.Dim) {
			t.Errorf("run %v: q outside [1, K-1]", s)
		}
		// Seeds vary slowest, so one pass fills the whole table first.
		if i > 0 && s.Seed < specs[i-1].Seed {
			t.Errorf("run %d (%v) comes after seed %d", i, s, specs[i-1].Seed)
		}
	}
	var qs []int
	for _, s := range specs {
		if s.Model == skipgram.IPDS && s.Dim == 10 && s.Seed == 1 && s.Alpha == 0.01 {
			qs = append(qs, s.NegDim)
		}
	}
	if want := []int{1, 3, 5, 8, 9}; !slices.Equal(qs, want) {
		t.Errorf("ipds q at K=10: %v, want %v (0.01 and 0.99 clamped into [1, 9])", qs, want)
	}
	for _, dim := range []int{5, 10, 50, 100} {
		if !seen[RunSpec{Model: skipgram.SG, Dim: dim, Alpha: 0.025, Seed: 2, Epochs: 5}] {
			t.Errorf("no SG run at size %d", dim)
		}
	}

	quick, err := QuickGrid().Expand()
	if err != nil {
		t.Fatal(err)
	}
	if len(quick) != 16 {
		t.Errorf("quick grid: %d runs, want 16 (8 per K: IPDS at two ratios)", len(quick))
	}

	// SG at 20 is both the SG row at K=20 and SG(K/2) at K=40: once.
	g := Grid{Sizes: []int{20, 40}, Models: PlainModels(skipgram.SG), Alphas: []float64{0.025}, Seeds: []uint64{1}, Epochs: 1}
	specs, err = g.Expand()
	if err != nil {
		t.Fatal(err)
	}
	var dims []int
	for _, s := range specs {
		dims = append(dims, s.Dim)
	}
	if !slices.Equal(dims, []int{10, 20, 40}) {
		t.Errorf("sg sizes %v, want [10 20 40]", dims)
	}
}

func TestGridValidate(t *testing.T) {
	for name, g := range map[string]Grid{
		"no sizes":      {Models: PlainModels(skipgram.SG), Alphas: []float64{0.025}, Seeds: []uint64{1}, Epochs: 1},
		"size 1":        {Sizes: []int{1}, Models: PlainModels(skipgram.SG), Alphas: []float64{0.025}, Seeds: []uint64{1}, Epochs: 1},
		"bad alpha":     {Sizes: []int{10}, Models: PlainModels(skipgram.SG), Alphas: []float64{-1}, Seeds: []uint64{1}, Epochs: 1},
		"ipds no ratio": {Sizes: []int{10}, Models: PlainModels(skipgram.IPDS), Alphas: []float64{0.025}, Seeds: []uint64{1}, Epochs: 1},
		"ratio 1":       {Sizes: []int{10}, Models: PlainModels(skipgram.IPDS), Alphas: []float64{0.025}, Ratios: []float64{1}, Seeds: []uint64{1}, Epochs: 1},
		"no epochs":     {Sizes: []int{10}, Models: PlainModels(skipgram.SG), Alphas: []float64{0.025}, Seeds: []uint64{1}},
		"bad model":     {Sizes: []int{10}, Models: []Model{{Kind: "cbow"}}, Alphas: []float64{0.025}, Seeds: []uint64{1}, Epochs: 1},
	} {
		if _, err := g.Expand(); err == nil {
			t.Errorf("%s: Expand succeeded", name)
		}
	}
}

// fakeRecord is a finished run whose own similarity scores rho on every
// benchmark; SG gets ip = rho and cos = rho + 0.15.
func fakeRecord(setup Setup, s RunSpec, rho ...float64) RunRecord {
	r := RunRecord{Setup: setup, RunSpec: s, Status: StatusOK, Rho: map[string]map[string]float64{}}
	sims := []string{"own"}
	if s.Model == skipgram.SG {
		sims = []string{"ip", "cos"}
	}
	for j, sim := range sims {
		r.Rho[sim] = map[string]float64{}
		for i, d := range eval.DefaultDatasets {
			r.Rho[sim][d] = rho[i] + 0.15*float64(j)
		}
	}
	if s.Model == skipgram.WIPS {
		r.Lambda = make([]float32, s.Dim)
		for i := range r.Lambda {
			r.Lambda[i] = float32(i) - float32(s.Dim)/3
			if r.Lambda[i] < 0 {
				r.LambdaNegative++
			}
		}
	}
	for i := range 20 {
		r.LossCurve = append(r.LossCurve, [3]float64{float64(i+1) * 1e5, float64(i), 3 / float64(i+1)})
	}
	r.Words = 2e6
	return r
}

func TestSelectionRule(t *testing.T) {
	setup := Setup{Corpus: "c", CorpusTokens: 1}
	g := Grid{Sizes: []int{10}, Models: PlainModels(skipgram.IPS, skipgram.IPDS), Alphas: []float64{0.01, 0.025},
		Ratios: []float64{0.25, 0.5}, Seeds: []uint64{1, 2}, Epochs: 1}
	spec := func(m skipgram.Kind, a float64, r float64, seed uint64) RunSpec {
		s := RunSpec{Model: m, Dim: 10, Alpha: a, Seed: seed, Epochs: 1}
		if m == skipgram.IPDS {
			s.NegRatio, s.NegDim = r, NegDimFor(r, 10)
		}
		return s
	}
	recs := []RunRecord{
		// alpha 0.01 wins SimLex by far but loses on the mean of the four.
		fakeRecord(setup, spec(skipgram.IPS, 0.01, 0, 1), 0.9, 0.0, 0.0, 0.0),
		fakeRecord(setup, spec(skipgram.IPS, 0.01, 0, 2), 0.9, 0.0, 0.0, 0.0),
		fakeRecord(setup, spec(skipgram.IPS, 0.025, 0, 1), 0.3, 0.3, 0.3, 0.3),
		fakeRecord(setup, spec(skipgram.IPS, 0.025, 0, 2), 0.5, 0.3, 0.3, 0.3),
		// IPDS: the setting is alpha and ratio together; seeds are averaged
		// before selecting (seed 1 of 0.025/0.25 is best alone, not on average).
		fakeRecord(setup, spec(skipgram.IPDS, 0.01, 0.25, 1), 0.2, 0.2, 0.2, 0.2),
		fakeRecord(setup, spec(skipgram.IPDS, 0.01, 0.25, 2), 0.2, 0.2, 0.2, 0.2),
		fakeRecord(setup, spec(skipgram.IPDS, 0.01, 0.5, 1), 0.3, 0.3, 0.3, 0.3),
		fakeRecord(setup, spec(skipgram.IPDS, 0.01, 0.5, 2), 0.3, 0.3, 0.3, 0.3),
		fakeRecord(setup, spec(skipgram.IPDS, 0.025, 0.25, 1), 0.5, 0.5, 0.5, 0.5),
		fakeRecord(setup, spec(skipgram.IPDS, 0.025, 0.25, 2), 0.0, 0.0, 0.0, 0.0),
		// Another setup's better run must not count.
		fakeRecord(Setup{Corpus: "other"}, spec(skipgram.IPS, 0.01, 0, 1), 1, 1, 1, 1),
	}
	tab, err := BuildTable(g, setup, eval.DefaultDatasets, recs)
	if err != nil {
		t.Fatal(err)
	}
	ips, ipds := tab.Rows[0].Cells[0], tab.Rows[2].Cells[0]
	if ips.Spec.Alpha != 0.025 || len(ips.Runs) != 2 || fmt.Sprintf("%.2f", ips.Rho["simlex999"]) != "0.40" {
		t.Errorf("IPS: selected alpha %g over %d runs, SimLex %.3f; want 0.025, 2 runs, 0.40 (mean of seeds)",
			ips.Spec.Alpha, len(ips.Runs), ips.Rho["simlex999"])
	}
	if ipds.Spec.Alpha != 0.01 || ipds.Spec.NegDim != 5 || ipds.Configs != 4 {
		t.Errorf("IPDS: selected alpha %g q %d of %d settings; want alpha 0.01, q 5 of 4", ipds.Spec.Alpha, ipds.Spec.NegDim, ipds.Configs)
	}
	if tab.Rows[4].Cells[0].Planned || tab.Rows[3].Cells[0].Planned {
		t.Error("rows of models outside the grid are planned")
	}
}

func TestSelectionSGSeparately(t *testing.T) {
	setup := Setup{Corpus: "c"}
	g := Grid{Sizes: []int{10}, Models: PlainModels(skipgram.SG), Alphas: []float64{0.01, 0.025}, Seeds: []uint64{1}, Epochs: 1}
	a := fakeRecord(setup, RunSpec{Model: skipgram.SG, Dim: 10, Alpha: 0.01, Seed: 1, Epochs: 1}, 0.5, 0.5, 0.5, 0.5)
	b := fakeRecord(setup, RunSpec{Model: skipgram.SG, Dim: 10, Alpha: 0.025, Seed: 1, Epochs: 1}, 0.4, 0.4, 0.4, 0.4)
	for _, d := range eval.DefaultDatasets {
		b.Rho["cos"][d] = 0.9 // cosine prefers the other learning rate
	}
	tab, err := BuildTable(g, setup, eval.DefaultDatasets, []RunRecord{a, b})
	if err != nil {
		t.Fatal(err)
	}
	sg, sgStar := tab.Rows[6].Cells[0], tab.Rows[7].Cells[0]
	if sg.Spec.Alpha != 0.01 || sgStar.Spec.Alpha != 0.025 {
		t.Errorf("SG picked alpha %g, SG* %g; want 0.01 and 0.025", sg.Spec.Alpha, sgStar.Spec.Alpha)
	}
	if half := tab.Rows[4].Cells[0]; !half.Planned || half.OK() {
		t.Errorf("SG(K/2) at K=10: planned %v ok %v; want planned and not run (size 5 missing)", half.Planned, half.OK())
	}
}

// topicalCorpus returns a corpus in which the words of each group co-occur,
// and benchmarks (named like the default ones) that rate pairs in one group
// as similar: a pipeline that works gives a positive correlation.
func topicalCorpus(t *testing.T) (*vocab.Vocab, []int32, []*eval.Dataset) {
	t.Helper()
	topics := planted.NewTopics(4, 8, 1, 2)
	v, stream, err := vocab.Learn(corpus.NewScanner(strings.NewReader(topics.Text(1500, 10, 10))), vocab.LearnOptions{MinCount: 1})
	if err != nil {
		t.Fatal(err)
	}
	var ds []*eval.Dataset
	for _, name := range eval.DefaultDatasets {
		ds = append(ds, &eval.Dataset{Name: name, Pairs: topics.Pairs(40)})
	}
	return v, stream, ds
}

func testRunner(t *testing.T) *Runner {
	v, stream, ds := topicalCorpus(t)
	return &Runner{
		Setup: Setup{Corpus: "topical", CorpusTokens: int64(len(stream)), Vocab: v.Len(), MinCount: 1,
			Settings: skipgram.Settings{Window: 3, Negative: 3, Sample: 0, LambdaInit: skipgram.DefaultLambdaInit, LambdaAlpha: skipgram.DefaultLambdaAlpha}},
		Vocab: v, Stream: stream, Datasets: ds, Threads: 1, ProgressEvery: 2 * time.Millisecond,
	}
}

func testGrid() Grid {
	// 0.01: HSG diverges at 0.025 on this 32-word corpus.
	return Grid{Sizes: []int{4, 8}, Models: PlainModels(skipgram.Kinds()...), Alphas: []float64{0.01},
		Ratios: []float64{0.5}, Seeds: []uint64{1}, Epochs: 3}
}

func TestRunnerResumeAndFailure(t *testing.T) {
	dir := t.TempDir()
	results := filepath.Join(dir, "out", "r.jsonl")
	r := testRunner(t)
	var trained atomic.Int32
	r.Record = func(rec RunRecord) error { return AppendResult(results, rec) }
	r.Train = func(ctx context.Context, j *skipgram.Job) (*skipgram.Result, error) {
		trained.Add(1)
		if j.Model == skipgram.SIPS && j.Dim == 8 {
			panic("boom")
		}
		if j.Model == skipgram.HSG && j.Dim == 4 {
			return nil, fmt.Errorf("no luck")
		}
		return j.Train(ctx)
	}
	g := testGrid()
	specs, err := g.Expand()
	if err != nil {
		t.Fatal(err)
	}
	recs, err := r.Run(context.Background(), specs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(specs) || int(trained.Load()) != len(specs) {
		t.Fatalf("%d records, %d trainings; want %d each", len(recs), trained.Load(), len(specs))
	}
	failed := 0
	for _, rec := range recs {
		if rec.Status == StatusFailed {
			failed++
			if !strings.Contains(rec.Error, "boom") && !strings.Contains(rec.Error, "no luck") {
				t.Errorf("failed run %v: error %q", rec.RunSpec, rec.Error)
			}
			continue
		}
		if len(rec.Rho) == 0 || rec.Words == 0 || rec.Seconds <= 0 {
			t.Errorf("run %v: incomplete record %+v", rec.RunSpec, rec)
		}
		if rec.Model == skipgram.WIPS && len(rec.Lambda) != rec.Dim {
			t.Errorf("wips run: lambda %v", rec.Lambda)
		}
	}
	if failed != 2 {
		t.Errorf("%d failed runs, want 2", failed)
	}

	// Resume: only the failed runs are tried again.
	prior, bad, err := ReadResults(results)
	if err != nil || bad != 0 || len(prior) != len(specs) {
		t.Fatalf("ReadResults: %d records, %d bad, %v; want %d, 0", len(prior), bad, err, len(specs))
	}
	trained.Store(0)
	r.Train = func(ctx context.Context, j *skipgram.Job) (*skipgram.Result, error) {
		trained.Add(1)
		return j.Train(ctx)
	}
	recs, err = r.Run(context.Background(), specs, prior)
	if err != nil {
		t.Fatal(err)
	}
	if trained.Load() != 2 || len(recs) != len(specs) {
		t.Fatalf("resume trained %d runs and returned %d records; want 2 and %d", trained.Load(), len(recs), len(specs))
	}
	prior2, _, _ := ReadResults(results)
	if len(prior2) != len(specs)+2 {
		t.Errorf("after resuming: %d lines, want %d (the two retried runs appended)", len(prior2), len(specs)+2)
	}
	for _, rec := range recs {
		if rec.Status != StatusOK {
			t.Errorf("retried run %v: %s", rec.RunSpec, rec.Error)
		}
	}
	checkSetupKeys(t, r, specs, prior2)
}

// checkSetupKeys checks which records of prior stand in for the runs of
// specs when r's setup changes: a WIPS setting retrains WIPS runs only,
// another setting every run.
func checkSetupKeys(t *testing.T, r *Runner, specs []RunSpec, prior []RunRecord) {
	t.Helper()
	// WIPS's lambda settings matter to WIPS runs only.
	lam := *r
	lam.Setup.Settings.LambdaAlpha *= 2
	var retrained []skipgram.Kind
	lam.Train = func(ctx context.Context, j *skipgram.Job) (*skipgram.Result, error) {
		retrained = append(retrained, j.Model)
		return nil, fmt.Errorf("stop")
	}
	lam.Record = nil
	if _, err := lam.Run(context.Background(), specs, prior); err != nil || !slices.Equal(retrained, []skipgram.Kind{skipgram.WIPS, skipgram.WIPS}) {
		t.Errorf("after changing lambda-alpha: retrained %v (%v); want the two WIPS runs", retrained, err)
	}
	// So does the recipe they were trained under: records of an earlier
	// one (none recorded, as before LambdaRecipe) stand in for no WIPS run.
	recipe := *r
	recipe.Setup.LambdaRecipe = r.Setup.LambdaRecipe + 1
	retrained = nil
	recipe.Train, recipe.Record = lam.Train, nil
	if _, err := recipe.Run(context.Background(), specs, prior); err != nil || !slices.Equal(retrained, []skipgram.Kind{skipgram.WIPS, skipgram.WIPS}) {
		t.Errorf("after changing the lambda recipe: retrained %v (%v); want the two WIPS runs", retrained, err)
	}
	// A different setup shares nothing.
	other := *r
	other.Setup.Settings.Window = 2
	var n atomic.Int32
	other.Train = func(ctx context.Context, j *skipgram.Job) (*skipgram.Result, error) {
		n.Add(1)
		return nil, fmt.Errorf("stop")
	}
	other.Record = nil
	if _, err := other.Run(context.Background(), specs[:3], prior); err != nil || n.Load() != 3 {
		t.Errorf("other setup: %d trainings, err %v; want 3", n.Load(), err)
	}
}

func TestRunnerCancel(t *testing.T) {
	r := testRunner(t)
	ctx, cancel := context.WithCancel(context.Background())
	var recorded int
	r.Record = func(RunRecord) error { recorded++; return nil }
	r.Train = func(ctx context.Context, j *skipgram.Job) (*skipgram.Result, error) {
		cancel()
		return nil, ctx.Err()
	}
	specs, _ := testGrid().Expand()
	if _, err := r.Run(ctx, specs, nil); err != context.Canceled {
		t.Errorf("Run = %v, want context.Canceled", err)
	}
	if recorded != 0 {
		t.Errorf("an interrupted run was recorded")
	}
}

func TestResultsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	rec := fakeRecord(Setup{Corpus: "c"}, RunSpec{Model: skipgram.WIPS, Dim: 4, Alpha: 0.025, Seed: 1, Epochs: 1}, 0.1, 0.2, 0.3, 0.4)
	if err := AppendResult(path, rec); err != nil {
		t.Fatal(err)
	}
	// A line cut off by a crash is skipped, and the next append starts a
	// new line rather than extending it.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"model":"sg","dim":`)
	f.Close()
	if err := AppendResult(path, rec); err != nil {
		t.Fatal(err)
	}
	recs, bad, err := ReadResults(path)
	if err != nil || bad != 1 || len(recs) != 2 {
		t.Fatalf("ReadResults: %d records, %d bad, %v; want 2, 1", len(recs), bad, err)
	}
	if recs[1].Rho["own"]["yp-130"] != 0.2 || recs[1].LambdaNegative != rec.LambdaNegative || recs[1].Setup != rec.Setup {
		t.Errorf("record did not round-trip: %+v", recs[1])
	}
	if recs, bad, err := ReadResults(filepath.Join(t.TempDir(), "none.jsonl")); err != nil || bad != 0 || recs != nil {
		t.Errorf("missing file: %v %d %v", recs, bad, err)
	}
}

// fullTable is a table with every cell filled by fakeRecord, one failed cell
// (HSG at K=100) and one run missing.
func fullTable(t *testing.T) *Table {
	t.Helper()
	setup := Setup{Corpus: "c", CorpusTokens: 100, Vocab: 10, MinCount: 5,
		Settings: skipgram.Settings{Window: 5, Negative: 5, Sample: 1e-4, LambdaInit: "ones"}}
	g := QuickGrid()
	g.Seeds = []uint64{1, 2}
	g.Ratios = []float64{0.5} // the fixture's values follow the runs' order
	specs, err := g.Expand()
	if err != nil {
		t.Fatal(err)
	}
	var recs []RunRecord
	for i, s := range specs {
		base := float64(i%7) / 10
		rec := fakeRecord(setup, s, base, base+0.01, base+0.02, base+0.03)
		if s.Model == skipgram.HSG && s.Dim == 100 {
			rec = RunRecord{Setup: setup, RunSpec: s, Status: StatusFailed, Error: "panic: boom"}
		}
		if s.Model == skipgram.IPS && s.Dim == 100 && s.Seed == 2 {
			continue
		}
		recs = append(recs, rec)
	}
	tab, err := BuildTable(g, setup, eval.DefaultDatasets, recs)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func TestMarkdown(t *testing.T) {
	tab := fullTable(t)
	var b bytes.Buffer
	if err := tab.Markdown(&b); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	lines := strings.Split(md, "\n")
	var rows []string
	for _, l := range lines {
		for _, v := range Table3Variants() {
			if strings.HasPrefix(l, "| "+v.Name+" | ") && strings.Count(l, "|") == 10 {
				rows = append(rows, v.Name)
			}
		}
	}
	var want []string
	for _, v := range Table3Variants() {
		want = append(want, v.Name)
	}
	if !slices.Equal(rows, want) {
		t.Errorf("table rows %v, want %v\n%s", rows, want, md)
	}
	for _, s := range []string{
		"| | SimLex K=10 | SimLex K=100 | YP K=10 | YP K=100 | WS-Sim K=10 | WS-Sim K=100 | WS-Rel K=10 | WS-Rel K=100 |",
		"(13.6)", "(23.6)", "(9.9)", "(78.0)", "(58.2)", // paper numbers
		"failed (68.2)", // HSG, WS-Sim, K=100
		"†",             // IPS K=100 has one of two seeds
		"Selection: " + SelectionRule,
		"- hsg dim=100 alpha=0.025 seed=1 epochs=5: panic: boom",
	} {
		if !strings.Contains(md, s) {
			t.Errorf("markdown lacks %q:\n%s", s, md)
		}
	}
	// Every column has exactly one bold cell here (no ties), the best.
	header := 0
	for i, l := range lines {
		if strings.HasPrefix(l, "|---|") {
			header = i
			break
		}
	}
	for col := 1; col <= 8; col++ {
		bold := 0
		for _, l := range lines[header+1 : header+10] {
			if strings.HasPrefix(strings.TrimSpace(strings.Split(l, "|")[col+1]), "**") {
				bold++
			}
		}
		if bold != 1 {
			t.Errorf("column %d: %d bold cells, want 1\n%s", col, bold, md)
		}
	}
	// The fake scores are 0.1 per position in the grid, +0.15 for cosine.
	for _, s := range []string{"| IPS | 0.0 (13.6) |", "| SG* | **65.0** (20.9) |"} {
		if !strings.Contains(md, s) {
			t.Errorf("markdown lacks %q:\n%s", s, md)
		}
	}
}

func TestPlots(t *testing.T) {
	if raceEnabled {
		t.Skip("rasterizing takes tens of seconds under the race detector and shares nothing between goroutines")
	}
	dir := filepath.Join(t.TempDir(), "plots")
	if d := os.Getenv("WIPSVEC_PLOT_DIR"); d != "" {
		dir = d // to look at the pictures
	}
	written, err := WritePlots(dir, fullTable(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(written) != 4 {
		t.Fatalf("wrote %v, want 4 plots", written)
	}
	for _, name := range []string{LambdaPlot, LambdaHistPlot, SpearmanPlot, LossPlot} {
		path := filepath.Join(dir, name)
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		fi, _ := os.Stat(path)
		if cfg.Width < 800 || cfg.Height < 400 || fi.Size() < 20000 {
			t.Errorf("%s: %dx%d, %d bytes; want a real picture", name, cfg.Width, cfg.Height, fi.Size())
		}
	}
	// A grid without WIPS has no lambda plot, and that is not an error.
	tab := fullTable(t)
	tab.Rows = slices.DeleteFunc(tab.Rows, func(r Row) bool { return r.Variant.Model == skipgram.WIPS })
	if err := PlotLambda(io.Discard, tab); !errors.Is(err, ErrNoData) {
		t.Errorf("lambda plot without WIPS: %v, want ErrNoData", err)
	}
	if err := PlotLambdaHistograms(io.Discard, tab); !errors.Is(err, ErrNoData) {
		t.Errorf("lambda histograms without WIPS: %v, want ErrNoData", err)
	}
}

// TestExperimentSharedCorpus runs a two-model grid on the first megabyte of
// the shared corpus with the real benchmarks, end to end.
func TestExperimentSharedCorpus(t *testing.T) {
	const path = "../../../shared/data/enwiki17m.txt.zst"
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing and CI=true", path)
		}
		t.Skipf("%s not found", path)
	}
	rc, err := corpus.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	v, stream, err := vocab.Learn(corpus.NewScanner(io.LimitReader(rc, 1<<20)), vocab.LearnOptions{MinCount: 5})
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("WIPSVEC_EVAL") == "" {
		t.Setenv("WIPSVEC_EVAL", filepath.Join("..", "..", "..", "shared", "eval"))
	}
	var ds []*eval.Dataset
	for _, name := range eval.DefaultDatasets {
		p, err := eval.ResolveDataset(name)
		if err != nil {
			t.Fatal(err)
		}
		d, err := eval.ReadDataset(p)
		if err != nil {
			t.Fatal(err)
		}
		ds = append(ds, d)
	}
	setup := Setup{Corpus: CorpusName(path, 1<<20), CorpusTokens: int64(len(stream)), Vocab: v.Len(), MinCount: 5,
		Settings: skipgram.Settings{Window: 5, Negative: 5, Sample: 1e-4, LambdaInit: skipgram.DefaultLambdaInit, LambdaAlpha: skipgram.DefaultLambdaAlpha}}
	r := &Runner{Setup: setup, Vocab: v, Stream: stream, Datasets: ds, Threads: 2}
	g := Grid{Sizes: []int{10}, Models: PlainModels(skipgram.WIPS, skipgram.SG), Alphas: []float64{0.025},
		Seeds: []uint64{1}, Epochs: 1}
	specs, _ := g.Expand()
	recs, err := r.Run(context.Background(), specs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		if rec.Status != StatusOK || rec.Found["simlex999"] < 100 || len(rec.Rho) == 0 {
			t.Errorf("run %v: status %s (%s), %d SimLex pairs found", rec.RunSpec, rec.Status, rec.Error, rec.Found["simlex999"])
		}
	}
	tab, err := BuildTable(g, setup, eval.DefaultDatasets, recs)
	if err != nil {
		t.Fatal(err)
	}
	if !tab.Rows[3].Cells[0].OK() || !tab.Rows[7].Cells[0].OK() || tab.Finished != 3 {
		t.Errorf("table: WIPS %v, SG* %v, %d finished; want both and 3", tab.Rows[3].Cells[0].OK(), tab.Rows[7].Cells[0].OK(), tab.Finished)
	}
}

// TestRunnerResumesInterruptedRun interrupts a grid in the middle of a
// run, after the run has written a checkpoint, and reruns the grid: the
// run resumes from its checkpoint, removes it when done, and scores what an
// uninterrupted run scores (one thread: bit for bit).
func TestRunnerResumesInterruptedRun(t *testing.T) {
	spec := RunSpec{Model: skipgram.WIPS, Dim: 8, Alpha: 0.01, Seed: 1, Epochs: 300}
	plain := testRunner(t)
	want, err := plain.Run(context.Background(), []RunSpec{spec}, nil)
	if err != nil || want[0].Status != StatusOK {
		t.Fatalf("uninterrupted: %v %+v", err, want)
	}

	dir := t.TempDir()
	r := testRunner(t)
	r.CheckpointDir, r.CheckpointEvery = dir, time.Millisecond
	var log strings.Builder
	r.Log = &log
	ctx, cancel := context.WithCancel(context.Background())
	r.Train = func(ctx context.Context, j *skipgram.Job) (*skipgram.Result, error) {
		j.Checkpoint = func(*skipgram.Snapshot) error {
			cancel() // interrupted once the first checkpoint is on disk
			return nil
		}
		return j.Train(ctx)
	}
	if _, err := r.Run(ctx, []RunSpec{spec}, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted grid: %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("the interrupted run left %v, want its checkpoint", ents)
	}
	r.Train = nil
	got, err := r.Run(context.Background(), []RunSpec{spec}, nil)
	if err != nil || got[0].Status != StatusOK {
		t.Fatalf("resumed grid: %v %+v", err, got)
	}
	if !strings.Contains(log.String(), "resumed from") {
		t.Errorf("the run was not resumed: %s", log.String())
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("the finished run left %v", ents)
	}
	if !reflect.DeepEqual(got[0].Rho, want[0].Rho) || got[0].Loss != want[0].Loss || got[0].Words != want[0].Words {
		t.Errorf("resumed run scored %v (loss %v), uninterrupted %v (loss %v)", got[0].Rho, got[0].Loss, want[0].Rho, want[0].Loss)
	}
}

func TestParseModel(t *testing.T) {
	for s, want := range map[string]Model{
		"wips":       {Kind: skipgram.WIPS},
		"sg/cbow":    {Kind: skipgram.SG, Arch: Arch{CBOW: true}},
		"wips/cbow":  {Kind: skipgram.WIPS, Arch: Arch{CBOW: true}},
		"sg/hs":      {Kind: skipgram.SG, Arch: Arch{HS: true}},
		"SG/HS/CBOW": {Kind: skipgram.SG, Arch: Arch{CBOW: true, HS: true}},
	} {
		m, err := ParseModel(s)
		if err != nil || m != want {
			t.Errorf("ParseModel(%q) = %+v, %v; want %+v", s, m, err, want)
		}
		if back, err := ParseModel(m.String()); err != nil || back != m {
			t.Errorf("%q: %q reads back as %+v, %v", s, m.String(), back, err)
		}
	}
	if s := (Model{Kind: skipgram.SG, Arch: Arch{CBOW: true, HS: true}}).String(); s != "sg/cbow/hs" {
		t.Errorf("sg with cbow and hs prints as %q", s)
	}
	for s, want := range map[string]string{
		"cbow":         "unknown model",
		"sg/exact":     `"exact" is not an architecture`,
		"sg/":          `"" is not an architecture`,
		"sg/cbow/cbow": `"cbow" is not an architecture`,
		"wips/hs":      "-hs 1",   // a one-view model has no output rows for the tree
		"hsg/cbow":     "-cbow 1", // skipgram's own rule, asked rather than restated
	} {
		if _, err := ParseModel(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseModel(%q): %v, want an error with %q", s, err, want)
		}
	}
}

// archGrid trains SG and WIPS in other architectures beside plain SG.
func archGrid() Grid {
	return Grid{Sizes: []int{10}, Models: []Model{{Kind: skipgram.SG}, {Kind: skipgram.SG, Arch: Arch{CBOW: true}},
		{Kind: skipgram.WIPS, Arch: Arch{CBOW: true}}, {Kind: skipgram.SG, Arch: Arch{HS: true}},
		{Kind: skipgram.SG, Arch: Arch{CBOW: true}}}, // twice: one run and one set of rows
		Alphas: []float64{0.025}, Seeds: []uint64{1}, Epochs: 1}
}

func TestGridExpandArchitectures(t *testing.T) {
	specs, err := archGrid().Expand()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range specs {
		got = append(got, fmt.Sprintf("%s%s@%d", s.Model, s.suffix(), s.Dim))
	}
	want := []string{"sg@5", "sg@10", "sg/cbow@5", "sg/cbow@10", "wips/cbow@10", "sg/hs@5", "sg/hs@10"}
	if !slices.Equal(got, want) {
		t.Errorf("runs %v, want %v", got, want)
	}
	// The trained options: the architecture, hierarchical softmax alone,
	// and the grid's learning rate, not CBOW's default.
	r := &Runner{Setup: Setup{Settings: skipgram.Settings{Window: 5, Negative: 5}}}
	for _, s := range specs {
		opt := r.Options(s)
		if opt.CBOW != s.CBOW || opt.HS != s.HS || opt.Alpha != 0.025 || (opt.Negative == 0) != s.HS {
			t.Errorf("%v: trains with cbow %v, hs %v, alpha %g, %d negatives", s, opt.CBOW, opt.HS, opt.Alpha, opt.Negative)
		}
		if err := opt.Validate(); err != nil {
			t.Errorf("%v: %v", s, err)
		}
	}
	// Hierarchical softmax alone draws no noise words: -negative does not
	// change its runs, as it does skip-gram's.
	hs := RunSpec{Model: skipgram.SG, Arch: Arch{HS: true}, Dim: 10, Alpha: 0.025, Seed: 1, Epochs: 1}
	sg := RunSpec{Model: skipgram.SG, Dim: 10, Alpha: 0.025, Seed: 1, Epochs: 1}
	if rec := (RunRecord{Setup: Setup{Settings: skipgram.Settings{Negative: 5}}, RunSpec: hs}); !rec.Matches(Setup{Settings: skipgram.Settings{Negative: 10}}, hs) || rec.Matches(Setup{Settings: skipgram.Settings{Negative: 5}}, sg) {
		t.Error("an sg/hs record does not stand for its run at another -negative, or stands for sg's")
	}
	if rec := (RunRecord{Setup: Setup{Settings: skipgram.Settings{Negative: 5}}, RunSpec: sg}); rec.Matches(Setup{Settings: skipgram.Settings{Negative: 10}}, sg) {
		t.Error("an sg record stands for sg at another -negative")
	}
	var names []string
	for _, v := range archGrid().Variants() {
		names = append(names, v.Name)
	}
	want = []string{"IPS", "SIPS", "IPDS", "WIPS", "WIPS-CBOW",
		"SG(K/2)", "SG*(K/2)", "SG", "SG*",
		"SG-CBOW(K/2)", "SG-CBOW*(K/2)", "SG-CBOW", "SG-CBOW*",
		"SG-HS(K/2)", "SG-HS*(K/2)", "SG-HS", "SG-HS*", "HSG"}
	if !slices.Equal(names, want) {
		t.Errorf("rows %v, want %v", names, want)
	}
	var plain []string
	for _, v := range PaperGrid().Variants() {
		plain = append(plain, v.Name)
	}
	var table3 []string
	for _, v := range Table3Variants() {
		table3 = append(table3, v.Name)
	}
	if !slices.Equal(plain, table3) {
		t.Errorf("the paper's grid has rows %v, want Table 3's %v", plain, table3)
	}
	bad := archGrid()
	bad.Models = append(bad.Models, Model{Kind: skipgram.HSG, Arch: Arch{CBOW: true}})
	if _, err := bad.Expand(); err == nil {
		t.Error("a grid with hsg/cbow expanded")
	}
}

// TestRunnerArchitectures trains SG and SG's CBOW end to end: both are
// recorded apart, score the topical corpus's similarity, fill their own
// rows, and a rerun trains neither again.
func TestRunnerArchitectures(t *testing.T) {
	r := testRunner(t)
	g := Grid{Sizes: []int{8}, Models: []Model{{Kind: skipgram.SG}, {Kind: skipgram.SG, Arch: Arch{CBOW: true}}},
		Alphas: []float64{0.01}, Seeds: []uint64{1}, Epochs: 3}
	specs, err := g.Expand()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "r.jsonl")
	r.Record = func(rec RunRecord) error { return AppendResult(path, rec) }
	var cbow atomic.Int32
	r.Train = func(ctx context.Context, j *skipgram.Job) (*skipgram.Result, error) {
		if j.CBOW {
			cbow.Add(1)
		}
		return j.Train(ctx)
	}
	recs, err := r.Run(context.Background(), specs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 4 || cbow.Load() != 2 {
		t.Fatalf("%d runs, %d of them CBOW; want 4 and 2", len(recs), cbow.Load())
	}
	for _, rec := range recs {
		if rec.Status != StatusOK || !(rec.Rho["cos"]["simlex999"] > 0) {
			t.Errorf("%v: %s %s, cosine SimLex %v; want a positive score", rec.RunSpec, rec.Status, rec.Error, rec.Rho["cos"]["simlex999"])
		}
	}
	data, _ := os.ReadFile(path)
	if n := strings.Count(string(data), `"cbow":true`); n != 2 || strings.Contains(string(data), `"hs"`) {
		t.Errorf("results: %d CBOW records, want 2, and no hs field:\n%s", n, data)
	}
	prior, _, err := ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	again, err := r.Run(context.Background(), specs, prior)
	if err != nil || len(again) != 4 || cbow.Load() != 2 {
		t.Errorf("rerun: %d records, %d CBOW runs, %v; want nothing trained", len(again), cbow.Load(), err)
	}
	tab, err := BuildTable(g, r.Setup, eval.DefaultDatasets, prior)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := tab.Markdown(&b); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, s := range []string{"| SG |", "| SG-CBOW |", "| SG-CBOW*(K/2) |", "| WIPS | — |", "Runs: 4 of 4 finished, 0 failed.",
		"-CBOW rows word2vec's continuous bag of words"} {
		if !strings.Contains(md, s) {
			t.Errorf("table lacks %q:\n%s", s, md)
		}
	}
	for _, row := range tab.Rows {
		if c := row.Cells[0]; c.Planned && (!c.OK() || c.Runs[0].CBOW != row.Variant.CBOW) {
			t.Errorf("row %s: %+v", row.Variant.Name, c)
		}
	}
}

// TestOldRecordIsSkipGram reads a record written before architectures (no
// cbow or hs fields) as skip-gram with negative sampling: it stands for the
// plain SG run and for no other architecture's.
func TestOldRecordIsSkipGram(t *testing.T) {
	setup := Setup{Corpus: "c", CorpusTokens: 100, Vocab: 10, MinCount: 5,
		Settings: skipgram.Settings{Window: 5, Negative: 5, Sample: 1e-4, LambdaInit: "ones", LambdaAlpha: 0.5}}
	line := `{"corpus":"c","corpus_tokens":100,"vocab":10,"min_count":5,"window":5,"negative":5,"sample":0.0001,` +
		`"lambda_init":"ones","lambda_alpha":0.5,"model":"sg","dim":10,"alpha":0.025,"seed":1,"epochs":1,"status":"ok",` +
		`"rho":{"ip":{"simlex999":0.2},"cos":{"simlex999":0.3}},"seconds":1,"words":100,"words_per_sec":100,"loss":2,` +
		`"threads":1,"version":"old","finished":"2026-11-01T00:00:00Z"}` + "\n"
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(path, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	recs, bad, err := ReadResults(path)
	if err != nil || bad != 0 || len(recs) != 1 {
		t.Fatalf("%d records, %d bad, %v", len(recs), bad, err)
	}
	plain := RunSpec{Model: skipgram.SG, Dim: 10, Alpha: 0.025, Seed: 1, Epochs: 1}
	if recs[0].Arch != (Arch{}) || !recs[0].Matches(setup, plain) {
		t.Errorf("old record %+v does not stand for %v", recs[0].RunSpec, plain)
	}
	for _, a := range []Arch{{CBOW: true}, {HS: true}} {
		s := plain
		s.Arch = a
		if recs[0].Matches(setup, s) {
			t.Errorf("old record stands for %v", s)
		}
	}
	// Written again, it is the same line: no architecture fields.
	rec := recs[0]
	rec.Finished = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	out := filepath.Join(t.TempDir(), "again.jsonl")
	if err := AppendResult(out, rec); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(out); strings.Contains(string(again), "cbow") || strings.Contains(string(again), `"hs"`) {
		t.Errorf("plain skip-gram written with architecture fields: %s", again)
	}
	// In a grid of SG and SG's CBOW, it fills SG's row, not CBOW's.
	g := Grid{Sizes: []int{10}, Models: []Model{{Kind: skipgram.SG}, {Kind: skipgram.SG, Arch: Arch{CBOW: true}}},
		Alphas: []float64{0.025}, Seeds: []uint64{1}, Epochs: 1}
	tab, err := BuildTable(g, setup, eval.DefaultDatasets, recs)
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range tab.Rows {
		switch row.Variant.Name {
		case "SG", "SG*":
			if !row.Cells[0].OK() {
				t.Errorf("row %s lacks the old record", row.Variant.Name)
			}
		case "SG-CBOW", "SG-CBOW*":
			if row.Cells[0].OK() {
				t.Errorf("row %s took the old skip-gram record", row.Variant.Name)
			}
		}
	}
}

// TestRunnerKeepsNoFinishedCheckpoint checks that a run of a grid with a
// checkpoint directory writes no checkpoint of itself once it has
// finished: its record keeps it, and writing the model would cost the
// run's time.
func TestRunnerKeepsNoFinishedCheckpoint(t *testing.T) {
	r := testRunner(t)
	r.CheckpointDir, r.CheckpointEvery = t.TempDir(), time.Hour
	var path string
	var finished bool
	r.Train = func(ctx context.Context, j *skipgram.Job) (*skipgram.Result, error) {
		path = j.CheckpointPath
		j.Checkpoint = func(s *skipgram.Snapshot) error {
			finished = s.Done
			return nil
		}
		res, err := j.Train(ctx)
		if _, serr := os.Stat(path); !errors.Is(serr, os.ErrNotExist) {
			t.Errorf("the finished run wrote %s (%v)", path, serr)
		}
		return res, err
	}
	spec := RunSpec{Model: skipgram.SG, Dim: 4, Alpha: 0.01, Seed: 1, Epochs: 1}
	if recs, err := r.Run(context.Background(), []RunSpec{spec}, nil); err != nil || recs[0].Status != StatusOK {
		t.Fatalf("%v %+v", err, recs)
	}
	if path == "" || !finished {
		t.Errorf("checkpoint path %q, finished snapshot told: %v; want a path and the run's end", path, finished)
	}
}
