package speed

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/vocab"
)

// The throughput benchmark answers the question a user timing a trainer
// asks: how many corpus words per second does each model train, per thread,
// how well does that scale, how much memory does it take, how far is it from
// what the arithmetic of the inner loop allows, and how does it compare with
// gensim on the same file with the same hyperparameters.
//
// Every training run is a separate process, the real `wipsvec train`, so
// that the numbers are the ones a user gets (the same binary, flags and
// corpus loading), runs cannot warm each other's caches or heaps, and the
// kernel can report each run's peak resident set.

// gensimSpeedScript times gensim's Word2Vec; it is embedded so that the
// installed binary does not depend on the source tree.
//
//go:embed gensim_speed.py
var gensimSpeedScript []byte

// DefaultPython is the interpreter gensim is looked for in: Debian's
// python3-gensim lives in the system interpreter, and the python3 first on
// PATH may be another one without it.
const DefaultPython = "/usr/bin/python3"

// ThroughputOptions configures RunThroughput. The hyperparameters are
// word2vec's, passed unchanged to both trainers.
type ThroughputOptions struct {
	// Corpus is the training text: plain, gzip or zstd; several files as
	// corpus.Expand takes them.
	Corpus string
	// IDs, if set, is passed to wipsvec train as -ids: memory or disk.
	IDs string
	// LimitBytes, if positive, trains on only the first LimitBytes of the
	// decompressed corpus (cut at the end of a token).
	LimitBytes int64

	Models  []skipgram.Kind
	Sizes   []int // -size values K
	Threads []int // thread counts

	Window, Negative, MinCount, Iter int
	Sample, Alpha                    float64

	// Repeat is the number of runs per cell; the median is reported.
	Repeat int

	// Trainer is the command line that runs `wipsvec train`, such as
	// {os.Executable(), "train"}; the training flags are appended. It is an
	// option rather than a guess because only the caller knows which binary
	// it is (under `go test` the executable is the test binary).
	Trainer []string
	// Env, if non-nil, is the trainer's environment (default: the parent's).
	Env []string

	// Separate adds, for every size and thread count T > 1, a control
	// cell "separate": T one-thread trainings of the first model in Models,
	// started at once as separate processes, which share no memory. Their
	// summed speed over one thread's is the scaling this machine allows at
	// that moment for the same arithmetic, so a trainer's speed-up reads
	// against what the cores can do rather than against T. On a shared
	// virtual machine that figure moves from run to run, and it is measured
	// in the same rounds.
	Separate bool

	// Gensim runs gensim beside wipsvec when Python can import it.
	Gensim bool
	// Python is the interpreter for gensim; DefaultPython if empty.
	Python string

	// CeilingTime is how long each of the three timed trials of the
	// ceiling measurement lasts, per size.
	CeilingTime time.Duration

	// TempDir holds the corpus slice and the vectors written by each run;
	// os.TempDir() if empty. Everything written there is removed.
	TempDir string

	// Log, if set, receives one line per run as the benchmark progresses.
	Log io.Writer
}

// DefaultThroughputOptions are the benchmark's defaults: every model at
// K = 100 and 300 on 1 and 2 threads, one epoch, with train's defaults
// otherwise (skipgram.DefaultOptions, vocab.DefaultMinCount).
func DefaultThroughputOptions() ThroughputOptions {
	d := skipgram.DefaultOptions()
	return ThroughputOptions{
		Models:  skipgram.Kinds(),
		Sizes:   []int{100, 300},
		Threads: []int{1, 2},
		Window:  d.Window, Negative: d.Negative, MinCount: vocab.DefaultMinCount, Iter: 1,
		Sample: d.Sample, Alpha: d.Alpha,
		Repeat:      1,
		Separate:    true,
		Gensim:      true,
		CeilingTime: 200 * time.Millisecond,
	}
}

func (o *ThroughputOptions) validate() error {
	switch {
	case o.Corpus == "":
		return errors.New("no corpus given")
	case len(o.Trainer) == 0:
		return errors.New("no trainer command given")
	case len(o.Models) == 0:
		return errors.New("no models given")
	case len(o.Sizes) == 0:
		return errors.New("no sizes given")
	case len(o.Threads) == 0:
		return errors.New("no thread counts given")
	case o.Repeat < 1:
		return fmt.Errorf("repeat must be at least 1, got %d", o.Repeat)
	case o.LimitBytes < 0:
		return fmt.Errorf("limit must not be negative, got %d bytes", o.LimitBytes)
	}
	for _, k := range o.Sizes {
		if k < 2 {
			return fmt.Errorf("size must be at least 2, got %d", k)
		}
	}
	for _, t := range o.Threads {
		if t < 1 {
			return fmt.Errorf("threads must be at least 1, got %d", t)
		}
	}
	// Catch a bad hyperparameter, or a variant a thread count refuses,
	// here rather than in a child minutes in.
	for _, m := range o.Models {
		for _, k := range o.Sizes {
			for _, t := range o.Threads {
				opt := skipgram.DefaultOptions()
				opt.Window, opt.Negative, opt.Sample, opt.Alpha, opt.Iter = o.Window, o.Negative, o.Sample, o.Alpha, o.Iter
				opt.Dim, opt.Threads = k, t
				base, _, err := splitVariant(m, &opt)
				if err != nil {
					return err
				}
				opt.Model = base
				if err := opt.Validate(); err != nil {
					return fmt.Errorf("%s, K=%d, %d threads: %w", m, k, t, err)
				}
			}
		}
	}
	if o.MinCount < 1 {
		return fmt.Errorf("min-count must be at least 1, got %d", o.MinCount)
	}
	return nil
}

// ThroughputReport is what RunThroughput measured. Rates are per second of
// training wall clock, excluding reading the corpus and writing the vectors.
type ThroughputReport struct {
	Corpus     string `json:"corpus"`      // as given
	LimitBytes int64  `json:"limit_bytes"` // 0: the whole corpus
	InputBytes int64  `json:"input_bytes"` // decompressed bytes trained on, when known
	Tokens     int64  `json:"tokens"`      // in-vocabulary tokens of one epoch
	Vocab      int    `json:"vocab"`

	Window   int     `json:"window"`
	Negative int     `json:"negative"`
	Sample   float64 `json:"sample"`
	MinCount int     `json:"min_count"`
	Iter     int     `json:"iter"`
	Alpha    float64 `json:"alpha"`
	Repeat   int     `json:"repeat"`

	CPUs    int    `json:"cpus"`
	GOARCH  string `json:"goarch"`
	Kernels string `json:"kernels"` // kernel.Name(): which inner loops trained

	Ceilings []Ceiling `json:"ceilings"`
	// CoreToCore summarises the core-to-core round trips measured before
	// and after the multi-threaded runs; nil if none was measured.
	CoreToCore *CoreToCoreSummary `json:"core_to_core,omitempty"`
	Rows       []ThroughputRow    `json:"rows"`

	// Incomplete, if set, is why the benchmark ended before its last run:
	// the rows hold the runs made before it.
	Incomplete string `json:"incomplete,omitempty"`

	// GensimNote says why gensim was not run, or which gensim ran.
	GensimNote string `json:"gensim_note,omitempty"`
}

