package experiment

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/wipsvec/wipsvec/skipgram"
)

// This file is the results file: what a run is trained under (Setup),
// the record of a run (RunRecord) as one JSON line, and which record
// stands in for which run (keyOf).

// Setup is what every run of one experiment shares: the corpus and the
// hyperparameters outside the grid. Records are compared (for resuming and
// for the table) only within one setup, but for WIPS's lambda settings,
// which matter to WIPS runs only. A record writes it as setupFile's keys.
type Setup struct {
	// Corpus names the text: the corpus file's base name, with "[:N]"
	// appended when only its first N bytes were read. The base name rather
	// than the path, so that a run from another directory still resumes.
	Corpus string `json:"-"`
	// CorpusTokens, the in-vocabulary tokens of one epoch, fingerprints the
	// text and min-count: another file of the same name does not match.
	CorpusTokens int64 `json:"-"`
	Vocab        int   `json:"-"`
	MinCount     int64 `json:"-"`
	// Settings are skipgram's settings every run trains with: each run
	// sets its own model, size, q, learning rate, seed, epochs and
	// architecture (Runner.Options), the Runner its threads. A record
	// keeps those a grid may change (setupFile): the window, negatives,
	// sample, WIPS's lambda, batch windows, noise sharing and replicas.
	Settings skipgram.Settings `json:"-"`
	// LambdaRecipe is skipgram.LambdaRecipe when the runs were made: WIPS
	// runs of another recipe (or of none recorded) are trained again.
	LambdaRecipe int `json:"-"`
	// PlainRows: the runs were made since the default replicas left the
	// models' own rows to plain Hogwild (setupFile.PlainRows).
	PlainRows bool `json:"-"`
	// OwnReplicas: the runs were made since HSG's default replicas of its
	// frequent rows on text came back (setupFile.OwnReplicas).
	OwnReplicas bool `json:"-"`
}

// setupFile is a Setup as a record writes it, and as records are matched:
// the keys and their order of the results files written before Setup held
// skipgram.Settings, so that their records resume.
type setupFile struct {
	Corpus       string  `json:"corpus"`
	CorpusTokens int64   `json:"corpus_tokens"`
	Vocab        int     `json:"vocab"`
	MinCount     int64   `json:"min_count"`
	Window       int     `json:"window"`
	Negative     int     `json:"negative"`
	Sample       float64 `json:"sample"`
	LambdaInit   string  `json:"lambda_init"`
	LambdaAlpha  float64 `json:"lambda_alpha"`
	LambdaRecipe int     `json:"lambda_recipe,omitempty"`
	// Batch, HotRows and HotSync: whether a window shares its noise
	// words, and the rows each thread replicates and how often it merges
	// them. Records of exact per-pair Hogwild have none.
	Batch   bool `json:"batch,omitempty"`
	HotRows int  `json:"hot_rows,omitempty"`
	HotSync int  `json:"hot_sync,omitempty"`
	// ShareNoise: how many windows share a draw of noise words, 0 (none
	// recorded) for the model's own. SG's own was 1 before 2026-11-25 and
	// is 2 since, with the same quality.
	ShareNoise int `json:"share_noise,omitempty"`
	// PlainRows: the default replicas (HotRows -1) left the model's own
	// rows to plain Hogwild, as they do since 2026-11-28; before, IPS,
	// SIPS, IPDS and HSG replicated theirs on two threads, and their
	// records of the default, which lack it, are trained again (keyOf).
	PlainRows bool `json:"plain_rows,omitempty"`
	// OwnReplicas: the default replicas held the model's own most
	// frequent rows on text (skipgram.Settings.ReplicatesOwnRows: HSG's, again
	// since the afternoon of 2026-11-28); its records of the default
	// without it, trained with none or with the replicas before, are
	// trained again (keyOf).
	OwnReplicas bool `json:"own_replicas,omitempty"`
}

// file is s as a record writes it.
func (s Setup) file() setupFile {
	t := &s.Settings
	return setupFile{Corpus: s.Corpus, CorpusTokens: s.CorpusTokens, Vocab: s.Vocab, MinCount: s.MinCount,
		Window: t.Window, Negative: t.Negative, Sample: t.Sample, LambdaInit: t.LambdaInit, LambdaAlpha: t.LambdaAlpha,
		LambdaRecipe: s.LambdaRecipe, Batch: t.Batch, HotRows: t.HotRows, HotSync: t.HotSync, ShareNoise: t.ShareNoise,
		PlainRows: s.PlainRows && t.HotRows == skipgram.DefaultHotRows, OwnReplicas: s.OwnReplicas && t.HotRows == skipgram.DefaultHotRows}
}

