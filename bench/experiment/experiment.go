package experiment

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/vocab"
)

// This file runs the word-similarity experiment of Kim et al. (2019),
// Table 3: every model trained over a grid of learning rates (and IPDS
// dimensionality ratios) and seeds on one corpus, each run evaluated on the
// four benchmarks and appended to a results file as one JSON line, so that
// an interrupted grid resumes where it stopped and reruns can be compared.

// Grid is the hyperparameter grid of the experiment. Every model is trained
// at every size, learning rate and seed; IPDS also at every ratio q/K; SG
// also at half the size, for the paper's SG(K/2) rows.
type Grid struct {
	Sizes  []int     // K, the columns of the table
	Models []Model   // trained models; SG yields the rows SG, SG*, SG(K/2) and SG*(K/2)
	Alphas []float64 // starting learning rates
	Ratios []float64 // IPDS: q/K, the share of negative coordinates
	Seeds  []uint64
	Epochs int
}

// Arch is the architecture a model trains with (skipgram.Options's CBOW
// and HS): its zero value is the paper's, skip-gram with negative
// sampling, which records made before the field have.
type Arch struct {
	CBOW bool `json:"cbow,omitempty"` // word2vec's continuous bag of words
	HS   bool `json:"hs,omitempty"`   // hierarchical softmax, without negative samples
}

// suffix is the architecture as -models spells it after the model's name:
// "", "/cbow", "/hs" or "/cbow/hs".
func (a Arch) suffix() string {
	s := ""
	if a.CBOW {
		s += "/cbow"
	}
	if a.HS {
		s += "/hs"
	}
	return s
}

// label is the architecture as the table's rows add it to the model's
// name: "", "-CBOW", "-HS" or "-CBOW-HS".
func (a Arch) label() string {
	return strings.ToUpper(strings.ReplaceAll(a.suffix(), "/", "-"))
}

// Apply sets the architecture in opt: hierarchical softmax alone, as
// word2vec.c's -hs 1 -negative 0. The learning rate is left as it is: the
// grid searches it, CBOW's as SG's.
func (a Arch) Apply(opt *skipgram.Options) {
	opt.CBOW, opt.HS = a.CBOW, a.HS
	if a.HS {
		opt.Negative = 0
	}
}

// Model is one entry of Grid.Models: a model and its architecture.
type Model struct {
	Kind skipgram.Kind
	Arch
}

// PlainModels are the models ks, each trained as skip-gram with negative
// sampling.
func PlainModels(ks ...skipgram.Kind) []Model {
	ms := make([]Model, len(ks))
	for i, k := range ks {
		ms[i] = Model{Kind: k}
	}
	return ms
}

// String is m as ParseModel reads it: "wips", "sg/cbow", "sg/cbow/hs".
func (m Model) String() string { return string(m.Kind) + m.suffix() }

// ParseModel reads a model of -models: a model's name, optionally followed
// by its architecture, "/cbow", "/hs" or both ("sg/cbow/hs").
func ParseModel(s string) (Model, error) {
	name, variants, found := strings.Cut(s, "/")
	kind, err := skipgram.ParseKind(name)
	if err != nil {
		return Model{}, err
	}
	m := Model{Kind: kind}
	for _, v := range strings.Split(variants, "/") {
		switch v = strings.ToLower(v); {
		case !found:
		case v == "cbow" && !m.CBOW:
			m.CBOW = true
		case v == "hs" && !m.HS:
			m.HS = true
		default:
			return Model{}, fmt.Errorf("model %q: %q is not an architecture (want %s, %s/cbow, %s/hs or %s/cbow/hs)", s, v, kind, kind, kind, kind)
		}
	}
	if err := m.Validate(); err != nil {
		return Model{}, err
	}
	return m, nil
}

// Validate reports whether m's model can train with its architecture, as
// skipgram.Options.Validate says.
func (m Model) Validate() error {
	opt := skipgram.DefaultOptions()
	opt.Model = m.Kind
	m.Apply(&opt)
	if err := opt.Validate(); err != nil {
		return fmt.Errorf("model %s: %w", m, err)
	}
	return nil
}

// PaperGrid is the grid of the paper's word-similarity experiment: K in
// {10, 100}, learning rate in {0.01, 0.025}, the IPDS ratio grid of its
// graph experiments, 5 epochs and 3 runs per setting.
func PaperGrid() Grid {
	return Grid{
		Sizes:  []int{10, 100},
		Models: PlainModels(skipgram.Kinds()...),
		Alphas: []float64{0.01, 0.025},
		Ratios: []float64{0.01, 0.25, 0.5, 0.75, 0.99},
		Seeds:  Seeds(3),
		Epochs: 5,
	}
}

