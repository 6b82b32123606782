// Package start turns a command line's settings into a training run: the
// rules of how a run starts (new, resumed from a checkpoint, continued from
// a checkpoint's model, or from a vectors file), every default resolved
// once (Run), the run's data read with the vocabulary its start fixes, and
// the run wired to its checkpoints, memory check and outputs (Run.Train).
// The command line defines its flags onto a Run and prints what the run
// shows; the rest is here so that every caller starts a run the same way.
//
// A setting is named as word2vec's flag names it ("size", "min-count"):
// those are the names a user gives, and a refusal says which one to drop.
package start

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/wipsvec/wipsvec/corpus/encoded"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/checkpoint"
	"github.com/wipsvec/wipsvec/skipgram/input"
)

// Refusal is a start the rules do not allow: what was asked for is a
// mistake of the caller's (a usage error), not of the data.
type Refusal struct{ msg string }

func (r *Refusal) Error() string { return r.msg }

func refuse(format string, args ...any) error { return &Refusal{fmt.Sprintf(format, args...)} }

// Resumable are the settings a resumed run may be given anew: where its
// files are now, the vectors' format, and how it shows itself; the rest
// are the checkpoint's.
var Resumable = map[string]bool{"resume": true, "train": true, "graph": true, "output": true, "binary": true, "checkpoint": true,
	"checkpoint-every": true, "quiet": true, "debug": true, "check-memory": true}

// FixedByContinue are the settings a continued run takes from its
// checkpoint: the model's shape and its vocabulary's origin, and the
// models' own hyperparameters that say so (skipgram.Hyper.Fixed), -neg-ratio
// among them as -neg-dim.
func FixedByContinue() []string {
	fixed := []string{"model", "size", "hs", "minn", "maxn", "bucket", "neg-ratio", "read-vocab", "max-vocab"}
	for _, h := range skipgram.Hypers() {
		if h.Fixed {
			fixed = append(fixed, h.Flag)
		}
	}
	return fixed
}

// ResumeGiven refuses the settings given that a resumed run cannot change.
func ResumeGiven(given map[string]bool) error {
	for _, name := range sortedKeys(given) {
		if !Resumable[name] {
			return refuse("-%s cannot change a resumed run, whose settings are the checkpoint's (-init trains a finished model further)", name)
		}
	}
	return nil
}

// Resume checks that the run of checkpoint s, read from path, can be
// resumed: it has not finished, and it records how it started (its
// settings, or the command line of a checkpoint written before them).
func Resume(path string, s *skipgram.Snapshot) error {
	if s.Done {
		return refuse("the run of checkpoint %s has finished: -init %s trains it further", path, path)
	}
	if len(s.Command) == 0 && s.Data == nil {
		return fmt.Errorf("checkpoint %s does not record how its run started", path)
	}
	return nil
}

// Stored are the settings checkpoint s records whole: the options, the
// minimum count and a graph's settings (nil for a graph of a text); ok is
// false for a checkpoint written before it recorded them, whose settings
// are in its command line.
func Stored(s *skipgram.Snapshot) (opt skipgram.Options, minCount int64, g *skipgram.GraphSettings, ok bool) {
	if s.Data == nil {
		return opt, 0, nil, false
	}
	return s.Options, s.Data.MinCount, s.Data.Graph, true
}

// ContinueGiven refuses the settings given that a continued run takes from
// its checkpoint.
func ContinueGiven(given map[string]bool) error {
	for _, name := range FixedByContinue() {
		if given[name] {
			return refuse("-%s is the checkpoint's when continuing a model (-init)", name)
		}
	}
	return nil
}

// Continue checks that the model of checkpoint s, read from path, can go on
// training on the data given: a graph's on a graph, a text's on a text.
func Continue(path string, s *skipgram.Snapshot, graph bool) error {
	if graph != s.Graph {
		what, flag := "text", "train"
		if s.Graph {
			what, flag = "graph", "graph"
		}
		return refuse("checkpoint %s is of a %s; continue it with -%s", path, what, flag)
	}
	return nil
}

// IsCheckpoint reports whether path names a checkpoint rather than a
// vectors file (a file that cannot be opened is left to the checkpoint's
// reader, which says why).
func IsCheckpoint(path string) bool {
	ok, err := checkpoint.HasMagic(path)
	return ok || err != nil
}

// CheckGraph refuses the settings that do not apply to a graph, whose edges are
// pairs of nodes with no window, no words and no vocabulary file, and
// checks its noise.
func CheckGraph(given map[string]bool, opt skipgram.Options, noise string) error {
	for _, name := range []string{"read-vocab", "batch", "window", "sample", "ids", "max-vocab"} {
		if given[name] {
			return refuse("-%s does not apply to -graph", name)
		}
	}
	if noise != skipgram.NoiseUnigram && noise != skipgram.NoiseUniform {
		return refuse("-neg-dist must be %s or %s, got %q", skipgram.NoiseUnigram, skipgram.NoiseUniform, noise)
	}
	if err := input.GraphRefuses(input.Uses{CBOW: opt.CBOW, HS: opt.HS, Subwords: opt.Subwords.Enabled()}); err != nil {
		return &Refusal{err.Error()}
	}
	return nil
}

// Encoded refuses, for a new run on sources, the settings that would change
// the vocabulary of an encoded corpus, fixed when it was encoded; name is
// how the caller named the sources.
func Encoded(name string, sources []string, given map[string]bool) error {
	if len(sources) != 1 || sources[0] == "-" || !encoded.IsEncoded(sources[0]) {
		return nil
	}
	var refused []string
	for _, flag := range []string{"min-count", "max-vocab", "read-vocab"} {
		if given[flag] {
			refused = append(refused, "-"+flag)
		}
	}
	if len(refused) > 0 {
		return refuse("%s is an encoded corpus, whose vocabulary is fixed when it is encoded: %s cannot change it (encode the text again with the flag)",
			name, strings.Join(refused, ", "))
	}
	return nil
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Interrupted is the error of a run that ended with err, which ctx may
// have stopped: where an interrupted run is, the checkpoint it wrote to
// (checkpoint, "" for none) to resume it from.
func Interrupted(ctx context.Context, err error, checkpoint string) error {
	stopped := errors.Is(err, context.Canceled) || errors.Is(err, skipgram.ErrInterrupted)
	if ctx.Err() == nil && !stopped {
		return err
	}
	if checkpoint != "" && !stopped {
		return fmt.Errorf("%w, and the checkpoint failed: %w", ErrInterrupted, err)
	}
	if checkpoint != "" {
		return fmt.Errorf("%w; the run is in %s: go on with wipsvec train -resume %s", ErrInterrupted, checkpoint, checkpoint)
	}
	return fmt.Errorf("%w; nothing written", ErrInterrupted)
}

// ErrInterrupted is a run stopped by a signal (Interrupted's errors), on
// this process or, with several ranks, on another.
var ErrInterrupted = errors.New("training interrupted")
