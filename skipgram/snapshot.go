package skipgram

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/wipsvec/wipsvec/skipgram/checkpoint"
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
	"github.com/wipsvec/wipsvec/vocab"
)

// Snapshot is a run's whole state at a moment when every worker stands
// between two blocks: everything a resumed run needs to go on as if it had
// not stopped (the parameters, WIPS's lambda among them, the position in the
// schedule and the learning rate's decay, every worker's random stream and
// counters) and what a continued run needs to train further (the
// vocabulary with its counts, the options). It is what a checkpoint file
// holds (WriteCheckpoint, ReadCheckpoint).
type Snapshot struct {
	Options     Options      // the run's options, as given (LambdaInit unresolved)
	Model       *Model       // a copy of the parameters
	Vocab       *vocab.Vocab // the rows: a text's words or a graph's nodes, with their counts
	Corpus      Fingerprint  // what the run trains on
	Graph       bool         // the rows are a graph's nodes
	Done        bool         // the run has finished: continue it (Continue), do not resume it
	LambdaStart string       // what WIPS's start resolved to
	Spectrum    []float64    // the spectral start's eigenvalues

	// Data are the run's settings beyond Options.Settings: its rows'
	// minimum count and a graph's settings; nil in a checkpoint written
	// before they were recorded, whose caller kept them in Command.
	Data *DataSettings

	// Command is the caller's record of how the run was started (the
	// command line, say), kept in the checkpoint so that a resumed run can
	// be started the same way; the trainer does not read it.
	Command []string

	pos   checkpoint.Position // where the run stands
	ranks *checkpoint.Ranks   // with several ranks, where each stands; pos is rank 0's
}

// Ranks is how many processes (ranks) wrote the snapshot: a resumed run
// has as many (Job.Ranks).
func (s *Snapshot) Ranks() int {
	if s.ranks == nil {
		return 1
	}
	return len(s.ranks.Each)
}

// ErrOtherRanks is a snapshot resumed on another number of ranks than wrote
// it.
var ErrOtherRanks = errors.New("the checkpoint was written by another number of processes")

// ofRank is what rank of n resumes from s: s with the rank's position and
// the fingerprint of its share of the data.
func (s *Snapshot) ofRank(rank, n int) (*Snapshot, error) {
	if s.Ranks() != n {
		return nil, fmt.Errorf("%w: %d, here %d; resume it with mpirun -np %d", ErrOtherRanks, s.Ranks(), n, s.Ranks())
	}
	if n == 1 {
		return s, nil
	}
	c := *s
	each := s.ranks.Each[rank]
	c.pos, c.Corpus = each.Position, each.Corpus
	return &c, nil
}

// Words is how many tokens (or pairs) the run has processed.
// With several ranks it is every rank's.
func (s *Snapshot) Words() int64 {
	var n int64
	for _, p := range s.positions() {
		n += p.Words
		for _, w := range p.Workers {
			n += w.PendingWords
		}
	}
	return n
}

// positions are where the ranks that wrote s stand: one, or every rank's.
func (s *Snapshot) positions() []checkpoint.Position {
	if s.ranks == nil {
		return []checkpoint.Position{s.pos}
	}
	ps := make([]checkpoint.Position, len(s.ranks.Each))
	for i, each := range s.ranks.Each {
		ps[i] = each.Position
	}
	return ps
}

// Total is how many tokens (or pairs) the whole run processes.
func (s *Snapshot) Total() int64 { return s.pos.Total }

// Alpha is the learning rate the run has decayed to.
func (s *Snapshot) Alpha() float64 {
	var words int64
	for _, p := range s.positions() {
		words += p.Words
	}
	return decayed(s.Options.Alpha, words, s.pos.Total)
}