// Seeds are the seeds of n runs per setting: 1 to n.
func Seeds(n int) []uint64 {
	seeds := make([]uint64, n)
	for i := range seeds {
		seeds[i] = uint64(i + 1)
	}
	return seeds
}

// QuickGrid is PaperGrid cut to about one run per model and K: the paper's 5
// epochs, word2vec's default learning rate and one seed. IPDS keeps two
// ratios, q = 1 (the paper's q/K 0.01) and q = K/2: at K = 10 they differ by
// more than the models do (WS-Rel 43 against 29 on the shared corpus).
// On the 17M-token shared corpus it takes about 11 minutes on two cores,
// instead of the full grid's hours.
func QuickGrid() Grid {
	g := PaperGrid()
	g.Alphas = []float64{0.025}
	g.Ratios = []float64{0.01, 0.5}
	g.Seeds = Seeds(1)
	return g
}

// Quick is the -quick preset: g with QuickGrid's sizes, learning rates,
// ratios, seeds and epochs in place of those given does not name (by the
// experiment's flags: sizes, alphas, ratios, seeds, iter), so that flags
// given explicitly still win.
func (g Grid) Quick(given map[string]bool) Grid {
	q := QuickGrid()
	if !given["sizes"] {
		g.Sizes = q.Sizes
	}
	if !given["alphas"] {
		g.Alphas = q.Alphas
	}
	if !given["ratios"] {
		g.Ratios = q.Ratios
	}
	if !given["seeds"] {
		g.Seeds = q.Seeds
	}
	if !given["iter"] {
		g.Epochs = q.Epochs
	}
	return g
}

// RunSpec is one point of the grid: one training run.
type RunSpec struct {
	Model    skipgram.Kind `json:"model"`
	Arch                   // none in the records made before architectures: skip-gram with negative sampling
	Dim      int           `json:"dim"` // trained size: K, or K/2 for the SG(K/2) rows
	Alpha    float64       `json:"alpha"`
	NegRatio float64       `json:"neg_ratio,omitempty"` // IPDS: the grid's q/K
	NegDim   int           `json:"neg_dim,omitempty"`   // IPDS: q, from NegRatio
	Seed     uint64        `json:"seed"`
	Epochs   int           `json:"epochs"`
}

func (s RunSpec) String() string {
	str := fmt.Sprintf("%s%s dim=%d alpha=%g", s.Model, s.suffix(), s.Dim, s.Alpha)
	if s.Model.TakesNegDim() {
		str += fmt.Sprintf(" q=%d (q/K=%g)", s.NegDim, s.NegRatio)
	}
	return str + fmt.Sprintf(" seed=%d epochs=%d", s.Seed, s.Epochs)
}

func (m Model) takesNegDim() bool { return m.Kind.TakesNegDim() }

// NegDimFor is skipgram.NegDimFor: the q of ratio r at size k.
func NegDimFor(r float64, k int) int { return skipgram.NegDimFor(r, k) }

// Validate reports the first setting that cannot make a grid.
func (g Grid) Validate() error {
	switch {
	case len(g.Sizes) == 0:
		return errors.New("grid: no sizes")
	case len(g.Models) == 0:
		return errors.New("grid: no models")
	case len(g.Alphas) == 0:
		return errors.New("grid: no learning rates")
	case len(g.Seeds) == 0:
		return errors.New("grid: no seeds")
	case g.Epochs < 1:
		return fmt.Errorf("grid: epochs must be at least 1, got %d", g.Epochs)
	case slices.ContainsFunc(g.Models, Model.takesNegDim) && len(g.Ratios) == 0:
		return errors.New("grid: ipds needs at least one ratio")
	}
	for _, k := range g.Sizes {
		if k < 2 {
			return fmt.Errorf("grid: size %d: want at least 2 (SIPS, IPDS and HSG need two coordinates)", k)
		}
	}
	for _, m := range g.Models {
		if err := m.Validate(); err != nil {
			return fmt.Errorf("grid: %w", err)
		}
	}
	for _, a := range g.Alphas {
		if !(a > 0) || math.IsInf(a, 0) {
			return fmt.Errorf("grid: learning rate %g: want a positive number", a)
		}
	}
	for _, r := range g.Ratios {
		if !(r > 0 && r < 1) {
			return fmt.Errorf("grid: ipds ratio %g: want 0 < ratio < 1", r)
		}
	}
	return nil
}

