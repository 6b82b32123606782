package experiment

import (
	"bytes"
	"context"
	"encoding/json"
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
		Seeds:  []uint64{1, 2, 3},
		Epochs: 5,
	}
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
	g.Seeds = []uint64{1}
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

// Setup is what every run of one experiment shares: the corpus and the
// hyperparameters outside the grid. Records are compared (for resuming and
// for the table) only within one setup, but for WIPS's lambda settings,
// which matter to WIPS runs only.
type Setup struct {
	// Corpus names the text: the corpus file's base name, with "[:N]"
	// appended when only its first N bytes were read. The base name rather
	// than the path, so that a run from another directory still resumes.
	Corpus string `json:"corpus"`
	// CorpusTokens, the in-vocabulary tokens of one epoch, fingerprints the
	// text and min-count: another file of the same name does not match.
	CorpusTokens int64   `json:"corpus_tokens"`
	Vocab        int     `json:"vocab"`
	MinCount     int64   `json:"min_count"`
	Window       int     `json:"window"`
	Negative     int     `json:"negative"`
	Sample       float64 `json:"sample"`
	LambdaInit   string  `json:"lambda_init"`
	LambdaAlpha  float64 `json:"lambda_alpha"`
	// LambdaRecipe is skipgram.LambdaRecipe when the runs were made: WIPS
	// runs of another recipe (or of none recorded) are trained again.
	LambdaRecipe int `json:"lambda_recipe,omitempty"`
	// Batch, HotRows and HotSync are skipgram.Options's: whether a window
	// shares its noise words, and the rows each thread replicates and how
	// often it merges them. Records of exact per-pair Hogwild have none.
	Batch   bool `json:"batch,omitempty"`
	HotRows int  `json:"hot_rows,omitempty"`
	HotSync int  `json:"hot_sync,omitempty"`
	// ShareNoise is skipgram.Options's: how many windows share a draw of
	// noise words, 0 (none recorded) for the model's own. SG's own was 1
	// before 2026-11-25 and is 2 since, with the same quality.
	ShareNoise int `json:"share_noise,omitempty"`
}

// Validate reports the first fixed hyperparameter that cannot train on
// threads threads, as the trainer would, but before the corpus is read.
func (s Setup) Validate(threads int) error {
	opt := skipgram.DefaultOptions()
	opt.Model, opt.Threads = skipgram.WIPS, threads // WIPS checks the lambda settings too
	opt.Window, opt.Negative, opt.Sample = s.Window, s.Negative, s.Sample
	opt.LambdaInit, opt.LambdaAlpha = s.LambdaInit, s.LambdaAlpha
	opt.Batch, opt.HotRows, opt.HotSync, opt.ShareNoise = s.Batch, s.HotRows, s.HotSync, s.ShareNoise
	if s.MinCount < 1 {
		return fmt.Errorf("-min-count must be at least 1, got %d", s.MinCount)
	}
	return opt.Validate()
}

// CorpusName is the Setup.Corpus of a corpus file read up to limit bytes
// (0: all of it).
func CorpusName(path string, limit int64) string {
	name := filepath.Base(path)
	if path == "-" {
		name = "stdin"
	}
	if limit > 0 {
		name += fmt.Sprintf("[:%d]", limit)
	}
	return name
}

// Run statuses in a RunRecord.
const (
	StatusOK     = "ok"
	StatusFailed = "failed"
)

