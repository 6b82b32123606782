package skipgram

import "github.com/wipsvec/wipsvec/skipgram/embedding"

// A Start is where a run's parameters start, one of Resumed, Continued and
// FromVectors; a run with none (nil) starts new parameters.
type Start interface{ isStart() }

// Resumed continues the interrupted run Snapshot is of, to its end: the
// run's other options must be the snapshot's. With Threads == 1 the
// resumed run ends bit for bit where the uninterrupted one would have.
type Resumed struct{ Snapshot *Snapshot }

// Continued trains Model further, for more epochs or on more text
// (Snapshot.Continue makes it for a vocabulary): its rows must be the
// run's vocabulary's.
type Continued struct{ Model *Model }

// FromVectors gives a new run's rows a start: the row of every word (node)
// Vectors holds is copied from it, the others are drawn as a new run's,
// and SG's output rows start at zero (pretrained vectors, as gensim's
// intersect_word2vec_format). Path names the file, for the sidecar. A
// model whose rows lie in a space of their own (HSG's hyperboloid) is
// refused.
type FromVectors struct {
	Vectors *embedding.Vectors
	Path    string
}

func (Resumed) isStart()     {}
func (Continued) isStart()   {}
func (FromVectors) isStart() {}

// resumed is the snapshot o resumes, nil unless o.Start is Resumed.
func (o *Options) resumed() *Snapshot {
	if s, ok := o.Start.(Resumed); ok {
		return s.Snapshot
	}
	return nil
}
