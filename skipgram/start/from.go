package start

import "github.com/wipsvec/wipsvec/skipgram"

// From is how a run starts: new (the zero value); from a checkpoint
// (Checkpoint), resumed when Resumed, else continued, a continued run
// adding the new data's words that reach its min-count when Update; or
// new from a vectors file (Vectors). Text and Graph read the data with the
// rows it fixes; Start gives the job its start.
type From struct {
	Checkpoint *skipgram.Snapshot
	Resumed    bool
	Update     bool
	Vectors    *Vectors
}

// Start sets how j starts on its rows j.Vocab (skipgram.Start): resumed,
// the checkpoint's model continued (new rows drawn with the job's seed),
// or the rows of the vectors file that the vocabulary has. Only reading
// the vectors can fail.
func (f From) Start(j *skipgram.Job) error {
	switch {
	case f.Checkpoint != nil && f.Resumed:
		j.Start = skipgram.Resumed{Snapshot: f.Checkpoint}
	case f.Checkpoint != nil:
		j.Start = skipgram.Continued{Model: f.Checkpoint.Continue(j.Vocab, j.Seed)}
	case f.Vectors != nil:
		v, err := f.Vectors.Of(j.Vocab)
		if err != nil {
			return err
		}
		j.Start = skipgram.FromVectors{Vectors: v, Path: f.Vectors.Path}
	}
	return nil
}