// CoreToCoreSummary is the spread of the core-to-core round trips (see
// CoreToCore) measured before and after the benchmark's multi-threaded
// runs.
type CoreToCoreSummary struct {
	Probes   int     `json:"probes"`
	MedianNs float64 `json:"median_ns"`
	MinNs    float64 `json:"min_ns"`
	MaxNs    float64 `json:"max_ns"`
}

// Ceiling is the speed of the inner loop alone: SG's batch window
// (windowStep, the default kernel) on rows that sit in L1, one thread. No
// training run can do better per thread, since every window of a real run
// does this work and more (cache misses, sampling, the sigmoid table).
// Updates count (context, target) pairs, so that an exact run, which takes
// them one by one, is measured in the same unit.
type Ceiling struct {
	Dim            int     `json:"dim"`
	UpdatesPerSec  float64 `json:"updates_per_sec"`
	UpdatesPerWord float64 `json:"updates_per_word"` // (1+negative) x positive pairs per corpus word
	WordsPerSec    float64 `json:"words_per_sec"`    // UpdatesPerSec / UpdatesPerWord
	// PerWordFrom says where UpdatesPerWord came from: a run's sidecar, or
	// an in-process training on a sample of the corpus.
	PerWordFrom string `json:"updates_per_word_from"`
}

// The trainers of a ThroughputRow.
const (
	trainerWipsvec  = "wipsvec"
	trainerGensim   = "gensim"
	trainerSeparate = "separate" // Options.Separate's control
)

// ThroughputRow is one cell of the benchmark: a trainer, model, size and
// thread count, measured Runs times.
type ThroughputRow struct {
	Trainer string `json:"trainer"` // trainerWipsvec, trainerGensim or trainerSeparate
	Model   string `json:"model"`
	Dim     int    `json:"dim"`
	Threads int    `json:"threads"`
	Runs    int    `json:"runs"`

	WordsPerSec          float64 `json:"words_per_sec"` // median over runs, all threads together
	WordsPerSecPerThread float64 `json:"words_per_sec_per_thread"`
	Seconds              float64 `json:"seconds"`                 // median training time
	SetupSeconds         float64 `json:"setup_seconds,omitempty"` // gensim: building the vocabulary
	PeakRSS              int64   `json:"peak_rss_bytes"`          // largest over runs; 0 if unknown
	// The peak RssAnon and RssFile of /proc/PID/status, sampled while the
	// trainer runs (wipsvec rows, Linux; 0 elsewhere): the matrices and
	// buffers apart from the file-backed pages of a mapped corpus.
	PeakRSSAnon int64 `json:"peak_rss_anon_bytes,omitempty"`
	PeakRSSFile int64 `json:"peak_rss_file_bytes,omitempty"`
	// FloorBytes is the memory the run cannot do without: for wipsvec the
	// encoded corpus (4 bytes per token) and the parameter matrices (one,
	// two for SG, of K rounded up to 16 floats per word); for gensim, which
	// streams the corpus from disk, its two K-float matrices.
	FloorBytes int64 `json:"floor_bytes"`
	// Loss is the median over the runs of a wipsvec row's final training
	// loss (the sidecar's), 0 for the other trainers. A speed is worth the
	// model it trains: a thread count whose workers get in each other's way
	// (replicas that overshoot, a shared parameter seen late) trains faster
	// and worse, and shows it here before any benchmark is scored.
	Loss float64 `json:"final_loss,omitempty"`

	// Derived; 0 when not measured.
	SpeedUp   float64 `json:"speed_up,omitempty"`   // words/sec over the same cell's on 1 thread
	OfCeiling float64 `json:"of_ceiling,omitempty"` // words/sec/thread over the ceiling at Dim
	VsGensim  float64 `json:"vs_gensim,omitempty"`  // words/sec/thread over gensim's SG at Dim, Threads
	// OfSeparate is a multi-threaded wipsvec row's speed-up as a fraction
	// of the separate control's in the same round (the median over the
	// rounds, each round's in RunOfSeparate): 1 is all the scaling the
	// machine gave two independent processes at that moment.
	OfSeparate    float64   `json:"of_separate,omitempty"`
	RunOfSeparate []float64 `json:"run_of_separate,omitempty"`
	// Placement says where the host had put the CPUs during the row's
	// runs, by the core-to-core probes before and after each: "near"
	// (both below NearNs), "far" (both above), "moved" (one of each: the
	// host moved a CPU during the run, or the probe caught it moving), or
	// how many rounds read each ("2 near, 1 moved").
	Placement string `json:"placement,omitempty"`

	// Each run's words/sec/thread, in round order, and for runs on more than
	// one thread the core-to-core round trips measured just before it and
	// just after it (CoreToCore, in ns; 0 where it could not be measured).
	RunWordsPerSecPerThread []float64 `json:"run_words_per_sec_per_thread"`
	RunCoreToCoreNs         []float64 `json:"run_core_to_core_ns,omitempty"`
	RunCoreToCoreAfterNs    []float64 `json:"run_core_to_core_after_ns,omitempty"`
}