// Continue is the model a run continuing s starts from (Continued), for
// the rows of the vocabulary v, which may be s's own (more epochs) or one
// with new words (vocab.Merge): a word s has keeps its row and its output
// row; a new word gets a row as a new run gives one (uniform in ±0.5/Dim,
// drawn from seed; lifted onto the hyperboloid for HSG; a zero output
// row). The model's own parameters (WIPS's lambda and its step's
// moving square) carry over.
func (s *Snapshot) Continue(v *vocab.Vocab, seed uint64) *Model {
	old := s.Model
	m := &Model{Kind: old.Kind, Dim: old.Dim, Words: v.Len(), Extra: old.Extra, Subwords: old.Subwords, params: cloneParams(old.params)}
	m.Stride = rowStride(m.Dim, m.Subwords)
	m.In = hogwild.Lines[float32](m.inRows() * m.Stride)
	for b := range m.inRows() - m.Words { // the n-grams' rows hash the same whatever the vocabulary
		copy(m.Row(m.Words+b), old.In[(old.Words+b)*old.Dim:][:old.Dim])
	}
	if old.Out != nil {
		m.Out = hogwild.ZeroLines(m.Words * m.Stride)
	}
	// An output layer's own rows over a new vocabulary (a new tree's
	// inner nodes) keep the old rows of the same number, as gensim's do,
	// and the same vocabulary keeps them all.
	old.layerRows(func(name string, rows []float32, n int) {
		if m.Layers == nil {
			m.Layers = make(map[string][]float32)
		}
		l := layerNamed(name)
		m.Layers[name] = hogwild.ZeroLines(l.rows(m.Words) * m.Stride)
		for i := range min(l.rows(m.Words), n) {
			copy(m.Layers[name][i*m.Stride:][:m.Dim], rows[i*old.Dim:][:old.Dim])
		}
	})
	r := kernel.NewRNG(seed, math.MaxUint64-2)
	def := m.Kind.def()
	for i, w := range v.Words {
		row := m.Row(i)
		j, ok := s.Vocab.ID([]byte(w))
		if !ok {
			def.fresh(row, &r)
			continue
		}
		copy(row, old.In[int(j)*old.Dim:][:old.Dim])
		if old.Out != nil {
			copy(m.Out[i*m.Stride:][:m.Dim], old.Out[int(j)*old.Dim:][:old.Dim])
		}
	}
	return m
}

// A keeper is a kernel with state of its own between syncs (WIPS's private
// lambda and its unmerged gradient), which a snapshot saves and a resumed
// run restores.
type keeper interface {
	keep() []float32
	restore([]float32)
}

// Fingerprint identifies the data a run trains on, so that a checkpoint is
// not resumed on another corpus (checkpoint.Fingerprint).
type Fingerprint = checkpoint.Fingerprint

// ErrOtherCorpus is a snapshot resumed on data other than its own.
var ErrOtherCorpus = errors.New("the checkpoint was made on another corpus")

// checkData refuses a resume with other data settings than the
// checkpoint records (a checkpoint written before it recorded them has
// its settings checked by its caller).
func (s *Snapshot) checkData(d DataSettings) error {
	if s.Data == nil || s.Data.Graph == nil || d.Graph == nil || *s.Data.Graph == *d.Graph {
		return nil
	}
	return fmt.Errorf("the graph's settings differ from the checkpoint's: %+v, the checkpoint %+v", *d.Graph, *s.Data.Graph)
}

// check refuses a resume on other data or with other settings than given.
func (s *Snapshot) check(given Settings, fp Fingerprint, graph bool) error {
	if s.Done {
		return errors.New("the checkpoint's run has finished: continue it (-init) to train more")
	}
	if graph != s.Graph {
		return errors.New("the checkpoint is of a text and the data a graph, or the other way round")
	}
	if fp != s.Corpus {
		return fmt.Errorf("%w (%d ids, checksums %08x and %08x; here %d ids, %08x and %08x)",
			ErrOtherCorpus, s.Corpus.Tokens, s.Corpus.IDs, s.Corpus.Vocab, fp.Tokens, fp.IDs, fp.Vocab)
	}
	if given != s.Options.Settings {
		return fmt.Errorf("the settings differ from the checkpoint's: %+v, the checkpoint %+v", given, s.Options.Settings)
	}
	return nil
}

