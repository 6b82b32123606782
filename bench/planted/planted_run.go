package planted

import (
	"bytes"
	"context"
	"fmt"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/vocab"
)

// PlantedRun is one model trained on a planted corpus and its fit.
type PlantedRun struct {
	Model  skipgram.Kind
	Fit    PlantedFit
	Lambda []float32 // WIPS: the learned weights
}

// PlantedExperiment trains each model on one planted corpus with the same
// options and reports how well each recovers the planted similarity.
type PlantedExperiment struct {
	Planted   PlantedOptions
	Sentences int             // co-occurring pairs in the corpus (default 300,000)
	Models    []skipgram.Kind // default IPS, SIPS, IPDS, WIPS
	Train     skipgram.Options

	// Done, if set, is called with each model's run as soon as it has
	// trained, so that a caller can show them one by one.
	Done func(PlantedRun)
}

// DefaultPlantedExperiment is the demo's setting: 150 words, 8 dimensions,
// a corpus that trains in about a second per model.
func DefaultPlantedExperiment() PlantedExperiment {
	opt := skipgram.DefaultOptions()
	opt.Dim, opt.Window, opt.Negative, opt.Sample, opt.Iter, opt.Threads = 8, 1, 5, 0, 10, 1
	opt.NegDim = 4
	return PlantedExperiment{
		Planted:   PlantedOptions{Words: 150, Radius: 1.3, Seed: 1},
		Sentences: 300000,
		Models:    []skipgram.Kind{skipgram.IPS, skipgram.SIPS, skipgram.IPDS, skipgram.WIPS},
		Train:     opt,
	}
}

// Corpus generates the experiment's corpus and passes it through the real
// scanner and vocabulary.
func (e PlantedExperiment) Corpus() (*Planted, *vocab.Vocab, []int32, error) {
	p := NewPlanted(e.Planted)
	var text bytes.Buffer
	if err := p.WriteCorpus(&text, e.Sentences, e.Planted.Seed+1); err != nil {
		return nil, nil, nil, err
	}
	v, stream, err := vocab.Learn(corpus.NewScanner(bytes.NewReader(text.Bytes())), vocab.LearnOptions{MinCount: 1})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("planted corpus: %w", err)
	}
	return p, v, stream, nil
}

// Run generates the corpus, passes it through the real pipeline (scanner,
// vocabulary, trainer) and scores every model.
func (e PlantedExperiment) Run(ctx context.Context) (*Planted, []PlantedRun, error) {
	p, v, stream, err := e.Corpus()
	if err != nil {
		return nil, nil, err
	}
	var runs []PlantedRun
	for _, kind := range e.Models {
		job := &skipgram.Job{Options: e.Train, Vocab: v, Text: [][]int32{stream}, Source: skipgram.Source{MinCount: 1}}
		job.Model = kind
		res, err := job.Train(ctx)
		if err != nil {
			return nil, nil, fmt.Errorf("planted %s: %w", kind, err)
		}
		run := PlantedRun{Model: kind, Fit: p.Fit(res.Vectors(), res.Meta.Similarities()[0], e.Planted.Seed+2), Lambda: res.Meta.Lambda}
		if e.Done != nil {
			e.Done(run)
		}
		runs = append(runs, run)
	}
	return p, runs, nil
}