// RunRecord is one line of the results file: a finished or failed run.
type RunRecord struct {
	Setup
	RunSpec
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`

	// Rho holds Spearman's rho (not x100) by similarity ("ip", "cos",
	// "wip", ...) and dataset. A correlation that is undefined (fewer than
	// two pairs found) is left out, as JSON has no NaN.
	Rho map[string]map[string]float64 `json:"rho,omitempty"`
	// Pairs and Found count each dataset's pairs and those with both
	// words in the vocabulary: a small corpus scores fewer pairs.
	Pairs map[string]int `json:"pairs,omitempty"`
	Found map[string]int `json:"found,omitempty"`

	Seconds     float64 `json:"seconds"` // training wall time, without evaluation
	Words       int64   `json:"words"`   // tokens processed
	WordsPerSec float64 `json:"words_per_sec"`
	Loss        float64 `json:"loss"` // final loss per positive pair
	Threads     int     `json:"threads"`

	// WIPS: the learned weights and how many of them are negative.
	Lambda         []float32 `json:"lambda,omitempty"`
	LambdaNegative int       `json:"lambda_negative,omitempty"`
	LambdaStart    string    `json:"lambda_start,omitempty"` // the start's sign pattern: "neg:Q" for the spectral start

	// LossCurve samples training as [words processed, seconds, mean loss
	// per positive pair since the previous sample].
	LossCurve [][3]float64 `json:"loss_curve,omitempty"`

	Version  string    `json:"version"`
	Finished time.Time `json:"finished"`
}

// runKey identifies a run for resuming and for the table: two records with
// the same key are the same computation (up to Hogwild's nondeterminism).
type runKey struct {
	setup Setup
	spec  RunSpec
}

// keyOf leaves out what does not change the run: the IPDS ratio (q does),
// for every model but WIPS, lambda's settings, so that tuning WIPS does
// not invalidate the other models' runs, and for hierarchical softmax,
// which trains without noise words, -negative.
func keyOf(setup Setup, spec RunSpec) runKey {
	spec.NegRatio = 0
	if !spec.Model.LearnsLambda() {
		setup.LambdaInit, setup.LambdaAlpha, setup.LambdaRecipe = "", 0, 0
	}
	if spec.HS {
		setup.Negative = 0
	}
	return runKey{setup, spec}
}

// Matches reports whether r records the run spec under setup, so that it
// can stand in for training it.
func (r RunRecord) Matches(setup Setup, spec RunSpec) bool {
	return keyOf(r.Setup, r.RunSpec) == keyOf(setup, spec)
}

// ReadResults reads a results file. A missing file is an empty one. Lines
// that do not parse are skipped and counted: the last line of a run killed
// mid-write may be cut short, and one bad line should not cost the others.
func ReadResults(path string) (recs []RunRecord, bad int, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("read results: %w", err)
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var r RunRecord
		if err := json.Unmarshal(line, &r); err != nil || r.Model == "" || r.Status == "" {
			bad++
			continue
		}
		recs = append(recs, r)
	}
	return recs, bad, nil
}

// AppendResult appends rec to the results file as one JSON line, creating
// the file and its directory if needed. The line goes out in one write to a
// file opened for appending, so a crash leaves at most a cut-off last line,
// which ReadResults skips. A previous line cut off without its newline is
// ended first, so that it does not swallow this one.
func AppendResult(path string, rec RunRecord) error {
	line, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("append result: %w", err)
	}
	line = append(line, '\n')
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("append result: %w", err)
		}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("append result: %w", err)
	}
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, fi.Size()-1); err == nil && last[0] != '\n' {
			line = append([]byte{'\n'}, line...)
		}
	}
	if _, err := f.Write(line); err != nil {
		f.Close()
		return fmt.Errorf("append result %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("append result %s: %w", path, err)
	}
	return nil
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

// Options returns the training options of one run.
func (r *Runner) Options(spec RunSpec) skipgram.Options {
	opt := skipgram.DefaultOptions()
	opt.Model, opt.Dim, opt.Alpha, opt.Seed, opt.Iter = spec.Model, spec.Dim, spec.Alpha, spec.Seed, spec.Epochs
	opt.NegDim = spec.NegDim
	opt.Window, opt.Negative, opt.Sample = r.Setup.Window, r.Setup.Negative, r.Setup.Sample
	opt.Batch, opt.HotRows, opt.HotSync, opt.ShareNoise = r.Setup.Batch, r.Setup.HotRows, r.Setup.HotSync, r.Setup.ShareNoise
	opt.LambdaInit, opt.LambdaAlpha = r.Setup.LambdaInit, r.Setup.LambdaAlpha
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

func (r *Runner) trainAndEvaluate(ctx context.Context, rec *RunRecord) error {
	opt := r.Options(rec.RunSpec)
	every := r.ProgressEvery
	if every <= 0 {
		every = time.Second
	}
	// The curve is filled by the trainer's reporter goroutine and handed
	// to rec only once training has returned.
	var mu sync.Mutex
	var curve [][3]float64
	opt.ProgressEvery = every
	opt.Progress = func(p skipgram.Progress) {
		if r.Live != nil {
			r.Live(p)
		}
		// A snapshot without new pairs carries no loss; the closing one
		// averages a different stretch and is recorded as Loss instead.
		if p.Done || p.Loss == 0 || !finite(p.Loss) {
			return
		}
		mu.Lock()
		curve = append(curve, [3]float64{float64(p.Words), round(p.Elapsed.Seconds(), 2), round(p.Loss, 5)})
		mu.Unlock()
	}
	j := &skipgram.Job{Options: opt, Vocab: r.Vocab, Text: [][]int32{r.Stream}, Source: skipgram.Source{MinCount: r.Setup.MinCount}}
	res, err := r.trainCheckpointed(ctx, rec, j)
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	if res == nil || res.Model == nil || res.Meta == nil {
		return errors.New("train: no model")
	}
	m, st, meta := res.Model, res.Stats, res.Meta
	mu.Lock()
	rec.LossCurve = curve
	mu.Unlock()
	rec.Seconds = round(st.Elapsed.Seconds(), 3)
	rec.Words = st.Words
	if s := st.Elapsed.Seconds(); s > 0 {
		rec.WordsPerSec = math.Round(float64(st.Words) / s)
	}
	// JSON has no NaN: a diverged run is failed, not a line that cannot
	// be written.
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
	return nil
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
		resumed.Resume = snap
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