// snapshot copies r's state while the workers stand at the gate. The
// parameters go to buffers the run keeps from one snapshot to the next, so
// that only the first snapshot (taken before the workers start, see
// execute) pays for fresh memory: in a virtual machine a page touched for
// the first time costs ten times its copy.
func (r *run) snapshot(workers []*worker, elapsed time.Duration) *Snapshot {
	for _, w := range workers {
		w.replicas.MergeAll() // the workers stand at the gate: their replicas are still
	}
	m := r.model
	c := &Model{Kind: m.Kind, Dim: m.Dim, Stride: m.Dim, Words: m.Words, Extra: m.Extra, Subwords: m.Subwords, params: cloneParams(m.params)}
	if r.snapIn == nil {
		r.snapIn = make([]float32, m.inRows()*m.Dim)
		if m.Out != nil {
			r.snapOut = make([]float32, m.Words*m.Dim)
		}
		m.layerRows(func(name string, _ []float32, n int) {
			if r.snapLayers == nil {
				r.snapLayers = make(map[string][]float32)
			}
			r.snapLayers[name] = make([]float32, n*m.Dim)
		})
	}
	c.In = hogwild.Compact(r.snapIn, m.In, m.inRows(), m.Dim, m.Stride)
	if m.Out != nil {
		c.Out = hogwild.Compact(r.snapOut, m.Out, m.Words, m.Dim, m.Stride)
	}
	c.Layers = make(map[string][]float32, len(m.Layers))
	m.layerRows(func(name string, rows []float32, n int) {
		c.Layers[name] = hogwild.Compact(r.snapLayers[name], rows, n, m.Dim, m.Stride)
	})
	given := r.plan.Options
	given.Settings = r.plan.Given
	data := r.data
	s := &Snapshot{Options: given, Data: &data, Model: c, Vocab: r.vocab, Corpus: r.fingerprint, Graph: r.graph != nil,
		LambdaStart: r.origin.lambdaStart, Spectrum: r.origin.spectrum, pos: r.position(workers, elapsed)}
	s.Done = r.sched.Done(s.pos.Claims)
	return s
}

// position is where r stands while its workers stand at the gate, their
// replicas merged.
func (r *run) position(workers []*worker, elapsed time.Duration) checkpoint.Position {
	lanes, blocks, tail := r.sched.Shape()
	pos := checkpoint.Position{Claims: r.sched.Claimed(), Lanes: lanes, Blocks: blocks, Tail: tail,
		Words: r.words.Load(), Total: r.total, Elapsed: r.elapsedBefore + elapsed}
	for _, w := range workers {
		ws := checkpoint.Worker{RNG: w.RNG.State(), Alpha: w.alpha, PendingWords: w.pendingWords, PendingSync: w.pendingSync,
			Words: w.words, Pairs: w.pairs, Epoch: w.epoch, EpochLoss: w.epochLoss, EpochPairs: w.epochPairs}
		if k, ok := w.kernel.(keeper); ok {
			ws.Kernel = k.keep()
		}
		pos.Workers = append(pos.Workers, ws)
	}
	return pos
}

// resume sets a new run's state to the snapshot's: the schedule's position,
// the counters and every worker's.
func (r *run) resume(s *Snapshot, workers []*worker) {
	r.sched.SetClaimed(s.pos.Claims)
	r.words.Store(s.pos.Words)
	r.elapsedBefore = s.pos.Elapsed
	for i, w := range workers {
		ws := s.pos.Workers[i]
		w.RNG.SetState(ws.RNG)
		w.alpha, w.pendingWords, w.pendingSync = ws.Alpha, ws.PendingWords, ws.PendingSync
		w.words, w.pairs, w.epoch, w.epochLoss, w.epochPairs = ws.Words, ws.Pairs, ws.Epoch, ws.EpochLoss, ws.EpochPairs
		if k, ok := w.kernel.(keeper); ok && ws.Kernel != nil {
			k.restore(ws.Kernel)
		}
	}
}