// RunThroughput runs the benchmark. Cancelling ctx kills the running child
// and returns ctx's error. A child that fails (a training that diverged,
// gensim missing a module) ends the benchmark too, but the report of what
// was measured before it comes back with the error, its Incomplete saying
// why: hours of rounds are not lost to the last run.
func RunThroughput(ctx context.Context, opt ThroughputOptions) (*ThroughputReport, error) {
	if err := opt.validate(); err != nil {
		return nil, fmt.Errorf("throughput: %w", err)
	}
	if opt.Python == "" {
		opt.Python = DefaultPython
	}
	if opt.CeilingTime <= 0 {
		opt.CeilingTime = DefaultThroughputOptions().CeilingTime
	}
	tmp, err := os.MkdirTemp(opt.TempDir, "wipsvec-bench-")
	if err != nil {
		return nil, fmt.Errorf("throughput: %w", err)
	}
	defer os.RemoveAll(tmp)

	rep := &ThroughputReport{
		Corpus: opt.Corpus, LimitBytes: opt.LimitBytes,
		Window: opt.Window, Negative: opt.Negative, Sample: opt.Sample, MinCount: opt.MinCount,
		Iter: opt.Iter, Alpha: opt.Alpha, Repeat: opt.Repeat,
		CPUs: runtime.NumCPU(), GOARCH: runtime.GOARCH, Kernels: kernel.Name(),
	}

	// The ceiling first, while nothing of ours is running.
	updates := make(map[int]float64)
	for _, k := range opt.Sizes {
		if _, done := updates[k]; !done {
			updates[k] = MeasureWindowUpdates(k, opt.Window, opt.Negative, opt.CeilingTime)
		}
	}

	var pythonErr error
	if opt.Gensim {
		pythonErr = checkGensim(ctx, opt.Python)
	}
	runGensim := opt.Gensim && pythonErr == nil

	// Both trainers must read the same text. gensim cannot read zstd and
	// its corpus_file mode splits the file among workers at line ends, so
	// when gensim runs (or a slice is asked for) the text is written out
	// plain, in lines of at most corpus.MaxSentenceTokens tokens: the
	// sentences wipsvec cuts anyway, so its view of the text is unchanged.
	input := opt.Corpus
	if opt.LimitBytes > 0 || runGensim {
		input = filepath.Join(tmp, "corpus.txt")
		n, err := writePlainCorpus(input, opt.Corpus, opt.LimitBytes)
		if err != nil {
			return nil, fmt.Errorf("throughput: %w", err)
		}
		rep.InputBytes = n
		opt.logf("bench: wrote %s (%.1f MB of text) for both trainers", input, float64(n)/1e6)
	}

	// Every cell (trainer, model, K, threads) runs once per round, and the
	// rounds repeat: a noisy stretch of a shared machine then slows one run
	// of every cell rather than all runs of one, and the medians compare.
	type cell struct {
		row              ThroughputRow
		model            skipgram.Kind
		wps, secs, setup []float64
		losses           []float64 // wipsvec rows
	}
	var cells []*cell
	for _, model := range opt.Models {
		for _, k := range opt.Sizes {
			for _, threads := range opt.Threads {
				cells = append(cells, &cell{model: model,
					row: ThroughputRow{Trainer: trainerWipsvec, Model: string(model), Dim: k, Threads: threads, Runs: opt.Repeat}})
			}
		}
	}
	if opt.Separate {
		for _, k := range opt.Sizes {
			for _, threads := range opt.Threads {
				if threads > 1 {
					cells = append(cells, &cell{model: opt.Models[0],
						row: ThroughputRow{Trainer: trainerSeparate, Model: string(opt.Models[0]), Dim: k, Threads: threads, Runs: opt.Repeat}})
				}
			}
		}
	}
	switch {
	case !opt.Gensim:
	case pythonErr != nil:
		rep.GensimNote = fmt.Sprintf("gensim skipped: %v", pythonErr)
	default:
		var archs []string
		for _, m := range opt.Models {
			if a := gensimArchitecture(m); !slices.Contains(archs, a) {
				archs = append(archs, a)
			}
		}
		for _, a := range archs {
			for _, k := range opt.Sizes {
				for _, threads := range opt.Threads {
					cells = append(cells, &cell{model: skipgram.Kind(a), row: ThroughputRow{Trainer: trainerGensim, Model: a, Dim: k, Threads: threads, Runs: opt.Repeat}})
				}
			}
		}
	}
	var script string
	if runGensim {
		script = filepath.Join(tmp, "gensim_speed.py")
		if err := os.WriteFile(script, gensimSpeedScript, 0o644); err != nil {
			return nil, fmt.Errorf("throughput: %w", err)
		}
	}

	var pairsPerWord float64
	var failed error
rounds:
	for i := range opt.Repeat {
		for _, c := range cells {
			row := &c.row
			k, threads := row.Dim, row.Threads
			var probe string
			if threads > 1 {
				before := probeCoreToCore()
				row.RunCoreToCoreNs = append(row.RunCoreToCoreNs, before)
				probe = fmt.Sprintf(" (core-to-core %s before", nsOrUnknown(before))
			}
			afterRun := func() {
				if threads > 1 {
					after := probeCoreToCore()
					row.RunCoreToCoreAfterNs = append(row.RunCoreToCoreAfterNs, after)
					probe += fmt.Sprintf(", %s after)", nsOrUnknown(after))
				}
			}
			if row.Trainer == trainerGensim {
				r, err := gensimOnce(ctx, &opt, script, input, c.model, k, threads)
				afterRun()
				if err != nil {
					failed = fmt.Errorf("throughput: gensim K=%d threads=%d: %w", k, threads, err)
					break rounds
				}
				opt.logf("bench: gensim %s K=%d threads=%d run %d/%d: %s words/sec/thread in %.2fs (+%.2fs vocabulary), peak RSS %s MB%s",
					r.Version, k, threads, i+1, opt.Repeat, humanCount(r.wordsPerSec()/float64(threads)), r.TrainSeconds, r.VocabSeconds, megabytes(r.rss, "?"), probe)
				c.wps, c.secs, c.setup = append(c.wps, r.wordsPerSec()), append(c.secs, r.TrainSeconds), append(c.setup, r.VocabSeconds)
				row.PeakRSS = max(row.PeakRSS, r.rss)
				row.FloorBytes = 2 * int64(r.Vocab) * int64(k) * 4
				rep.GensimNote = fmt.Sprintf("gensim %s, %s mode", r.Version, r.Mode)
				continue
			}
			if row.Trainer == trainerSeparate {
				r, err := trainSeparate(ctx, &opt, tmp, input, c.model, k, threads)
				afterRun()
				if err != nil {
					failed = fmt.Errorf("throughput: %d separate %s K=%d: %w", threads, c.model, k, err)
					break rounds
				}
				opt.logf("bench: %d separate one-thread %s K=%d at once, run %d/%d: %s words/sec/thread, peak RSS %s MB each%s",
					threads, c.model, k, i+1, opt.Repeat, humanCount(r.wordsPerSec/float64(threads)), megabytes(r.rss, "?"), probe)
				c.wps, c.secs = append(c.wps, r.wordsPerSec), append(c.secs, r.seconds)
				row.PeakRSS = max(row.PeakRSS, r.rss)
				continue
			}
			r, err := trainOnce(ctx, &opt, tmp, "vectors.bin", input, c.model, k, threads)
			afterRun()
			if err != nil {
				failed = fmt.Errorf("throughput: %s K=%d threads=%d: %w", c.model, k, threads, err)
				break rounds
			}
			opt.logf("bench: wipsvec %s K=%d threads=%d run %d/%d: %s words/sec/thread in %.2fs, peak RSS %s MB (%s)%s",
				c.model, k, threads, i+1, opt.Repeat, humanCount(r.wordsPerSec/float64(threads)), r.seconds, megabytes(r.rss, "?"), r.mem, probe)
			c.wps, c.secs = append(c.wps, r.wordsPerSec), append(c.secs, r.seconds)
			c.losses = append(c.losses, r.loss)
			row.PeakRSS = max(row.PeakRSS, r.rss)
			row.PeakRSSAnon, row.PeakRSSFile = max(row.PeakRSSAnon, r.mem.Anon), max(row.PeakRSSFile, r.mem.File)
			rep.Tokens, rep.Vocab = r.tokens, r.vocab
			if r.pairs > 0 && r.words > 0 && pairsPerWord == 0 {
				pairsPerWord = float64(r.pairs) / float64(r.words)
			}
		}
	}
	var probes []float64
	for _, c := range cells {
		for _, ns := range slices.Concat(c.row.RunCoreToCoreNs, c.row.RunCoreToCoreAfterNs) {
			if ns > 0 {
				probes = append(probes, ns)
			}
		}
	}
	if len(probes) > 0 {
		rep.CoreToCore = &CoreToCoreSummary{Probes: len(probes), MedianNs: median(probes),
			MinNs: slices.Min(probes), MaxNs: slices.Max(probes)}
	}
	if failed != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if failed != nil && !slices.ContainsFunc(cells, func(c *cell) bool { return len(c.wps) > 0 }) {
		return nil, failed // the first run failed: nothing to report
	}
	for _, c := range cells {
		if len(c.wps) == 0 {
			continue // not reached before a child failed
		}
		row := c.row
		row.Runs = len(c.wps)
		row.WordsPerSec, row.Seconds = median(c.wps), median(c.secs)
		for _, x := range c.wps {
			row.RunWordsPerSecPerThread = append(row.RunWordsPerSecPerThread, x/float64(row.Threads))
		}
		if len(c.setup) > 0 {
			row.SetupSeconds = median(c.setup)
		}
		if len(c.losses) > 0 {
			row.Loss = median(c.losses)
		}
		row.WordsPerSecPerThread = row.WordsPerSec / float64(row.Threads)
		if row.Trainer != trainerGensim {
			row.FloorBytes = wipsvecFloor(c.model, row.Dim, rep.Tokens, rep.Vocab)
		}
		rep.Rows = append(rep.Rows, row)
	}

	perWordFrom := "sidecar"
	if pairsPerWord == 0 && failed == nil {
		var n int64
		var err error
		pairsPerWord, n, err = samplePairsPerWord(ctx, input, &opt)
		if err != nil {
			return nil, fmt.Errorf("throughput: counting pairs per word: %w", err)
		}
		perWordFrom = fmt.Sprintf("in-process run on %d tokens", n)
	}
	// A report cut short before any wipsvec run has no ceiling in words.
	for _, k := range opt.Sizes {
		if slices.ContainsFunc(rep.Ceilings, func(c Ceiling) bool { return c.Dim == k }) || pairsPerWord == 0 && failed != nil {
			continue
		}
		c := Ceiling{Dim: k, UpdatesPerSec: updates[k], UpdatesPerWord: pairsPerWord * float64(1+opt.Negative), PerWordFrom: perWordFrom}
		if c.UpdatesPerWord > 0 {
			c.WordsPerSec = c.UpdatesPerSec / c.UpdatesPerWord
		}
		rep.Ceilings = append(rep.Ceilings, c)
	}
	rep.derive()
	if failed != nil {
		rep.Incomplete = failed.Error()
	}
	return rep, failed
}

