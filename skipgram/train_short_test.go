package skipgram

import (
	"context"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/vocab"
)

// The trainer's API is the Job; these are the tests' short forms of the
// jobs they train most, returning the model and its stats.

// Train trains the text stream, one chunk of ids, under opt.
func Train(ctx context.Context, v *vocab.Vocab, stream []int32, opt Options) (*Model, Stats, error) {
	return TrainChunks(ctx, v, [][]int32{stream}, opt)
}

// TrainChunks trains the text stream, in chunks, under opt.
func TrainChunks(ctx context.Context, v *vocab.Vocab, stream [][]int32, opt Options) (*Model, Stats, error) {
	return trainJob(ctx, &Job{Options: opt, Vocab: v, Text: stream})
}

// TrainGraph trains graph g under opt.
func TrainGraph(ctx context.Context, g *Graph, opt Options) (*Model, Stats, error) {
	return trainJob(ctx, &Job{Options: opt, Graph: g})
}

// NewSidecar is the sidecar of model m trained under opt.
func NewSidecar(m *Model, opt Options, st Stats, src Source) *embedding.Meta {
	return newPlan(opt, m.Words, 0, src.Graph != nil).sidecar(m, st, src)
}

func trainJob(ctx context.Context, j *Job) (*Model, Stats, error) {
	res, err := j.Train(ctx)
	if res == nil {
		return nil, Stats{}, err
	}
	return res.Model, res.Stats, err
}
