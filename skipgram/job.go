package skipgram

import (
	"context"
	"runtime/debug"
	"time"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/input"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/vocab"
)

// Job is one training run whole: the data it trains on, a text's ids or a
// graph's edges, each as itself; its settings (Options.Settings, the
// minimum count its rows were kept by in Source, a graph's own on the
// Graph); how it starts (Options.Start; new when none);
// and how it reports and checkpoints. Train trains it. The job reads its
// data and never changes it.
type Job struct {
	Options

	// Vocab is the rows: a text's words with their counts, or a graph's
	// nodes with their degrees (for a graph, Graph.Vocab when nil).
	Vocab *vocab.Vocab
	// Text is a text's word ids, vocab.SentenceEnd between sentences, in
	// chunks (vocab.LearnChunks) that sentences may span. Or:
	Text [][]int32
	// Graph is a graph's edges, with how they train (Graph.Settings).
	Graph *Graph

	// Source describes the data for the sidecar; its MinCount, the count
	// the rows were kept by, a checkpoint records with the settings.
	Source Source
	// CheckpointPath, if set, is where the run writes its checkpoints
	// (WriteCheckpoint), each recording Command, the caller's record of
	// how it started. Wrote, if set, is told of each write and how long
	// it took; Options.Checkpoint, if set, is called after it.
	CheckpointPath string
	Command        []string
	Wrote          func(s *Snapshot, took time.Duration)
	// Ranks, if it has several processes, trains one model from all of
	// them, each with this job on its share of the data (see Ranks).
	Ranks *Ranks

	// SkipFinished writes no checkpoint of a run that has finished (for a
	// caller that keeps its result itself, as the experiment its record);
	// Options.Checkpoint is still told of it.
	SkipFinished bool
}

// Result is what a job trained: the model, its sidecar and the run's
// figures.
type Result struct {
	Model *Model
	Stats Stats
	Plan  *Plan
	Meta  *embedding.Meta // the sidecar; nil when the run did not end
	Words []string        // the rows' names (nil for a graph without them)
}

// Vectors are the trained word (node) vectors, as Model.Vectors gives them.
func (r *Result) Vectors() *embedding.Vectors { return r.Model.Vectors(r.Words) }

// DataSettings are a run's settings beyond Settings: the minimum count its
// rows were kept by and, for a graph, how its edges train. A checkpoint
// records them with Settings, so that a resumed run needs no more to know
// how it was started.
type DataSettings struct {
	MinCount int64          `json:"min_count"`
	Graph    *GraphSettings `json:"graph,omitempty"`
}

// Train trains the job: on the data, under its settings, from its start
// (new, resumed, continued or from vectors), checkpointing as asked. A
// cancelled ctx stops the run early with ctx's error. The model is
// returned with what the run got to even when it fails. It collects the
// garbage of reading the data before it allocates the parameters.
func (j *Job) Train(ctx context.Context) (*Result, error) {
	r, err := j.newRun(ctx)
	if err != nil {
		return nil, err
	}
	st, err := r.execute(ctx)
	m, st, err := finish(r.model, st, err, j.Options, r.origin)
	res := &Result{Model: m, Stats: st, Plan: r.plan}
	if v := j.rowsVocab(); v != nil {
		res.Words = v.Words
	}
	if err == nil {
		src := j.Source
		if src.Graph == nil && j.Graph != nil {
			src.Graph = j.Graph.Info()
		}
		res.Meta = r.plan.sidecar(m, st, src)
		if v, ok := j.Start.(FromVectors); ok {
			res.Meta.Hyper.InitVectors, res.Meta.Hyper.InitWords = v.Path, st.Started
		}
		if s := r.ranks; s != nil {
			h := &res.Meta.Hyper
			h.Ranks, h.SyncWords, h.SyncRows = s.n, s.every, s.rows
		}
	}
	return res, err
}