func (o *ThroughputOptions) logf(format string, args ...any) {
	if o.Log != nil {
		fmt.Fprintf(o.Log, format+"\n", args...)
	}
}

// derive fills in the rows' ratios from the measurements: speed-up over the
// same trainer, model and size on one thread, the fraction of the ceiling
// at the row's size, and the ratio to gensim at the same size and threads.
func (r *ThroughputReport) derive() {
	type cell struct {
		trainer, model string
		dim, threads   int
	}
	byCell := make(map[cell]ThroughputRow, len(r.Rows))
	for _, row := range r.Rows {
		byCell[cell{row.Trainer, row.Model, row.Dim, row.Threads}] = row
		if row.Trainer == trainerSeparate {
			byCell[cell{row.Trainer, "", row.Dim, row.Threads}] = row // the control of every model
		}
	}
	for i := range r.Rows {
		row := &r.Rows[i]
		row.SpeedUp, row.OfCeiling, row.VsGensim = 0, 0, 0
		oneTrainer := row.Trainer
		if oneTrainer == trainerSeparate {
			oneTrainer = trainerWipsvec // T copies of the one-thread run
		}
		if one, ok := byCell[cell{oneTrainer, row.Model, row.Dim, 1}]; ok && row.Threads != 1 && one.WordsPerSec > 0 {
			row.SpeedUp = row.WordsPerSec / one.WordsPerSec
		}
		for _, c := range r.Ceilings {
			if c.Dim == row.Dim && c.WordsPerSec > 0 {
				row.OfCeiling = row.WordsPerSecPerThread / c.WordsPerSec
			}
		}
		if row.Trainer == trainerWipsvec {
			if g, ok := byCell[cell{trainerGensim, gensimArchitecture(skipgram.Kind(row.Model)), row.Dim, row.Threads}]; ok && g.WordsPerSecPerThread > 0 {
				row.VsGensim = row.WordsPerSecPerThread / g.WordsPerSecPerThread
			}
		}
		row.Placement = placement(row.RunCoreToCoreNs, row.RunCoreToCoreAfterNs)
		if row.Threads < 2 || row.Trainer == trainerGensim {
			continue
		}
		// The same round's one-thread run of the row's model, the separate
		// control and the one-thread run it copies.
		one, ok1 := byCell[cell{trainerWipsvec, row.Model, row.Dim, 1}]
		sep, ok2 := byCell[cell{trainerSeparate, "", row.Dim, row.Threads}]
		if !ok1 || !ok2 {
			continue
		}
		sepOne, ok3 := byCell[cell{trainerWipsvec, sep.Model, row.Dim, 1}]
		n := min(len(row.RunWordsPerSecPerThread), len(one.RunWordsPerSecPerThread), len(sep.RunWordsPerSecPerThread), len(sepOne.RunWordsPerSecPerThread))
		if !ok3 || n == 0 {
			continue
		}
		row.RunOfSeparate = nil
		for k := range n {
			su := row.RunWordsPerSecPerThread[k] / one.RunWordsPerSecPerThread[k]
			sepSU := sep.RunWordsPerSecPerThread[k] / sepOne.RunWordsPerSecPerThread[k]
			if su > 0 && sepSU > 0 {
				row.RunOfSeparate = append(row.RunOfSeparate, su/sepSU)
			}
		}
		if len(row.RunOfSeparate) > 0 {
			row.OfSeparate = median(row.RunOfSeparate)
		}
	}
}

