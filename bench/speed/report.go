package speed

import "slices"

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

// Ceiling is the speed of the inner loop alone: SG's batch window (the
// default kernel, skipgram.WindowBench) on rows that sit in L1, one thread. No
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

// derive fills in the rows' ratios from the measurements: speed-up over the
// same trainer, model and size on one thread, the fraction of the ceiling
// at the row's size, and the ratio to gensim at the same size and threads.
func (r *ThroughputReport) derive() {
	type key struct {
		trainer, model string
		dim, threads   int
	}
	byCell := make(map[key]ThroughputRow, len(r.Rows))
	for _, row := range r.Rows {
		byCell[key{row.Trainer, row.Model, row.Dim, row.Threads}] = row
		if row.Trainer == trainerSeparate {
			byCell[key{row.Trainer, "", row.Dim, row.Threads}] = row // the control of every model
		}
	}
	for i := range r.Rows {
		row := &r.Rows[i]
		row.SpeedUp, row.OfCeiling, row.VsGensim = 0, 0, 0
		oneTrainer := row.Trainer
		if oneTrainer == trainerSeparate {
			oneTrainer = trainerWipsvec // T copies of the one-thread run
		}
		if one, ok := byCell[key{oneTrainer, row.Model, row.Dim, 1}]; ok && row.Threads != 1 && one.WordsPerSec > 0 {
			row.SpeedUp = row.WordsPerSec / one.WordsPerSec
		}
		for _, c := range r.Ceilings {
			if c.Dim == row.Dim && c.WordsPerSec > 0 {
				row.OfCeiling = row.WordsPerSecPerThread / c.WordsPerSec
			}
		}
		if row.Trainer == trainerWipsvec {
			arch, _ := gensimOf(row.Model)
			if g, ok := byCell[key{trainerGensim, arch, row.Dim, row.Threads}]; ok && g.WordsPerSecPerThread > 0 {
				row.VsGensim = row.WordsPerSecPerThread / g.WordsPerSecPerThread
			}
		}
		row.Placement = placement(row.RunCoreToCoreNs, row.RunCoreToCoreAfterNs)
		if row.Threads < 2 || row.Trainer == trainerGensim {
			continue
		}
		// The same round's one-thread run of the row's model, the separate
		// control and the one-thread run it copies.
		one, ok1 := byCell[key{trainerWipsvec, row.Model, row.Dim, 1}]
		sep, ok2 := byCell[key{trainerSeparate, "", row.Dim, row.Threads}]
		if !ok1 || !ok2 {
			continue
		}
		sepOne, ok3 := byCell[key{trainerWipsvec, sep.Model, row.Dim, 1}]
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