// Expand lists the runs of the grid, each once. Seeds vary slowest, so that
// the first pass over the grid already fills every cell of the table and
// later seeds refine the means. Within a seed, sizes go up and models follow
// Table 3's order. A run that two rows share (SG at size 50 is the SG row at
// K = 50 and the SG(K/2) row at K = 100), or two IPDS ratios that round to
// the same q, is listed once.
func (g Grid) Expand() ([]RunSpec, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	var specs []RunSpec
	seen := make(map[RunSpec]bool)
	add := func(s RunSpec) {
		key := s
		key.NegRatio = 0 // q, not the ratio it came from, decides the run
		if !seen[key] {
			seen[key] = true
			specs = append(specs, s)
		}
	}
	for _, seed := range g.Seeds {
		for _, k := range g.Sizes {
			for _, m := range g.Models {
				// Every architecture of SG writes its word vectors alone,
				// so each has SG's K/2 rows too.
				dims := []int{k}
				if m.Kind.Views() == 2 {
					dims = []int{k / 2, k}
				}
				for _, dim := range dims {
					for _, a := range g.Alphas {
						s := RunSpec{Model: m.Kind, Arch: m.Arch, Dim: dim, Alpha: a, Seed: seed, Epochs: g.Epochs}
						if !m.takesNegDim() {
							add(s)
							continue
						}
						for _, r := range g.Ratios {
							s.NegRatio, s.NegDim = r, NegDimFor(r, k)
							add(s)
						}
					}
				}
			}
		}
	}
	return specs, nil
}

// TrainFunc trains one run's job; (*skipgram.Job).Train is the real one.
type TrainFunc func(ctx context.Context, j *skipgram.Job) (*skipgram.Result, error)

// Runner trains and evaluates the runs of a grid on one corpus, loaded once.
type Runner struct {
	Setup    Setup
	Vocab    *vocab.Vocab
	Stream   []int32
	Datasets []*eval.Dataset
	Threads  int

	// ProgressEvery is how often the loss curve is sampled (default 1s).
	ProgressEvery time.Duration

	// Record is called with every finished or failed run before the next
	// one starts. An error from it stops the grid: a result that cannot be
	// kept is not worth the next hour of training.
	Record func(RunRecord) error

	// Log, if not nil, gets one line per run.
	Log io.Writer

	// Live, if set, gets the trainer's progress while a run trains (about
	// every ProgressEvery), for a live progress line.
	Live func(skipgram.Progress)

	// CheckpointDir, if set, is where each run keeps a checkpoint while it
	// trains, every CheckpointEvery (default skipgram's) and when the grid
	// is interrupted, so that the next invocation resumes the run
	// interrupted in its middle, not only the runs not yet started.
	CheckpointDir   string
	CheckpointEvery time.Duration

	// Train replaces (*skipgram.Job).Train, for tests that need a run to
	// fail or to watch its options.
	Train TrainFunc
}

// Options returns the training options of one run: the setup's settings
// with the run's own (its model, size, q, learning rate, seed, epochs and
// architecture) and the Runner's threads.
func (r *Runner) Options(spec RunSpec) skipgram.Options {
	opt := skipgram.Options{Settings: r.Setup.Settings}
	opt.Model, opt.Dim, opt.Alpha, opt.Seed, opt.Iter = spec.Model, spec.Dim, spec.Alpha, spec.Seed, spec.Epochs
	opt.NegDim = spec.NegDim
	opt.Threads = max(r.Threads, 1)
	spec.Apply(&opt)
	return opt
}