// NearNs is where the core-to-core probe tells the two placements apart:
// about 60 ns when the host puts the CPUs close (one core complex), 350 to
// 650 ns when it puts them far apart.
const NearNs = 150

// placement names where the probes before and after a row's runs found
// the CPUs (see ThroughputRow.Placement). A run with one probe missing is
// read from the other; one with neither is left out.
func placement(before, after []float64) string {
	var counts [3]int // near, far, moved
	for i := range max(len(before), len(after)) {
		b, a := at(before, i), at(after, i)
		switch {
		case b <= 0 && a <= 0:
			continue
		case b <= 0:
			b = a
		case a <= 0:
			a = b
		}
		switch {
		case b < NearNs && a < NearNs:
			counts[0]++
		case b >= NearNs && a >= NearNs:
			counts[1]++
		default:
			counts[2]++
		}
	}
	total := counts[0] + counts[1] + counts[2]
	if total == 0 {
		return ""
	}
	names := [3]string{"near", "far", "moved"}
	var parts []string
	for i, n := range counts {
		if n == total {
			return names[i]
		}
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, names[i]))
		}
	}
	return strings.Join(parts, ", ")
}

// at is xs[i], or 0 past its end.
func at(xs []float64, i int) float64 {
	if i < len(xs) {
		return xs[i]
	}
	return 0
}

// probeCoreToCore is one probe (CoreToCore) in ns, 0 where it could not be
// measured.
func probeCoreToCore() float64 {
	d, err := CoreToCore(coreToCoreRounds)
	if err != nil {
		return 0
	}
	return float64(d.Nanoseconds())
}

// nsOrUnknown formats a probe for the log.
func nsOrUnknown(ns float64) string {
	if ns <= 0 {
		return "unknown"
	}
	return fmt.Sprintf("%.0f ns", ns)
}