// newRun is the one constructor of a run, text or graph: it checks the
// job, works out its plan, makes its parameters (begin) and gives it its
// data.
func (j *Job) newRun(ctx context.Context) (*run, error) {
	if err := j.Validate(); err != nil {
		return nil, err
	}
	in := j.input()
	uses := input.Uses{CBOW: j.CBOW, HS: j.HS, Subwords: j.representation() != nil, Start: j.Start != nil,
		Snapshots: j.Checkpoint != nil || j.CheckpointPath != "" || j.resumed() != nil}
	if err := in.Check(uses); err != nil {
		return nil, err
	}
	// What reading the data left (a text's counting table) is garbage by
	// now: collect it before the parameters are allocated, so that they
	// reuse its memory instead of raising the peak.
	debug.FreeOSMemory()
	opt := j.Options
	if s := opt.resumed(); s != nil {
		rank := 0
		if j.Ranks.Several() {
			rank = j.Ranks.Comm.Rank()
		}
		s, err := s.ofRank(rank, j.Ranks.Size())
		if err != nil {
			return nil, err
		}
		opt.Start = Resumed{s}
	}
	j.writeCheckpoints(&opt)
	r := &run{sig: kernel.NewSigmoidTable(), vocab: j.rowsVocab(), hooks: hooksOf(ctx), data: j.dataSettings()}
	if opt.Checkpoint != nil || opt.resumed() != nil || r.hooks.stopAfter > 0 {
		r.fingerprint = in.Fingerprint()
	}
	graph := j.Graph != nil
	r.plan = newPlan(opt, in.Rows(), in.Edges(), graph)
	r.opt = &r.plan.Options
	var names []string
	if r.vocab != nil {
		names = r.vocab.Words
	}
	// The data is attached (its blocks cut, the noise and subsampling
	// tables made) while the parameters are made: both only read the data
	// and the plan's layout, and each takes tens of milliseconds of a
	// text run's start (docs/performance.md).
	var attachErr error
	attached := make(chan struct{})
	go func() {
		defer close(attached)
		attachErr = r.attach(in)
	}()
	var err error
	r.model, r.origin, err = begin(r.plan, names, r.fingerprint, graph, inputData(in, r.opt))
	<-attached
	if err != nil {
		return nil, err
	}
	if s := opt.resumed(); s != nil {
		if err := s.checkData(r.data); err != nil {
			return nil, err
		}
	}
	if attachErr != nil {
		return nil, attachErr
	}
	if j.Vocab != nil {
		r.equip(j.Vocab.Words, j.Vocab.Counts)
	} else {
		r.equip(nil, nil)
	}
	if j.Ranks.Several() {
		if r.ranks, err = newRankSync(r, j.Ranks); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// input is the job's data.
func (j *Job) input() input.Input {
	if j.Graph != nil {
		return input.Graph{G: j.Graph}
	}
	return input.Text{Vocab: j.Vocab, Stream: j.Text}
}

// inputData is in as a model's prepare sees it: its spectrum, a text's
// within the run's window.
func inputData(in input.Input, o *Options) data {
	return data{spectrum: func(k, negative int) (int, []float64, error) { return in.Spectrum(k, negative, o.Window) }}
}

// attach gives r the data's work (input.Work) as its plan lays it out.
func (r *run) attach(in input.Input) error {
	p := r.plan
	l := input.Layout{Lanes: p.Lanes, Tail: p.Tail, Iter: p.Iter, Block: p.Block, Sample: p.Sample, Seed: p.Seed}
	if s := p.resumed(); s != nil {
		l.Resume = &s.pos
	}
	w, err := in.Attach(l)
	if err != nil {
		return err
	}
	r.noise, r.keep, r.total, r.blocks, r.sched, r.graph = w.Noise, w.Keep, w.Total, w.Blocks, w.Sched, w.Edges
	return nil
}

// rowsVocab names the rows: Vocab, or a graph's own.
func (j *Job) rowsVocab() *vocab.Vocab {
	if j.Vocab == nil && j.Graph != nil {
		return j.Graph.Vocab
	}
	return j.Vocab
}

// dataSettings are the job's settings beyond Options.Settings.
func (j *Job) dataSettings() DataSettings {
	d := DataSettings{MinCount: j.Source.MinCount}
	if j.Graph != nil {
		s := j.Graph.Settings()
		d.Graph = &s
	}
	return d
}

// writeCheckpoints has o's run write its snapshots to CheckpointPath, then
// hand them to the caller's Options.Checkpoint.
func (j *Job) writeCheckpoints(o *Options) {
	if j.CheckpointPath == "" {
		return
	}
	report := o.Checkpoint
	o.Checkpoint = func(s *Snapshot) error {
		start := time.Now()
		s.Command = j.Command
		if !s.Done || !j.SkipFinished {
			if err := WriteCheckpoint(j.CheckpointPath, s); err != nil {
				return err
			}
			if j.Wrote != nil {
				j.Wrote(s, time.Since(start))
			}
		}
		if report != nil {
			return report(s)
		}
		return nil
	}
}