// Run trains every spec that prior does not already hold as finished, in
// order, and returns the records of all specs: prior's and the new ones.
// Runs that failed before are tried again. A run that fails (an error or a
// panic while training or evaluating) is recorded as failed and the grid
// goes on. Run stops early only when ctx is cancelled, leaving the run in
// progress unrecorded, or when Record fails; it then returns the records so
// far with the error.
func (r *Runner) Run(ctx context.Context, specs []RunSpec, prior []RunRecord) ([]RunRecord, error) {
	done := make(map[runKey]RunRecord)
	for _, rec := range prior {
		if rec.Status == StatusOK {
			done[keyOf(rec.Setup, rec.RunSpec)] = rec
		}
	}
	var todo []RunSpec
	var recs []RunRecord
	for _, s := range specs {
		if rec, ok := done[keyOf(r.Setup, s)]; ok {
			recs = append(recs, rec)
		} else {
			todo = append(todo, s)
		}
	}
	if r.Log != nil && len(recs) > 0 {
		fmt.Fprintf(r.Log, "resuming: %d of %d runs already done\n", len(recs), len(specs))
	}
	for i, s := range todo {
		if err := ctx.Err(); err != nil {
			return recs, err
		}
		rec := r.runOne(ctx, s)
		if ctx.Err() != nil {
			// Cancelled mid-run: the run is not failed, only unfinished.
			return recs, ctx.Err()
		}
		if r.Log != nil {
			fmt.Fprintf(r.Log, "[%d/%d] %s\n", i+1, len(todo), r.summary(rec))
		}
		if r.Record != nil {
			if err := r.Record(rec); err != nil {
				return recs, err
			}
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// runOne trains and evaluates one run. A panic is turned into a failed
// record, so that one bad run cannot take the grid down with it (panics in
// the trainer's own worker goroutines cannot be caught here).
func (r *Runner) runOne(ctx context.Context, spec RunSpec) (rec RunRecord) {
	rec = RunRecord{Setup: r.Setup, RunSpec: spec, Threads: max(r.Threads, 1), Version: skipgram.Version}
	defer func() {
		if p := recover(); p != nil {
			rec.Status = StatusFailed
			rec.Error = fmt.Sprintf("panic: %v", p)
			if r.Log != nil {
				fmt.Fprintf(r.Log, "%s: panic: %v\n%s", spec, p, debug.Stack())
			}
		}
		rec.Finished = time.Now().UTC().Truncate(time.Second)
	}()
	if err := r.trainAndEvaluate(ctx, &rec); err != nil {
		rec.Status = StatusFailed
		rec.Error = err.Error()
		return rec
	}
	rec.Status = StatusOK
	return rec
}

// trainAndEvaluate trains rec's run and fills in its record: the loss
// curve, the training's statistics and the benchmarks' correlations.
func (r *Runner) trainAndEvaluate(ctx context.Context, rec *RunRecord) error {
	var curve lossCurve
	opt := r.Options(rec.RunSpec)
	opt.ProgressEvery = r.ProgressEvery
	if opt.ProgressEvery <= 0 {
		opt.ProgressEvery = time.Second
	}
	opt.Progress = func(p skipgram.Progress) {
		if r.Live != nil {
			r.Live(p)
		}
		curve.add(p)
	}
	j := &skipgram.Job{Options: opt, Vocab: r.Vocab, Text: [][]int32{r.Stream}, Source: skipgram.Source{MinCount: r.Setup.MinCount}}
	res, err := r.trainCheckpointed(ctx, rec, j)
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	if res == nil || res.Model == nil || res.Meta == nil {
		return errors.New("train: no model")
	}
	rec.LossCurve = curve.points()
	if err := recordTraining(rec, res.Stats, res.Meta); err != nil {
		return err
	}
	r.evaluate(rec, res.Model, res.Meta)
	return nil
}

// lossCurve is a run's loss curve, filled by the trainer's reporter
// goroutine and handed to the record only once training has returned.
type lossCurve struct {
	mu  sync.Mutex
	pts [][3]float64 // words, seconds, loss
}

// add appends the loss of snapshot p. A snapshot without new pairs carries
// no loss; the closing one averages a different stretch and is recorded as
// Loss instead.
func (c *lossCurve) add(p skipgram.Progress) {
	if p.Done || p.Loss == 0 || !finite(p.Loss) {
		return
	}
	c.mu.Lock()
	c.pts = append(c.pts, [3]float64{float64(p.Words), round(p.Elapsed.Seconds(), 2), round(p.Loss, 5)})
	c.mu.Unlock()
}

// points returns the curve so far.
func (c *lossCurve) points() [][3]float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pts
}

// recordTraining puts the training's time, speed, loss and λ into rec. A
// diverged run is an error: JSON has no NaN, so it is failed, not a line
// that cannot be written.
func recordTraining(rec *RunRecord, st skipgram.Stats, meta *embedding.Meta) error {
	rec.Seconds = round(st.Elapsed.Seconds(), 3)
	rec.Words = st.Words
	if s := st.Elapsed.Seconds(); s > 0 {
		rec.WordsPerSec = math.Round(float64(st.Words) / s)
	}
	if !finite(st.Loss) {
		return fmt.Errorf("training diverged: loss %v", st.Loss)
	}
	rec.Loss = round(st.Loss, 6)
	for _, l := range meta.Lambda {
		if !finite(float64(l)) {
			return fmt.Errorf("training diverged: wips lambda has %v", l)
		}
	}
	if meta.Lambda != nil {
		rec.Lambda = meta.Lambda
		rec.LambdaStart = st.LambdaStart
		for _, l := range meta.Lambda {
			if l < 0 {
				rec.LambdaNegative++
			}
		}
	}
	return nil
}

// evaluate scores the trained model m on every benchmark with each of its
// similarities, recording the pairs found and the finite correlations.
func (r *Runner) evaluate(rec *RunRecord, m *skipgram.Model, meta *embedding.Meta) {
	sims := meta.Similarities()
	vec := m.Vectors(r.Vocab.Words)
	rec.Rho = make(map[string]map[string]float64, len(sims))
	rec.Pairs = make(map[string]int, len(r.Datasets))
	rec.Found = make(map[string]int, len(r.Datasets))
	for _, d := range r.Datasets {
		res := eval.Evaluate(vec, sims, d)
		rec.Pairs[d.Name], rec.Found[d.Name] = res.Pairs, res.Found
		for _, sim := range sims {
			rho := res.Rho[sim.Name]
			if !finite(rho) {
				continue
			}
			if rec.Rho[sim.Name] == nil {
				rec.Rho[sim.Name] = make(map[string]float64, len(r.Datasets))
			}
			rec.Rho[sim.Name][d.Name] = rho
		}
	}
}

// checkpointName is the checkpoint of the run in progress in
// CheckpointDir. One name serves every run: a grid trains one run at a
// time, and a checkpoint of another run or corpus does not resume (its
// settings and corpus are checked). It is the name earlier versions gave
// every run's (the hash of an empty key), so that their checkpoints resume.
const checkpointName = "run-08f44b07b5901a25.ckpt"

// train trains j, with Train when a test sets it.
func (r *Runner) train(ctx context.Context, j *skipgram.Job) (*skipgram.Result, error) {
	if r.Train != nil {
		return r.Train(ctx, j)
	}
	return j.Train(ctx)
}

// trainCheckpointed trains one run's job, with a checkpoint in
// CheckpointDir when it is set: a run that an earlier invocation left
// interrupted is resumed from its checkpoint, and an interrupted one
// leaves its checkpoint for the next. A finished run removes it (and
// writes none: its record keeps it).
func (r *Runner) trainCheckpointed(ctx context.Context, rec *RunRecord, j *skipgram.Job) (*skipgram.Result, error) {
	if r.CheckpointDir == "" {
		return r.train(ctx, j)
	}
	path := filepath.Join(r.CheckpointDir, checkpointName)
	j.CheckpointPath, j.CheckpointEvery, j.SkipFinished = path, r.CheckpointEvery, true
	if snap, err := skipgram.ReadCheckpoint(path); err == nil {
		resumed := *j
		resumed.Start = skipgram.Resumed{Snapshot: snap}
		res, err := r.train(ctx, &resumed)
		if err == nil || ctx.Err() != nil {
			if r.Log != nil && err == nil {
				fmt.Fprintf(r.Log, "%s: resumed from %s at %.0f%%\n", rec.RunSpec, path, 100*float64(snap.Words())/float64(max(snap.Total(), 1)))
			}
			if ctx.Err() == nil {
				os.Remove(path)
			}
			return res, err
		}
		if r.Log != nil {
			fmt.Fprintf(r.Log, "%s: checkpoint %s does not fit (%v); training afresh\n", rec.RunSpec, path, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) && r.Log != nil {
		fmt.Fprintf(r.Log, "%s: %v; training afresh\n", rec.RunSpec, err)
	}
	res, err := r.train(ctx, j)
	if ctx.Err() == nil { // finished or failed: its record stands for it now
		os.Remove(path)
	}
	return res, err
}

// summary is the log line of a run: its scores in the table's order.
func (r *Runner) summary(rec RunRecord) string {
	var b strings.Builder
	b.WriteString(rec.RunSpec.String())
	if rec.Status != StatusOK {
		fmt.Fprintf(&b, ": FAILED: %s", firstLineOf(rec.Error))
		return b.String()
	}
	fmt.Fprintf(&b, ": %.1fs, %.0fk words/s, loss %.4f", rec.Seconds, rec.WordsPerSec/1000, rec.Loss)
	sims := make([]string, 0, len(rec.Rho))
	for s := range rec.Rho {
		sims = append(sims, s)
	}
	slices.Sort(sims)
	for _, s := range sims {
		fmt.Fprintf(&b, "; %s:", s)
		for _, d := range r.Datasets {
			if x, ok := rec.Rho[s][d.Name]; ok {
				fmt.Fprintf(&b, " %s %.1f", DatasetTitle(d.Name), 100*x)
			}
		}
	}
	if rec.Model.LearnsLambda() {
		fmt.Fprintf(&b, "; %d of %d lambda negative (start %s)", rec.LambdaNegative, len(rec.Lambda), rec.LambdaStart)
	}
	return b.String()
}

func firstLineOf(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func round(x float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(x*p) / p
}