// WriteTable prints the report as an aligned text table: a header naming
// the corpus and hyperparameters, the ceiling per size, then one row per
// cell. Ratios that were not measured are shown as "-".
func (r *ThroughputReport) WriteTable(w io.Writer) error {
	var b bytes.Buffer
	what := r.Corpus
	if r.LimitBytes > 0 {
		what = fmt.Sprintf("first %s of %s", humanBytes(r.LimitBytes), r.Corpus)
	}
	fmt.Fprintf(&b, "corpus: %s: %s in-vocabulary words, vocabulary %d\n", what, humanCount(float64(r.Tokens)), r.Vocab)
	fmt.Fprintf(&b, "training: -window %d -negative %d -sample %g -min-count %d -alpha %g -iter %d; median of %d run(s); %d CPUs, %s, kernels: %s\n",
		r.Window, r.Negative, r.Sample, r.MinCount, r.Alpha, r.Iter, r.Repeat, r.CPUs, r.GOARCH, r.Kernels)
	for _, c := range r.Ceilings {
		fmt.Fprintf(&b, "ceiling: %s pair updates/s in batch windows at K=%d in L1 = %s words/sec/thread (%.1f updates per word, from %s)\n",
			humanCount(c.UpdatesPerSec), c.Dim, humanCount(c.WordsPerSec), c.UpdatesPerWord, c.PerWordFrom)
	}
	if c := r.CoreToCore; c != nil {
		fmt.Fprintf(&b, "core-to-core round trip before and after the multi-threaded runs (%d probes): median %.0f ns, %.0f to %.0f ns\n",
			c.Probes, c.MedianNs, c.MinNs, c.MaxNs)
	}
	if r.GensimNote != "" {
		fmt.Fprintln(&b, r.GensimNote)
	}
	if r.Incomplete != "" {
		fmt.Fprintf(&b, "incomplete: the rows hold the runs made before %s\n", r.Incomplete)
	}
	fmt.Fprintln(&b)

	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "trainer\tmodel\tK\tthreads\twords/s/thread\tloss\tspeed-up\tof separate\tplacement\tof ceiling\tpeak RSS MB\tanon MB\tfile MB\tfloor MB\tvs gensim\t")
	for _, row := range r.Rows {
		place := row.Placement
		if place == "" {
			place = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n",
			row.Trainer, row.Model, row.Dim, row.Threads,
			humanCount(row.WordsPerSecPerThread),
			orDash(row.Loss, "%.4f"),
			orDash(row.SpeedUp, "%.2fx"),
			orDash(row.OfSeparate, "%.2f"),
			place,
			orDash(100*row.OfCeiling, "%.0f%%"),
			megabytes(row.PeakRSS, "-"),
			megabytes(row.PeakRSSAnon, "n/a"),
			megabytes(row.PeakRSSFile, "n/a"),
			megabytes(row.FloorBytes, "0"),
			orDash(row.VsGensim, "%.2fx"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// WriteJSON writes the report as indented JSON.
func (r *ThroughputReport) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// megabytes prints n bytes in MB, with a decimal below 10 MB so that small
// runs do not all read 0; zero prints as zero.
func megabytes(n int64, zero string) string {
	switch mb := float64(n) / 1e6; {
	case n == 0:
		return zero
	case mb < 10:
		return strconv.FormatFloat(mb, 'f', 1, 64)
	default:
		return strconv.FormatFloat(mb, 'f', 0, 64)
	}
}

func orDash(x float64, format string) string {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return "-"
	}
	return fmt.Sprintf(format, x)
}

// humanCount prints a rate or count with three significant figures and a
// k/M/G suffix: rates differ across machines by far more than 0.5%.
func humanCount(x float64) string {
	switch ax := math.Abs(x); {
	case ax >= 1e9:
		return strconv.FormatFloat(x/1e9, 'f', sigDecimals(x/1e9), 64) + "G"
	case ax >= 1e6:
		return strconv.FormatFloat(x/1e6, 'f', sigDecimals(x/1e6), 64) + "M"
	case ax >= 1e3:
		return strconv.FormatFloat(x/1e3, 'f', sigDecimals(x/1e3), 64) + "k"
	}
	return strconv.FormatFloat(x, 'f', sigDecimals(x), 64)
}

func sigDecimals(x float64) int {
	switch ax := math.Abs(x); {
	case ax >= 100:
		return 0
	case ax >= 10:
		return 1
	}
	return 2
}

func humanBytes(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// median returns the median of xs (the mean of the middle two for an even
// count), or 0 for none; xs is left as it is.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	xs = slices.Sorted(slices.Values(xs)) // a copy: the runs stay in round order
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// wipsvecFloor is the memory a wipsvec run cannot do without: the corpus as
// 4-byte word ids and the parameter matrices, whose rows are padded to a
// 64-byte cache line (see skipgram.Model.Stride).
func wipsvecFloor(model skipgram.Kind, dim int, tokens int64, words int) int64 {
	stride := int64(dim+15) / 16 * 16
	base, _, _ := splitVariant(model, nil)
	matrices := int64(base.Views())
	return 4*tokens + matrices*int64(words)*stride*4
}

// windowScratch is windowStep's scratch, sized for one window.
type windowScratch struct {
	scores, grads, gradsT, accs []float32
}

// windowStep is one batch window of SG exactly as training takes it: every
// context row scored against every target row with DotMany, the gradients
// g = -sigma(s)*alpha from the trainer's sigmoid table (the first target
// positive), each context's gradient summed with AxpyMany, each target
// moved by AxpyMany of the contexts, each context by its gradient. It
// returns the last score.
func windowStep(sig *kernel.SigmoidTable, k *windowScratch, ins, outs [][]float32, alpha float32) float32 {
	m, nt, dim := len(ins), len(outs), len(ins[0])
	var s float32
	clear(k.accs)
	for i, in := range ins {
		kernel.DotMany(k.scores, in, outs)
		g := k.grads[i*nt:][:nt]
		for j, sc := range k.scores[:nt] {
			g[j], _ = sig.Gradient(sc, j == 0, alpha)
			k.gradsT[j*m+i] = g[j]
			s = sc
		}
		kernel.AxpyMany(k.accs[i*dim:][:dim], outs, g)
	}
	for j, out := range outs {
		kernel.AxpyMany(out, ins, k.gradsT[j*m:][:m])
	}
	for i, in := range ins {
		kernel.Axpy(in, k.accs[i*dim:][:dim], 1)
	}
	return s
}

// MeasureWindowUpdates returns how many (context, target) updates of SG's
// batch window (windowStep) one thread does per second on K-float rows
// that stay in L1: window+1 contexts, the mean of word2vec's shrunk
// windows, against 1+negative targets. It takes the best of three trials
// of about d each, so that a busy machine lowers the figure as little as
// possible.
func MeasureWindowUpdates(dim, window, negative int, d time.Duration) float64 {
	r := rand.New(rand.NewPCG(1, uint64(dim)))
	row := func() []float32 {
		v := make([]float32, dim)
		for i := range v {
			v[i] = (r.Float32() - 0.5) / float32(dim)
		}
		return v
	}
	m, nt := window+1, 1+negative
	ins, outs := make([][]float32, m), make([][]float32, nt)
	for i := range ins {
		ins[i] = row()
	}
	for j := range outs {
		outs[j] = row()
	}
	k := &windowScratch{
		scores: make([]float32, nt), grads: make([]float32, m*nt),
		gradsT: make([]float32, m*nt), accs: make([]float32, m*dim),
	}
	sig := kernel.NewSigmoidTable()
	var sink float32
	batch := func() int {
		for range 256 {
			sink += windowStep(sig, k, ins, outs, 0.025)
		}
		return 256 * m * nt
	}
	batch() // warm up
	var best float64
	for range 3 {
		start := time.Now()
		n := 0
		for time.Since(start) < d {
			n += batch()
		}
		best = max(best, float64(n)/time.Since(start).Seconds())
	}
	if math.IsNaN(float64(sink)) {
		// Unreachable in practice; it keeps the loop's results live.
		return 0
	}
	return best
}

// samplePairsPerWord trains SG in process on up to pairSampleTokens of the
// corpus at a small size and returns the positive pairs per corpus word and
// the tokens it trained on. Pairs per word depend on the corpus, -window and
// -sample but not on the model or size, and a prefix of the corpus is a fair
// sample of a per-word average. It stands in for a "pairs" field in the
// sidecar, which the trainer does not write.
func samplePairsPerWord(ctx context.Context, path string, o *ThroughputOptions) (float64, int64, error) {
	rc, err := corpus.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer rc.Close()
	v, stream, err := vocab.Learn(corpus.NewScanner(rc), vocab.LearnOptions{MinCount: int64(o.MinCount)})
	if err != nil {
		return 0, 0, fmt.Errorf("corpus %s: %w", path, err)
	}
	if v.Len() == 0 {
		return 0, 0, fmt.Errorf("corpus %s has no word with -min-count %d", path, o.MinCount)
	}
	stream = sentencePrefix(stream, pairSampleTokens)
	opt := skipgram.DefaultOptions()
	opt.Dim, opt.Window, opt.Negative, opt.Sample, opt.Alpha, opt.Iter, opt.Threads =
		16, o.Window, o.Negative, o.Sample, o.Alpha, 1, 1
	_, st, err := skipgram.Train(ctx, v, stream, opt)
	if err != nil {
		return 0, 0, err
	}
	if st.Words == 0 {
		return 0, 0, errors.New("no words trained")
	}
	return float64(st.Pairs) / float64(st.Words), st.Words, nil
}

// pairSampleTokens bounds the in-process run of samplePairsPerWord: enough
// for three significant figures, a few seconds at size 16.
const pairSampleTokens = 2_000_000

// sentencePrefix returns the stream up to the first sentence end after n
// tokens.
func sentencePrefix(stream []int32, n int) []int32 {
	if len(stream) <= n {
		return stream
	}
	for i := n; i < len(stream); i++ {
		if stream[i] == vocab.SentenceEnd {
			return stream[:i+1]
		}
	}
	return stream
}

// writePlainCorpus decompresses src into the file dst, keeping at most limit
// bytes (0: all) and cutting long lines into sentences; see plainCorpus.
// It returns the bytes written.
func writePlainCorpus(dst, src string, limit int64) (int64, error) {
	in, err := corpus.OpenArg(src)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return 0, err
	}
	n, err := plainCorpus(out, in, limit)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return n, fmt.Errorf("write corpus slice %s: %w", dst, err)
	}
	if n == 0 {
		return 0, fmt.Errorf("corpus %s: no text", src)
	}
	return n, nil
}

// plainCorpus copies text from src to dst. It stops at the first whitespace
// at or after limit bytes (limit <= 0: at the end), so no word is cut, and
// it ends a line after every corpus.MaxSentenceTokens-th token of a line by
// turning the whitespace after it into '\n'. That cut is where wipsvec's
// scanner ends a sentence anyway; writing it out lets gensim (whose
// corpus_file mode hands each worker whole lines) see the same sentences.
// It returns the bytes written.
func plainCorpus(dst io.Writer, src io.Reader, limit int64) (int64, error) {
	buf := make([]byte, 256<<10)
	var written int64
	inToken := false
	tokens := 0
	for {
		n, rerr := src.Read(buf)
		chunk := buf[:n]
		stop := false
		for i, c := range chunk {
			if !isSpaceByte(c) {
				inToken = true
				continue
			}
			if limit > 0 && written+int64(i) >= limit {
				chunk, stop = chunk[:i], true
				break
			}
			if inToken {
				inToken = false
				tokens++
				if tokens == corpus.MaxSentenceTokens && c != '\n' {
					chunk[i], c = '\n', '\n'
				}
			}
			if c == '\n' {
				tokens = 0
			}
		}
		if _, err := dst.Write(chunk); err != nil {
			return written, err
		}
		written += int64(len(chunk))
		if stop || rerr == io.EOF {
			return written, nil
		}
		if rerr != nil {
			return written, rerr
		}
	}
}

// isSpaceByte reports whether c separates tokens, as in corpus.Scanner.
func isSpaceByte(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	}
	return false
}