// expand is a Model with its rows padded to cache lines again, as training
// keeps them.
func (m *Model) expand() *Model {
	c := *m
	c.Stride = rowStride(m.Dim, m.Subwords)
	c.In = hogwild.Pad(m.In, m.inRows(), m.Dim, c.Stride)
	if m.Out != nil {
		c.Out = hogwild.Pad(m.Out, m.Words, m.Dim, c.Stride)
	}
	c.Layers = make(map[string][]float32, len(m.Layers))
	m.layerRows(func(name string, rows []float32, n int) { c.Layers[name] = hogwild.Pad(rows, n, m.Dim, c.Stride) })
	c.params = cloneParams(m.params)
	return &c
}

// snapshotState is the JSON part of a checkpoint.
type snapshotState struct {
	Trainer     string              `json:"trainer"`
	Options     Options             `json:"options"`
	Data        *DataSettings       `json:"data,omitempty"`
	Kind        Kind                `json:"model"`
	Dim         int                 `json:"dim"`
	Words       int                 `json:"words"`
	Corpus      Fingerprint         `json:"corpus"`
	Graph       bool                `json:"graph,omitempty"`
	Done        bool                `json:"done"`
	LambdaStart string              `json:"lambda_start,omitempty"`
	Spectrum    []float64           `json:"spectrum,omitempty"`
	Position    checkpoint.Position `json:"position"`
	Ranks       *checkpoint.Ranks   `json:"ranks,omitempty"`
	Command     []string            `json:"command,omitempty"`
}

// WriteCheckpoint writes s to path as a checkpoint file (package
// checkpoint), atomically.
func WriteCheckpoint(path string, s *Snapshot) error {
	if !checkpoint.LittleEndian {
		return fmt.Errorf("write checkpoint %s: checkpoints are written on little-endian hosts only", path)
	}
	m := s.Model
	st := snapshotState{Trainer: Version, Options: s.Options, Data: s.Data, Kind: m.Kind, Dim: m.Dim, Words: m.Words,
		Corpus: s.Corpus, Graph: s.Graph, Done: s.Done, LambdaStart: s.LambdaStart, Spectrum: s.Spectrum, Position: s.pos,
		Ranks: s.ranks, Command: s.Command}
	sections := append(checkpoint.Vocabulary(s.Vocab.Words, s.Vocab.Counts), checkpoint.Section{Name: "in", Data: checkpoint.Float32Bytes(m.In)})
	if m.Out != nil {
		sections = append(sections, checkpoint.Section{Name: "out", Data: checkpoint.Float32Bytes(m.Out)})
	}
	m.layerRows(func(name string, rows []float32, _ int) {
		sections = append(sections, checkpoint.Section{Name: name, Data: checkpoint.Float32Bytes(rows)})
	})
	for _, p := range m.Kind.def().params {
		sections = append(sections, checkpoint.Section{Name: p.name, Data: checkpoint.Float32Bytes(m.param(p.name))})
	}
	return checkpoint.Write(path, &st, sections)
}

