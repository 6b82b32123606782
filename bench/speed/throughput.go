package speed

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/skipgram/start"
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

	Models  []Model // ParseModel each
	Sizes   []int   // -size values K
	Threads []int   // thread counts

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
		Models:  PlainModels(skipgram.Kinds()...),
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
	// here rather than in a child minutes in: each run's command line as
	// train will resolve it.
	for _, m := range o.Models {
		for _, k := range o.Sizes {
			for _, t := range o.Threads {
				if _, err := start.ParseArgs(o.trainArgs(o.Corpus, "vectors.bin", m, k, t)); err != nil {
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
	b := &bench{opt: &opt, tmp: tmp, rep: &ThroughputReport{
		Corpus: opt.Corpus, LimitBytes: opt.LimitBytes,
		Window: opt.Window, Negative: opt.Negative, Sample: opt.Sample, MinCount: opt.MinCount,
		Iter: opt.Iter, Alpha: opt.Alpha, Repeat: opt.Repeat,
		CPUs: runtime.NumCPU(), GOARCH: runtime.GOARCH, Kernels: kernel.Name(),
	}}

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
	if err := b.prepare(pythonErr); err != nil {
		return nil, fmt.Errorf("throughput: %w", err)
	}
	cells := b.plan(pythonErr)
	failed := b.rounds(ctx, cells)
	if failed != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if failed != nil && !slices.ContainsFunc(cells, func(c *cell) bool { return len(c.wps) > 0 }) {
		return nil, failed // the first run failed: nothing to report
	}
	rep := b.rep
	rep.CoreToCore = probeSummary(cells)
	for _, c := range cells {
		if row, ok := c.result(rep.Tokens, rep.Vocab); ok {
			rep.Rows = append(rep.Rows, row)
		}
	}
	if err := b.ceilings(ctx, updates, failed != nil); err != nil {
		return nil, fmt.Errorf("throughput: %w", err)
	}
	rep.derive()
	if failed != nil {
		rep.Incomplete = failed.Error()
	}
	return rep, failed
}

// prepare writes what both trainers read. gensim cannot read zstd and its
// corpus_file mode splits the file among workers at line ends, so when
// gensim runs (or a slice is asked for) the text is written out plain, in
// lines of at most corpus.MaxSentenceTokens tokens: the sentences wipsvec
// cuts anyway, so its view of the text is unchanged. gensim's script is
// written beside it.
func (b *bench) prepare(pythonErr error) error {
	opt := b.opt
	runGensim := opt.Gensim && pythonErr == nil
	b.input = opt.Corpus
	if opt.LimitBytes > 0 || runGensim {
		b.input = filepath.Join(b.tmp, "corpus.txt")
		n, err := writePlainCorpus(b.input, opt.Corpus, opt.LimitBytes)
		if err != nil {
			return err
		}
		b.rep.InputBytes = n
		opt.logf("bench: wrote %s (%.1f MB of text) for both trainers", b.input, float64(n)/1e6)
	}
	if runGensim {
		b.script = filepath.Join(b.tmp, "gensim_speed.py")
		if err := os.WriteFile(b.script, gensimSpeedScript, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func (o *ThroughputOptions) logf(format string, args ...any) {
	if o.Log != nil {
		fmt.Fprintf(o.Log, format+"\n", args...)
	}
}