// trainResult is what one `wipsvec train` run reported.
type trainResult struct {
	wordsPerSec, seconds float64
	loss                 float64 // the final training loss
	words, pairs         int64   // processed over all epochs; pairs 0 if the sidecar lacks it
	tokens               int64   // in-vocabulary tokens of one epoch
	vocab                int
	rss                  int64 // peak resident set, bytes
	mem                  childMemory
}

// sidecarStats is the part of the trainer's JSON sidecar (embedding.Meta)
// the benchmark reads. It is its own type so that a "pairs" count, which the
// sidecar does not have yet, is used as soon as the trainer writes one.
type sidecarStats struct {
	Corpus struct {
		Tokens int64 `json:"tokens"`
		Vocab  int   `json:"vocab"`
	} `json:"corpus"`
	Stats struct {
		WordsProcessed int64   `json:"words_processed"`
		Pairs          int64   `json:"pairs"`
		Seconds        float64 `json:"seconds"`
		WordsPerSec    float64 `json:"words_per_sec"`
		FinalLoss      float64 `json:"final_loss"`
	} `json:"stats"`
}

// trainOnce runs `wipsvec train` once, writing the vectors to tmp/name.
func trainOnce(ctx context.Context, o *ThroughputOptions, tmp, name, input string, model skipgram.Kind, dim, threads int) (trainResult, error) {
	base, variant, err := splitVariant(model, nil)
	if err != nil {
		return trainResult{}, err
	}
	output := filepath.Join(tmp, name)
	defer os.Remove(output)
	defer os.Remove(embedding.SidecarPath(output))
	args := append(slices.Clone(o.Trainer[1:]),
		"-train", input, "-output", output, "-binary", "1",
		"-model", string(base), "-size", strconv.Itoa(dim), "-threads", strconv.Itoa(threads),
		"-window", strconv.Itoa(o.Window), "-negative", strconv.Itoa(o.Negative),
		"-sample", strconv.FormatFloat(o.Sample, 'g', -1, 64), "-min-count", strconv.Itoa(o.MinCount),
		"-alpha", strconv.FormatFloat(o.Alpha, 'g', -1, 64), "-iter", strconv.Itoa(o.Iter),
		"-quiet")
	args = append(args, variant...)
	if o.IDs != "" {
		args = append(args, "-ids", o.IDs)
	}
	cmd := exec.CommandContext(ctx, o.Trainer[0], args...)
	cmd.Env = o.Env
	var stderr tailBuffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	mem, err := runSampled(cmd)
	if err != nil {
		if ctx.Err() != nil {
			return trainResult{}, ctx.Err()
		}
		return trainResult{}, childError("train", err, stderr.String())
	}
	data, err := os.ReadFile(embedding.SidecarPath(output))
	if err != nil {
		return trainResult{}, fmt.Errorf("trainer wrote no sidecar: %w", err)
	}
	var sc sidecarStats
	if err := json.Unmarshal(data, &sc); err != nil {
		return trainResult{}, fmt.Errorf("sidecar %s: %w", embedding.SidecarPath(output), err)
	}
	if !(sc.Stats.WordsPerSec > 0) || !(sc.Stats.Seconds > 0) {
		return trainResult{}, fmt.Errorf("sidecar reports no training speed (words/sec %g in %gs)",
			sc.Stats.WordsPerSec, sc.Stats.Seconds)
	}
	return trainResult{
		wordsPerSec: sc.Stats.WordsPerSec, seconds: sc.Stats.Seconds, loss: sc.Stats.FinalLoss,
		words: sc.Stats.WordsProcessed, pairs: sc.Stats.Pairs,
		tokens: sc.Corpus.Tokens, vocab: sc.Corpus.Vocab,
		rss: peakRSS(cmd.ProcessState), mem: mem,
	}, nil
}

// trainSeparate starts n one-thread trainings at once and returns their
// summed words/sec, the longest training time, and the largest peak RSS of
// one of them (each process holds its own corpus and vectors).
func trainSeparate(ctx context.Context, o *ThroughputOptions, tmp, input string, model skipgram.Kind, dim, n int) (trainResult, error) {
	results := make([]trainResult, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			results[i], errs[i] = trainOnce(ctx, o, tmp, fmt.Sprintf("separate%d.bin", i), input, model, dim, 1)
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return trainResult{}, err
	}
	sum := results[0]
	for _, r := range results[1:] {
		sum.wordsPerSec += r.wordsPerSec
		sum.seconds = max(sum.seconds, r.seconds)
		sum.rss = max(sum.rss, r.rss)
	}
	return sum, nil
}

// coreToCoreRounds is the length of the probe before each multi-threaded
// run: 20,000 round trips, 1 to 10 ms.
const coreToCoreRounds = 20_000

// gensimResult is gensim_speed.py's output, plus the child's peak RSS.
type gensimResult struct {
	Version      string  `json:"gensim"`
	Mode         string  `json:"mode"`
	VocabSeconds float64 `json:"vocab_seconds"`
	TrainSeconds float64 `json:"train_seconds"`
	Words        int64   `json:"words"` // in-vocabulary words of one epoch
	Vocab        int     `json:"vocab"`
	Epochs       int     `json:"-"`
	rss          int64
}

// wordsPerSec counts words as wipsvec does: in-vocabulary corpus words
// (before subsampling) times epochs, over the training wall clock.
func (r gensimResult) wordsPerSec() float64 {
	if r.TrainSeconds <= 0 {
		return 0
	}
	return float64(r.Words) * float64(r.Epochs) / r.TrainSeconds
}