// setup is the Setup f records; the settings it does not record are zero.
func (f setupFile) setup() Setup {
	return Setup{Corpus: f.Corpus, CorpusTokens: f.CorpusTokens, Vocab: f.Vocab, MinCount: f.MinCount, LambdaRecipe: f.LambdaRecipe, PlainRows: f.PlainRows, OwnReplicas: f.OwnReplicas,
		Settings: skipgram.Settings{Window: f.Window, Negative: f.Negative, Sample: f.Sample, LambdaInit: f.LambdaInit,
			LambdaAlpha: f.LambdaAlpha, Batch: f.Batch, HotRows: f.HotRows, HotSync: f.HotSync, ShareNoise: f.ShareNoise}}
}

// Validate reports the first fixed hyperparameter that cannot train on
// threads threads, as the trainer would, but before the corpus is read.
func (s Setup) Validate(threads int) error {
	if s.MinCount < 1 {
		return fmt.Errorf("-min-count must be at least 1, got %d", s.MinCount)
	}
	d := skipgram.DefaultOptions()
	// WIPS checks the lambda settings too.
	opt := (&Runner{Setup: s}).Options(RunSpec{Model: skipgram.WIPS, Dim: d.Dim, Alpha: d.Alpha, NegDim: d.NegDim, Seed: d.Seed, Epochs: d.Iter})
	opt.Threads = threads
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

// plainRecord is a RunRecord without its JSON methods; its Setup writes
// nothing, as setupFile writes it.
type plainRecord RunRecord

// MarshalJSON writes r as one line of the results file: its setup's keys
// (setupFile), then the run's and its outcome's.
func (r RunRecord) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		setupFile
		plainRecord
	}{r.Setup.file(), plainRecord(r)})
}

// UnmarshalJSON reads a line of the results file, one written before
// Setup held skipgram.Settings included.
func (r *RunRecord) UnmarshalJSON(data []byte) error {
	var line struct {
		setupFile
		plainRecord
	}
	if err := json.Unmarshal(data, &line); err != nil {
		return err
	}
	*r = RunRecord(line.plainRecord)
	r.Setup = line.setupFile.setup()
	return nil
}

// runKey identifies a run for resuming and for the table: two records with
// the same key are the same computation (up to Hogwild's nondeterminism).
type runKey struct {
	setup setupFile
	spec  RunSpec
}

// keyOf leaves out what does not change the run: the IPDS ratio (q does),
// for every model but WIPS, lambda's settings, so that tuning WIPS does
// not invalidate the other models' runs, and for hierarchical softmax,
// which trains without noise words, -negative.
// Only what a record keeps of the setup (setupFile) counts.
func keyOf(setup Setup, spec RunSpec) runKey {
	f := setup.file()
	spec.NegRatio = 0
	if !spec.Model.LearnsLambda() {
		f.LambdaInit, f.LambdaAlpha, f.LambdaRecipe = "", 0, 0
	}
	if spec.HS {
		f.Negative = 0
	}
	if !replicatedOwnRows(spec) {
		f.PlainRows = false // trained the same before and after the change
	}
	if !(skipgram.Settings{Model: spec.Model, CBOW: spec.CBOW, HS: spec.HS}).ReplicatesOwnRows() {
		f.OwnReplicas = false // none by default, before and after
	}
	return runKey{f, spec}
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

// replicatedOwnRows reports whether the run spec, under the default
// replicas on two threads, replicated its model's own rows before
// 2026-11-28 (setupFile.PlainRows): IPS, SIPS, IPDS and HSG did, in
// skip-gram with negative sampling; CBOW's and hierarchical softmax's
// defaults are the same rows before and after.
func replicatedOwnRows(spec RunSpec) bool {
	switch spec.Model {
	case skipgram.IPS, skipgram.SIPS, skipgram.IPDS, skipgram.HSG:
		return !spec.CBOW && !spec.HS
	}
	return false
}