// ReadCheckpoint reads a checkpoint file that WriteCheckpoint wrote. Its
// errors are one line naming the file, and wrap package checkpoint's kinds
// (a truncated, corrupt or other-version file).
func ReadCheckpoint(path string) (*Snapshot, error) {
	if !checkpoint.LittleEndian {
		return nil, fmt.Errorf("checkpoint %s: checkpoints are read on little-endian hosts only", path)
	}
	f, err := checkpoint.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var st snapshotState
	if err := f.State(&st); err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("checkpoint %s: %w: %s", path, checkpoint.ErrCorrupt, fmt.Sprintf(format, args...))
	}
	if _, err := ParseKind(string(st.Kind)); err != nil || st.Kind != st.Options.Model {
		return nil, bad("model %q (options say %q)", st.Kind, st.Options.Model)
	}
	if st.Dim != st.Options.Dim || st.Dim < 1 || st.Words < 1 || int64(st.Words)*int64(st.Dim) > math.MaxInt32*16 {
		return nil, bad("%d rows of %d coordinates", st.Words, st.Dim)
	}
	if len(st.Position.Workers) != st.Options.Threads || st.Options.Threads < 1 {
		return nil, bad("%d worker states for %d threads", len(st.Position.Workers), st.Options.Threads)
	}
	if rk := st.Ranks; rk != nil {
		if len(rk.Each) < 2 {
			return nil, bad("the positions of %d ranks", len(rk.Each))
		}
		for i, each := range rk.Each {
			if len(each.Position.Workers) != st.Options.Threads {
				return nil, bad("rank %d: %d worker states for %d threads", i, len(each.Position.Workers), st.Options.Threads)
			}
		}
	}
	s := &Snapshot{Options: st.Options, Data: st.Data, Corpus: st.Corpus, Graph: st.Graph, Done: st.Done,
		LambdaStart: st.LambdaStart, Spectrum: st.Spectrum, Command: st.Command, pos: st.Position, ranks: st.Ranks}
	if s.Model, err = readModel(f, &st, bad); err != nil {
		return nil, err
	}
	words, counts, err := f.Vocabulary(st.Words)
	if err != nil {
		return nil, err
	}
	if s.Vocab, err = vocab.New(words, counts); err != nil {
		return nil, bad("vocabulary: %v", err)
	}
	if err := s.Options.Validate(); err != nil {
		return nil, bad("options: %v", err)
	}
	return s, nil
}

// readModel reads the parameters of the checkpoint f whose state is st.
func readModel(f *checkpoint.File, st *snapshotState, bad func(string, ...any) error) (*Model, error) {
	m := &Model{Kind: st.Kind, Dim: st.Dim, Stride: st.Dim, Words: st.Words}
	if st.Options.Subwords.Enabled() {
		m.Subwords = st.Options.Subwords
	}
	m.Extra = st.Options.extraRows()
	if int64(m.inRows())*int64(st.Dim) > math.MaxInt32*16 {
		return nil, bad("%d rows of %d coordinates", m.inRows(), st.Dim)
	}
	var err error
	if m.In, err = f.Float32s("in", m.inRows()*st.Dim); err != nil {
		return nil, err
	}
	if m.In == nil {
		return nil, bad("no parameters")
	}
	if m.Out, err = f.Float32s("out", st.Words*st.Dim); err != nil {
		return nil, err
	}
	if (m.Out != nil) != (st.Kind.Views() == 2) {
		return nil, bad("the parameters do not fit model %s", st.Kind)
	}
	for _, l := range outputLayers {
		rows, err := f.Float32s(l.name(), l.rows(st.Words)*st.Dim)
		if err != nil {
			return nil, err
		}
		if (rows != nil) != (l.uses(&st.Options) && l.rows(st.Words) > 0) {
			return nil, bad("the output layer's rows %q do not fit the run's settings", l.name())
		}
		if rows != nil {
			if m.Layers == nil {
				m.Layers = make(map[string][]float32)
			}
			m.Layers[l.name()] = rows
		}
	}
	// The model's own vectors; one the file lacks, written before the model
	// kept it, is filled as a new run fills it, unless training learns it.
	rng := kernel.NewRNG(st.Options.Seed, math.MaxUint64)
	m.params = newParams(st.Kind, st.Dim, &st.Options, &rng)
	for _, p := range st.Kind.def().params {
		v, err := f.Float32s(p.name, st.Dim)
		switch {
		case err != nil:
			return nil, err
		case v != nil:
			m.params[p.name] = v
		case p.learned:
			return nil, bad("no %s for model %s", p.name, st.Kind)
		}
	}
	return m, nil
}
