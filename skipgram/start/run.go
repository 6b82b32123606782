package start

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/budget"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/fasttext"
	"github.com/wipsvec/wipsvec/skipgram/subword"
	"github.com/wipsvec/wipsvec/vocab"
)

// Run is one training run as a command line states it (train, and
// fastText's skipgram and cbow): its data, the files it writes, how it
// starts and the trainer's options. The command line sets its fields from
// its flags (a Parser) and prints what Train shows; Parse resolves the
// rest, and Train reads, trains and writes.
type Run struct {
	Options              skipgram.Options
	Model                string // the model's name, resolved into Options.Model
	Text, Graph, Output  string // -train, -graph, -output ("-": standard output)
	SaveVocab, ReadVocab string
	Binary               int // 1: word2vec's binary format
	IDs                  string
	MinCount             int64
	MaxVocab             int
	NegRatio             float64 // IPDS: NegDim as a fraction of the size, when given
	Quiet, CheckMemory   bool
	GraphSettings        skipgram.GraphSettings
	CBOW, HS             int // word2vec.c's flags, into Options when given
	Classes, Debug       int // word2vec.c's flags: k-means classes (refused), and the progress's level
	Checkpoint           string
	CheckpointEvery      time.Duration
	Resume, Init         string
	UpdateVocab          bool
	FastText             string // the fastText model's path when set, written with or without subwords

	SyncWords int64 // with several ranks: skipgram.Ranks' settings
	SyncRows  int
	Ranks     *skipgram.Ranks // set when several processes train (mpirun)

	Given map[string]bool // the flags the command line set
	Args  []string        // the command line that started the run, kept in checkpoints
	From  From            // how the run starts: what -resume or -init goes on from
}

// NewRun is a run before its command line, on a graph's edges or on a
// text: skipgram's defaults of each.
func NewRun(graph bool) *Run {
	r := &Run{Options: skipgram.DefaultOptions(), Model: string(skipgram.SG), MinCount: vocab.DefaultMinCount,
		IDs: string(encoded.Auto), CheckMemory: true, GraphSettings: skipgram.GraphSettings{Noise: skipgram.DefaultGraphNoise},
		Debug: 2, CheckpointEvery: skipgram.DefaultCheckpointEvery, SyncRows: skipgram.DefaultSyncRows}
	if graph {
		r.Options, r.MinCount = skipgram.DefaultGraphOptions(), skipgram.DefaultGraphMinCount
	}
	r.Options.Subwords = subword.Settings{Minn: subword.Default().Minn, Bucket: subword.Default().Bucket}
	r.Options.Threads = max(1, runtime.NumCPU())
	return r
}

// A Parser sets r's fields from the command line args and returns the
// flags args set: the command line's part of a run.
type Parser func(r *Run, args []string) (given map[string]bool, err error)

// Parse is the run that the command line args states: a new run's
// settings resolved, a resumed run's those its checkpoint records (its
// command line parsed again, then args' files), a continued run's the
// checkpoint's but for what args sets, and a run from a vectors file the
// file's size. What the rules refuse is a Refusal.
func Parse(args []string, parse Parser) (*Run, error) {
	r := NewRun(false)
	given, err := parse(r, args)
	if err != nil {
		return nil, err
	}
	if r.Graph != "" { // a graph's defaults are its own: the flags again, onto them
		r = NewRun(true)
		if given, err = parse(r, args); err != nil {
			return nil, err
		}
	}
	switch {
	case r.Resume != "" && r.Init != "":
		return nil, refuse("give -resume or -init, not both")
	case r.Resume != "":
		return resume(r.Resume, args, given, parse)
	case r.Init != "" && !IsCheckpoint(r.Init):
		return r, r.fromVectors(args, given)
	case r.Init != "":
		return continued(r.Init, args, given, parse)
	case r.UpdateVocab:
		return nil, refuse("-update-vocab goes with -init")
	}
	r.Given, r.Args = given, args
	return r, r.resolve()
}

