package skipgram

import "github.com/wipsvec/wipsvec/skipgram/embedding"

// Version is written into every sidecar so that a model file can be traced to
// the trainer that made it.
const Version = "0.1.0"

// Source describes, for a sidecar, the data a model was trained on.
type Source struct {
	Corpus   embedding.CorpusInfo
	MinCount int64                // the vocabulary's (or the nodes') minimum count
	Graph    *embedding.GraphInfo // set when the rows are the nodes of an edge list
}

// sidecar describes a model trained under p for the sidecar of its
// vectors file: the similarities it scores with and its parameters (both
// as its model says), the options it trained with, the data and the run's
// figures. It is the one place a sidecar is made (Result.Meta).
func (p *Plan) sidecar(m *Model, st Stats, src Source) *embedding.Meta {
	opt := p.Options
	opt.Settings = p.Given // the model's own part records its settings as given
	def := m.Kind.def()
	meta := &embedding.Meta{
		Format: embedding.SidecarFormat, Version: Version, Model: string(m.Kind), Dim: m.Dim, Words: m.Words,
		Forms: def.forms(m),
		Hyper: embedding.Hyper{Window: opt.Window, Negative: opt.Negative, Sample: opt.Sample, Alpha: opt.Alpha,
			Iter: opt.Iter, MinCount: int(src.MinCount), Threads: opt.Threads, Seed: opt.Seed,
			Batch: p.Batch, CBOW: opt.CBOW, HS: opt.HS},
		Plan:   p.info(),
		Corpus: src.Corpus,
		Graph:  src.Graph,
		Stats:  embedding.RunStats{WordsProcessed: st.Words, Pairs: st.Pairs, Seconds: st.Elapsed.Seconds(), FinalLoss: st.Loss},
	}
	if s := st.Elapsed.Seconds(); s > 0 {
		meta.Stats.WordsPerSec = float64(st.Words) / s
	}
	if p.Batch && p.ShareNoise > 1 {
		meta.Hyper.ShareNoise = p.ShareNoise
	}
	if p.HotRows > 0 {
		meta.Hyper.HotRows, meta.Hyper.HotSync = p.HotRows, p.HotSync
	}
	if p.Graph {
		// A window and subsampling do not apply to the edges of a graph.
		meta.Hyper.Window, meta.Hyper.Sample = 0, 0
	}
	if def.sidecar != nil {
		def.sidecar(meta, m, &opt, &st)
	}
	return meta
}
