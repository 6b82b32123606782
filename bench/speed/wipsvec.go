package speed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"sync"

	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// trainResult is what one `wipsvec train` run reported.
type trainResult struct {
	wordsPerSec, seconds float64
	loss                 float64 // the final training loss
	words, pairs         int64   // processed over all epochs; pairs 0 if the sidecar lacks it
	tokens               int64   // in-vocabulary tokens of one epoch
	vocab                int
	rss                  int64 // peak resident set, bytes
	mem                  childMemory
}

// sidecarStats is the part of the trainer's JSON sidecar (embedding.Meta)
// the benchmark reads. It is its own type so that a "pairs" count, which the
// sidecar does not have yet, is used as soon as the trainer writes one.
type sidecarStats struct {
	Corpus struct {
		Tokens int64 `json:"tokens"`
		Vocab  int   `json:"vocab"`
	} `json:"corpus"`
	Stats struct {
		WordsProcessed int64   `json:"words_processed"`
		Pairs          int64   `json:"pairs"`
		Seconds        float64 `json:"seconds"`
		WordsPerSec    float64 `json:"words_per_sec"`
		FinalLoss      float64 `json:"final_loss"`
	} `json:"stats"`
}

// trainArgs are train's flags for one run of model at size dim on
// threads, on input, writing output.
func (o *ThroughputOptions) trainArgs(input, output string, model Model, dim, threads int) []string {
	args := []string{"-train", input, "-output", output, "-binary", "1",
		"-size", strconv.Itoa(dim), "-threads", strconv.Itoa(threads),
		"-window", strconv.Itoa(o.Window), "-negative", strconv.Itoa(o.Negative),
		"-sample", strconv.FormatFloat(o.Sample, 'g', -1, 64), "-min-count", strconv.Itoa(o.MinCount),
		"-alpha", strconv.FormatFloat(o.Alpha, 'g', -1, 64), "-iter", strconv.Itoa(o.Iter),
		"-quiet"}
	args = append(args, model.Args()...)
	if o.IDs != "" {
		args = append(args, "-ids", o.IDs)
	}
	return args
}

// trainOnce runs `wipsvec train` once, writing the vectors to tmp/name.
func trainOnce(ctx context.Context, o *ThroughputOptions, tmp, name, input string, model Model, dim, threads int) (trainResult, error) {
	output := filepath.Join(tmp, name)
	defer os.Remove(output)
	defer os.Remove(embedding.SidecarPath(output))
	args := append(slices.Clone(o.Trainer[1:]), o.trainArgs(input, output, model, dim, threads)...)
	cmd := exec.CommandContext(ctx, o.Trainer[0], args...)
	cmd.Env = o.Env
	var stderr tailBuffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	mem, err := runSampled(cmd)
	if err != nil {
		if ctx.Err() != nil {
			return trainResult{}, ctx.Err()
		}
		return trainResult{}, childError("train", err, stderr.String())
	}
	data, err := os.ReadFile(embedding.SidecarPath(output))
	if err != nil {
		return trainResult{}, fmt.Errorf("trainer wrote no sidecar: %w", err)
	}
	var sc sidecarStats
	if err := json.Unmarshal(data, &sc); err != nil {
		return trainResult{}, fmt.Errorf("sidecar %s: %w", embedding.SidecarPath(output), err)
	}
	if !(sc.Stats.WordsPerSec > 0) || !(sc.Stats.Seconds > 0) {
		return trainResult{}, fmt.Errorf("sidecar reports no training speed (words/sec %g in %gs)",
			sc.Stats.WordsPerSec, sc.Stats.Seconds)
	}
	return trainResult{
		wordsPerSec: sc.Stats.WordsPerSec, seconds: sc.Stats.Seconds, loss: sc.Stats.FinalLoss,
		words: sc.Stats.WordsProcessed, pairs: sc.Stats.Pairs,
		tokens: sc.Corpus.Tokens, vocab: sc.Corpus.Vocab,
		rss: peakRSS(cmd.ProcessState), mem: mem,
	}, nil
}

// trainSeparate starts n one-thread trainings at once and returns their
// summed words/sec, the longest training time, and the largest peak RSS of
// one of them (each process holds its own corpus and vectors).
func trainSeparate(ctx context.Context, o *ThroughputOptions, tmp, input string, model Model, dim, n int) (trainResult, error) {
	results := make([]trainResult, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			results[i], errs[i] = trainOnce(ctx, o, tmp, fmt.Sprintf("separate%d.bin", i), input, model, dim, 1)
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return trainResult{}, err
	}
	sum := results[0]
	for _, r := range results[1:] {
		sum.wordsPerSec += r.wordsPerSec
		sum.seconds = max(sum.seconds, r.seconds)
		sum.rss = max(sum.rss, r.rss)
	}
	return sum, nil
}

// wipsvecFloor is the memory a wipsvec run of model cannot do without: the
// corpus as 4-byte word ids and the parameter matrices, whose rows are
// padded to a cache line (skipgram.EstimateMemory's Matrices, of the
// model's own rows, without the variants' hierarchical softmax tree).
func wipsvecFloor(model Model, dim int, tokens int64, words int) int64 {
	opt := skipgram.DefaultOptions()
	opt.Model, opt.Dim = model.Kind, dim
	return 4*tokens + skipgram.EstimateMemory(opt, words).Matrices
}
