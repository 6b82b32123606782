package speed

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os/exec"
	"strconv"
	"strings"

	"github.com/wipsvec/wipsvec/skipgram"
)

// gensimSpeedScript times gensim's Word2Vec; it is embedded so that the
// installed binary does not depend on the source tree.
//
//go:embed gensim_speed.py
var gensimSpeedScript []byte

// DefaultPython is the interpreter gensim is looked for in: Debian's
// python3-gensim lives in the system interpreter, and the python3 first on
// PATH may be another one without it.
const DefaultPython = "/usr/bin/python3"

// gensimResult is gensim_speed.py's output, plus the child's peak RSS.
type gensimResult struct {
	Version      string  `json:"gensim"`
	Mode         string  `json:"mode"`
	VocabSeconds float64 `json:"vocab_seconds"`
	TrainSeconds float64 `json:"train_seconds"`
	Words        int64   `json:"words"` // in-vocabulary words of one epoch
	Vocab        int     `json:"vocab"`
	Epochs       int     `json:"-"`
	rss          int64
}

// wordsPerSec counts words as wipsvec does: in-vocabulary corpus words
// (before subsampling) times epochs, over the training wall clock.
func (r gensimResult) wordsPerSec() float64 {
	if r.TrainSeconds <= 0 {
		return 0
	}
	return float64(r.Words) * float64(r.Epochs) / r.TrainSeconds
}

// gensimOnce times gensim's run of the architecture arch (Model.gensim):
// with its -cbow, -hs and -negative.
func gensimOnce(ctx context.Context, o *ThroughputOptions, script, input string, arch Model, dim, threads int) (gensimResult, error) {
	opt := skipgram.Options{Settings: skipgram.Settings{Negative: o.Negative}}
	arch.Arch.Apply(&opt)
	sg, hs := 1, 0
	if opt.CBOW {
		sg = 0
	}
	if opt.HS {
		hs = 1
	}
	cmd := exec.CommandContext(ctx, o.Python, script, input,
		strconv.Itoa(dim), strconv.Itoa(threads), strconv.Itoa(o.Window), strconv.Itoa(opt.Negative),
		strconv.FormatFloat(o.Sample, 'g', -1, 64), strconv.Itoa(o.MinCount),
		strconv.FormatFloat(o.Alpha, 'g', -1, 64), strconv.Itoa(o.Iter), "1", strconv.Itoa(sg), strconv.Itoa(hs))
	var stdout bytes.Buffer
	var stderr tailBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return gensimResult{}, ctx.Err()
		}
		return gensimResult{}, childError("gensim", err, stderr.String())
	}
	var r gensimResult
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		return gensimResult{}, fmt.Errorf("gensim_speed.py: bad output %q: %w", stdout.String(), err)
	}
	if r.Words <= 0 || r.TrainSeconds <= 0 {
		return gensimResult{}, fmt.Errorf("gensim_speed.py: no words trained (%d words in %gs)", r.Words, r.TrainSeconds)
	}
	r.Epochs = o.Iter
	r.rss = peakRSS(cmd.ProcessState)
	return r, nil
}

// checkGensim reports why gensim cannot be imported by python, or nil.
func checkGensim(ctx context.Context, python string) error {
	out, err := exec.CommandContext(ctx, python, "-c", "import gensim").CombinedOutput()
	if err != nil {
		msg := strings.TrimSpace(string(out))
		if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
			msg = msg[i+1:]
		}
		if msg != "" {
			return fmt.Errorf("%s cannot import gensim: %s", python, msg)
		}
		return fmt.Errorf("%s cannot import gensim: %w", python, err)
	}
	return nil
}