// gensimOnce times gensim's run of the architecture arch
// (gensimArchitecture): with the model's variants' -cbow, -hs and
// -negative.
func gensimOnce(ctx context.Context, o *ThroughputOptions, script, input string, arch skipgram.Kind, dim, threads int) (gensimResult, error) {
	opt := skipgram.Options{Settings: skipgram.Settings{Negative: o.Negative}}
	splitVariant(arch, &opt)
	sg, hs := 1, 0
	if opt.CBOW {
		sg = 0
	}
	if opt.HS {
		hs = 1
	}
	cmd := exec.CommandContext(ctx, o.Python, script, input,
		strconv.Itoa(dim), strconv.Itoa(threads), strconv.Itoa(o.Window), strconv.Itoa(opt.Negative),
		strconv.FormatFloat(o.Sample, 'g', -1, 64), strconv.Itoa(o.MinCount),
		strconv.FormatFloat(o.Alpha, 'g', -1, 64), strconv.Itoa(o.Iter), "1", strconv.Itoa(sg), strconv.Itoa(hs))
	var stdout bytes.Buffer
	var stderr tailBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return gensimResult{}, ctx.Err()
		}
		return gensimResult{}, childError("gensim", err, stderr.String())
	}
	var r gensimResult
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		return gensimResult{}, fmt.Errorf("gensim_speed.py: bad output %q: %w", stdout.String(), err)
	}
	if r.Words <= 0 || r.TrainSeconds <= 0 {
		return gensimResult{}, fmt.Errorf("gensim_speed.py: no words trained (%d words in %gs)", r.Words, r.TrainSeconds)
	}
	r.Epochs = o.Iter
	r.rss = peakRSS(cmd.ProcessState)
	return r, nil
}

// checkGensim reports why gensim cannot be imported by python, or nil.
func checkGensim(ctx context.Context, python string) error {
	out, err := exec.CommandContext(ctx, python, "-c", "import gensim").CombinedOutput()
	if err != nil {
		msg := strings.TrimSpace(string(out))
		if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
			msg = msg[i+1:]
		}
		if msg != "" {
			return fmt.Errorf("%s cannot import gensim: %s", python, msg)
		}
		return fmt.Errorf("%s cannot import gensim: %w", python, err)
	}
	return nil
}

// tailBuffer keeps the last 8 KiB written to it: enough of a failing
// child's output to say why, however much it printed.
type tailBuffer struct{ b []byte }

const tailBytes = 8 << 10

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > 2*tailBytes {
		t.b = append(t.b[:0], t.b[len(t.b)-tailBytes:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	if len(t.b) > tailBytes {
		return "..." + string(t.b[len(t.b)-tailBytes:])
	}
	return string(t.b)
}

// A model to time may carry variants after slashes, each a train flag:
// "wips/exact" is WIPS with -batch=false -hot-rows 0 (word2vec.c's
// per-pair Hogwild), "sg/batch" with -batch, "sg/hot1024" with -hot-rows
// 1024, "sg/sync50000" with -hot-sync 50000, "sg/share1" with -share-noise
// 1, "sg/cbow" with -cbow 1 (CBOW), "sg/hs" with -hs 1 -negative 0
// (hierarchical softmax alone), and they combine: "sg/hot256/sync50000",
// "sg/cbow/hs".

// splitVariant separates a model name from its variants' train flags, and
// sets them in opt too unless it is nil.
func splitVariant(m skipgram.Kind, opt *skipgram.Options) (skipgram.Kind, []string, error) {
	if opt == nil {
		opt = new(skipgram.Options)
	}
	parts := strings.Split(string(m), "/")
	var args []string
	for _, v := range parts[1:] {
		switch {
		case v == "batch":
			args = append(args, "-batch")
			opt.Batch = true
		case v == "cbow":
			args = append(args, "-cbow", "1")
			opt.CBOW = true
		case v == "hs":
			args = append(args, "-hs", "1", "-negative", "0")
			opt.HS, opt.Negative = true, 0
		case v == "exact":
			args = append(args, "-batch=false", "-hot-rows", "0")
			opt.Batch, opt.HotRows = false, 0
		case strings.HasPrefix(v, "sync"):
			n, err := strconv.Atoi(v[4:])
			if err != nil || n < 1 {
				return "", nil, fmt.Errorf("model variant %q: want syncN with N tokens", v)
			}
			args = append(args, "-hot-sync", strconv.Itoa(n))
			opt.HotSync = n
		case strings.HasPrefix(v, "share"):
			n, err := strconv.Atoi(v[5:])
			if err != nil || n < 1 {
				return "", nil, fmt.Errorf("model variant %q: want shareN with N windows", v)
			}
			args = append(args, "-share-noise", strconv.Itoa(n))
			opt.ShareNoise = n
		case strings.HasPrefix(v, "hot"):
			n, err := strconv.Atoi(v[3:])
			if err != nil || n < 0 {
				return "", nil, fmt.Errorf("model variant %q: want hotN with N rows", v)
			}
			args = append(args, "-hot-rows", strconv.Itoa(n))
			opt.HotRows = n
		default:
			return "", nil, fmt.Errorf("model variant %q: want batch, exact, cbow, hs, hotN, syncN or shareN", v)
		}
	}
	return skipgram.Kind(parts[0]), args, nil
}

// gensimArchitecture is the gensim run a model is compared with: gensim's
// skip-gram ("sg"), or the same architecture as the model's variants ask
// for ("sg/cbow", "sg/hs", "sg/cbow/hs"), whatever the similarity model.
func gensimArchitecture(m skipgram.Kind) string {
	var opt skipgram.Options
	splitVariant(m, &opt)
	a := "sg"
	if opt.CBOW {
		a += "/cbow"
	}
	if opt.HS {
		a += "/hs"
	}
	return a
}

// ParseKinds parses a comma-separated list of model names, each with its
// variants (splitVariant).
func ParseKinds(s string) ([]skipgram.Kind, error) {
	var kinds []skipgram.Kind
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		name, rest, _ := strings.Cut(f, "/")
		k, err := skipgram.ParseKind(name)
		if err != nil {
			return nil, err
		}
		if rest != "" {
			k += skipgram.Kind("/" + rest)
		}
		if _, _, err := splitVariant(k, nil); err != nil {
			return nil, err
		}
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) == 0 {
		return nil, fmt.Errorf("no model in %q", s)
	}
	return kinds, nil
}

// ParseInts parses a comma-separated list of positive integers, such as
// "100,300", keeping their order and dropping repeats.
func ParseInts(s string) ([]int, error) {
	var xs []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		x, err := strconv.Atoi(f)
		if err != nil || x < 1 {
			return nil, fmt.Errorf("%q is not a positive integer", f)
		}
		if !slices.Contains(xs, x) {
			xs = append(xs, x)
		}
	}
	if len(xs) == 0 {
		return nil, fmt.Errorf("no number in %q", s)
	}
	return xs, nil
}

// childError is one line for a child process that failed: its last line of
// output, which says why, or how it ended.
func childError(what string, err error, output string) error {
	lines := strings.Split(strings.TrimSpace(output), "\n")
	if last := strings.TrimSpace(lines[len(lines)-1]); last != "" {
		return fmt.Errorf("%s failed: %s", what, strings.TrimPrefix(last, "wipsvec: "))
	}
	return fmt.Errorf("%s failed: %w", what, err)
}