// ParseArgs is the run that train's command line args states, parsed on a
// plain flag set (errors returned, nothing printed): how a program that
// runs train checks the command line it builds, resolved as train will.
func ParseArgs(args []string) (*Run, error) {
	return Parse(args, func(r *Run, args []string) (map[string]bool, error) {
		fs := flag.NewFlagSet("train", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		r.Define(fs)
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() > 0 {
			return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
		}
		given := make(map[string]bool)
		fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
		return given, nil
	})
}

// resume is the run checkpoint path is of, with the files args names anew.
func resume(path string, args []string, given map[string]bool, parse Parser) (*Run, error) {
	snap, err := readCheckpoint(path, ResumeGiven(given))
	if err != nil {
		return nil, err
	}
	if err := Resume(path, snap); err != nil {
		return nil, err
	}
	r := NewRun(snap.Graph)
	if len(snap.Command) > 0 { // the files it named, and the settings of a checkpoint that records none
		if r.Given, err = parse(r, snap.Command); err != nil {
			return nil, fmt.Errorf("checkpoint %s: its command line: %w", path, err)
		}
	}
	if opt, minCount, g, ok := Stored(snap); ok {
		r.Options, r.Model, r.MinCount = opt, string(opt.Model), minCount
		if g != nil {
			r.GraphSettings = *g
		}
	}
	r.Init, r.UpdateVocab = "", false // the data is read with the checkpoint's vocabulary
	r.Checkpoint = cmp.Or(r.Checkpoint, path)
	if _, err := parse(r, args); err != nil {
		return nil, err
	}
	if err := r.resolve(); err != nil {
		return nil, err
	}
	r.Args, r.From = snap.Command, From{Checkpoint: snap, Resumed: true}
	r.Options = snap.Options
	return r, nil
}

// readCheckpoint reads checkpoint path unless the flags given are
// refused (refused is not nil).
func readCheckpoint(path string, refused error) (*skipgram.Snapshot, error) {
	if refused != nil {
		return nil, refused
	}
	return skipgram.ReadCheckpoint(path)
}

// continued is the run that continues the model of checkpoint path: the
// checkpoint's settings, but for what args sets.
func continued(path string, args []string, given map[string]bool, parse Parser) (*Run, error) {
	snap, err := readCheckpoint(path, ContinueGiven(given))
	if err != nil {
		return nil, err
	}
	r := NewRun(snap.Graph)
	r.Options, r.Model = snap.Options, string(snap.Options.Model)
	if r.Given, err = parse(r, args); err != nil {
		return nil, err
	}
	if err := Continue(path, snap, r.Graph != ""); err != nil {
		return nil, err
	}
	r.Args, r.From = args, From{Checkpoint: snap, Update: r.UpdateVocab}
	return r, r.resolve()
}

// fromVectors checks a new run that starts from the vectors file -init
// names, whose dimension is the run's. The file's rows are read once the
// vocabulary is known (Train).
func (r *Run) fromVectors(args []string, given map[string]bool) error {
	v, err := OpenVectors(r.Init, r.UpdateVocab)
	if err == nil {
		err = v.Size(r.Options.Dim, given["size"])
	}
	if err != nil && !errors.As(err, new(*Refusal)) {
		return fmt.Errorf("-init: %w", err)
	} else if err != nil {
		return err
	}
	r.Options.Dim = v.Dim
	r.From, r.Given, r.Args = From{Vectors: v}, given, args
	return r.resolve()
}

// resolve resolves and checks what the settings say together.
func (r *Run) resolve() error {
	switch {
	case r.Classes != 0:
		return refuse("-classes %d asks for k-means word classes, which wipsvec does not compute; it writes the vectors (-classes 0)", r.Classes)
	case r.Text == "" && r.Graph == "":
		return refuse("-train SOURCES (or -graph EDGES) is required")
	case r.Text != "" && r.Graph != "":
		return refuse("give -train or -graph, not both")
	case r.Output == "":
		return refuse("-output FILE is required")
	case r.Given["neg-dim"] && r.Given["neg-ratio"]:
		return refuse("give -neg-dim or -neg-ratio, not both")
	case r.CheckpointEvery <= 0:
		return refuse("-checkpoint-every must be positive, got %v", r.CheckpointEvery)
	}
	if _, err := encoded.ParsePlacement(r.IDs); err != nil {
		return refuse("-ids: %v", err)
	}
	if r.Given["debug"] && r.Debug == 0 {
		r.Quiet = true
	}
	kind, err := skipgram.ParseKind(r.Model)
	if err != nil {
		return &Refusal{err.Error()}
	}
	o := &r.Options
	o.Model = kind
	if r.Given["cbow"] {
		o.CBOW = r.CBOW == 1
	}
	if r.Given["hs"] {
		o.HS = r.HS == 1
	}
	if r.Given["neg-ratio"] {
		o.NegDim = skipgram.NegDimFor(r.NegRatio, o.Dim)
	}
	if !o.Subwords.Enabled() {
		o.Subwords = subword.Settings{} // -minn and -bucket mean nothing without -maxn
	} else if r.Output == "-" {
		return refuse("-maxn writes a fastText model beside -output FILE, which standard output has no room for")
	}
	if r.From.Checkpoint == nil {
		o.Unset(func(setting string) bool { return r.Given[setting] })
	}
	if r.Graph != "" {
		if err := CheckGraph(r.Given, *o, r.GraphSettings.Noise); err != nil {
			return err
		}
	}
	if err := o.Validate(); err != nil {
		return &Refusal{err.Error()}
	}
	return nil
}

// Ranked makes r one of the ranks of rk's communicator: rank 0 alone
// prints and writes.
func (r *Run) Ranked(rk *skipgram.Ranks) error {
	if r.Output == "-" || r.Graph == "-" {
		return refuse("standard input and output are one process's; with %d ranks name files", rk.Size())
	}
	rk.SyncWords, rk.SyncRows = r.SyncWords, r.SyncRows
	r.Ranks = rk
	if !rk.Writes() { // rank 0 alone prints and writes -save-vocab
		r.Quiet, r.SaveVocab = true, ""
	}
	return nil
}

// checkFiles refuses a run whose outputs (standard output aside) would
// overwrite one another or its inputs: the data's files, -read-vocab and
// -init.
func (r *Run) checkFiles(data ...string) error {
	out := []string{r.Output, r.SaveVocab, r.Checkpoint, r.FastText}
	if r.Output != "-" {
		out = append(out, embedding.SidecarPath(r.Output))
	}
	return atomicfile.CheckOutputs(append([]string{r.ReadVocab, r.Init}, data...), out)
}

// Show is how a run shows itself, the command line's: each may be nil.
type Show struct {
	Stdout     io.Writer                                         // where -output - writes
	Note       func(format string, args ...any)                  // a line of what the run does; none when quiet
	Warn       func(format string, args ...any)                  // a line shown even when quiet
	Read       func(corpus.ReadStats)                            // the corpus read so far
	Progress   func(skipgram.Progress)                           // training's progress
	Checkpoint func(snap *skipgram.Snapshot, took time.Duration) // a checkpoint written
}

func (s Show) note(format string, args ...any) {
	if s.Note != nil {
		s.Note(format, args...)
	}
}

// Unit is what the run trains on, for rates: words, or edges.
func (r *Run) Unit() string {
	if r.Graph != "" {
		return "edges"
	}
	return "words"
}

// Train reads the run's data, trains and, on the rank that writes, writes
// the vectors, their sidecar and the fastText model. Other ranks return
// the result unwritten.
func (r *Run) Train(ctx context.Context, show Show) (*skipgram.Result, error) {
	if r.Graph != "" {
		return r.trainGraph(ctx, show)
	}
	return r.trainText(ctx, show)
}

func (r *Run) trainText(ctx context.Context, show Show) (*skipgram.Result, error) {
	sources, err := corpus.Expand(r.Text)
	if err != nil {
		return nil, err
	}
	if err := r.checkFiles(sources...); err != nil {
		return nil, err
	}
	t := Text{Name: r.Text, Sources: sources, MinCount: r.MinCount, MaxVocab: r.MaxVocab, ReadVocab: r.ReadVocab,
		IDs: encoded.Placement(r.IDs), Output: r.Output, Given: r.Given, From: r.From, Ranks: r.Ranks, Progress: show.Read}
	began := time.Now()
	c, err := t.Load(ctx)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	if c.Crowded.Need > 0 {
		show.note("the corpus's ids would take about %s of %s available: encoding them to disk (-ids memory to keep them in memory)",
			corpus.HumanBytes(c.Crowded.Need), corpus.HumanBytes(c.Crowded.Available))
	}
	v := c.Vocab
	if from := r.From.Checkpoint; from != nil && r.From.Update {
		show.note("vocabulary: %d words of %s and %d new ones reaching min-count %d", from.Vocab.Len(), r.Init, v.Len()-from.Vocab.Len(), r.MinCount)
	}
	show.note("vocabulary: %d words (min-count %d); corpus: %d in-vocabulary tokens, %s; read %s in %.1fs",
		v.Len(), c.MinCount, c.Tokens, c.Where, c.Read, time.Since(began).Seconds())
	if c.Invalid.Tokens > 0 && show.Warn != nil {
		show.Warn("corpus %s: %s", r.Text, c.Invalid)
	}
	job := &skipgram.Job{Options: r.Options, Vocab: v, Text: c.IDs, Source: t.Source(c), Ranks: r.Ranks}
	res, err := r.runJob(ctx, job, show)
	if err != nil || !r.Ranks.Writes() {
		return res, err
	}
	if m := res.Model; m.Subwords.Enabled() || r.FastText != "" {
		path := cmp.Or(r.FastText, r.Output+fasttext.BesideSuffix)
		if err := fasttext.WriteFor(path, m.FastText(v, r.Options, job.Source), res.Meta); err != nil {
			return nil, err
		}
	}
	return res, r.write(res, show)
}

func (r *Run) trainGraph(ctx context.Context, show Show) (*skipgram.Result, error) {
	if err := r.checkFiles(r.Graph); err != nil {
		return nil, err
	}
	began := time.Now()
	e, err := cgraph.ReadFile(r.Graph)
	if err != nil {
		return nil, err
	}
	gs := Graph{MinCount: r.MinCount, From: r.From, Settings: r.GraphSettings}
	v, g, err := gs.Rows(e)
	if err != nil {
		return nil, fmt.Errorf("edge list %s: %w", r.Graph, err)
	}
	show.note("graph: %s; read in %.1fs", e.Summary(), time.Since(began).Seconds())
	if r.MinCount > 1 || r.From.Checkpoint != nil {
		show.note("kept %d nodes and %d edges", v.Len(), g.Edges())
	}
	show.note("edges: %s as node ids", corpus.HumanBytes(4*int64(len(g.Pairs)+len(g.Weights))))
	if rk := r.Ranks; rk.Several() {
		if n := rk.Size(); g.Edges() < n {
			return nil, refuse("%d ranks need at least as many edges; the graph has %d", n, g.Edges())
		}
		g.Share.Rank, g.Share.Of = rk.Comm.Rank(), rk.Comm.Size()
	}
	job := &skipgram.Job{Options: r.Options, Vocab: v, Graph: g, Source: gs.Source(e, v, g, r.Graph), Ranks: r.Ranks}
	res, err := r.runJob(ctx, job, show)
	if err != nil || !r.Ranks.Writes() {
		return res, err
	}
	return res, r.write(res, show)
}

// runJob trains job, the run's settings on its data and rows job.Vocab:
// it adds -checkpoint's writes, checks the memory the run needs, gives
// the job its start (From), writes -save-vocab, and says how many rows
// -init's vectors started.
func (r *Run) runJob(ctx context.Context, job *skipgram.Job, show Show) (*skipgram.Result, error) {
	v := job.Vocab
	if r.Checkpoint != "" {
		job.CheckpointEvery, job.CheckpointPath, job.Command = r.CheckpointEvery, r.Checkpoint, r.Args
		job.Wrote = show.Checkpoint
	}
	b := budget.New(job.Memory(), r.Options.Threads)
	show.note("%s", b)
	if err := b.Err(); r.CheckMemory && err != nil {
		return nil, fmt.Errorf("%w; lower -size or -threads (or -check-memory=false to try anyway)", err)
	}
	if err := r.From.Start(job); err != nil {
		return nil, fmt.Errorf("-init: %w", err)
	}
	if r.SaveVocab != "" {
		if err := atomicfile.WriteFile(r.SaveVocab, v.Write); err != nil {
			return nil, fmt.Errorf("save vocabulary: %w", err)
		}
	}
	job.Progress = show.Progress
	res, err := job.Train(ctx)
	if err != nil {
		return nil, Interrupted(ctx, err, r.Checkpoint)
	}
	if r.From.Vectors != nil {
		show.note("init: %d of the %d words started from %s; the others as in a new run", res.Stats.Started, v.Len(), r.Init)
	}
	return res, nil
}

// write writes the vectors and the sidecar, or the vectors alone to
// standard output.
func (r *Run) write(res *skipgram.Result, show Show) error {
	if r.Output == "-" {
		return embedding.WriteVectorsTo(show.Stdout, res.Vectors(), r.Binary == 1)
	}
	return embedding.Save(r.Output, res.Vectors(), res.Meta, r.Binary == 1)
}

// Wrote says what the run wrote, for its summary line.
func (r *Run) Wrote(rows, dim int) string {
	format := "text"
	if r.Binary == 1 {
		format = "binary"
	}
	if r.Output == "-" {
		return fmt.Sprintf("wrote %d x %d vectors (%s) to standard output, without a sidecar", rows, dim, format)
	}
	s := fmt.Sprintf("wrote %s (%d x %d, %s) and %s", r.Output, rows, dim, format, embedding.SidecarPath(r.Output))
	if r.FastText != "" {
		s += ", and the fastText model " + r.FastText
	}
	return s
}
