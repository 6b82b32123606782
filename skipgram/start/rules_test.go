package start

import (
	"context"
	"errors"
	"flag"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/subword"
)

// refusal reports whether err is a Refusal, and its text.
func refusal(err error) (bool, string) {
	var r *Refusal
	if err == nil {
		return false, ""
	}
	return errors.As(err, &r), err.Error()
}

func set(names ...string) map[string]bool {
	m := make(map[string]bool)
	for _, n := range names {
		m[n] = true
	}
	return m
}

func TestResumeGiven(t *testing.T) {
	for _, tc := range []struct {
		given []string
		want  string // "" for allowed
	}{
		{nil, ""},
		{[]string{"resume", "train", "output", "binary", "checkpoint", "checkpoint-every", "quiet", "debug", "check-memory", "graph"}, ""},
		{[]string{"output", "size"}, "-size cannot change a resumed run"},
		{[]string{"window", "alpha"}, "-alpha cannot change"}, // the first in order
		{[]string{"init"}, "-init cannot change"},
	} {
		err := ResumeGiven(set(tc.given...))
		ok, msg := refusal(err)
		if tc.want == "" && err != nil || tc.want != "" && (!ok || !strings.Contains(msg, tc.want)) {
			t.Errorf("ResumeGiven(%v) = %v, want %q", tc.given, err, tc.want)
		}
	}
}

func TestResume(t *testing.T) {
	for _, tc := range []struct {
		name    string
		snap    skipgram.Snapshot
		refused bool
		want    string
	}{
		{"running, settings stored", skipgram.Snapshot{Data: &skipgram.DataSettings{MinCount: 5}}, false, ""},
		{"running, command line", skipgram.Snapshot{Command: []string{"-train", "x"}}, false, ""},
		{"done", skipgram.Snapshot{Done: true, Data: &skipgram.DataSettings{}}, true, "has finished: -init c.ckpt trains it further"},
		{"no record", skipgram.Snapshot{}, false, "does not record how its run started"},
	} {
		err := Resume("c.ckpt", &tc.snap)
		ok, msg := refusal(err)
		if tc.want == "" && err != nil || tc.want != "" && (ok != tc.refused || !strings.Contains(msg, tc.want)) {
			t.Errorf("%s: Resume = %v (refusal %v), want %q (refusal %v)", tc.name, err, ok, tc.want, tc.refused)
		}
	}
}

func TestStored(t *testing.T) {
	if _, _, _, ok := Stored(&skipgram.Snapshot{Command: []string{"-train", "x"}}); ok {
		t.Error("a checkpoint without Data stores its settings")
	}
	opt := skipgram.DefaultOptions()
	opt.Dim = 7
	g := &skipgram.GraphSettings{Directed: true, Noise: skipgram.NoiseUniform}
	got, minCount, gotG, ok := Stored(&skipgram.Snapshot{Options: opt, Data: &skipgram.DataSettings{MinCount: 3, Graph: g}})
	if !ok || got.Dim != 7 || minCount != 3 || gotG != g {
		t.Errorf("Stored = %v %d %v %v", got.Dim, minCount, gotG, ok)
	}
}

func TestContinue(t *testing.T) {
	for _, tc := range []struct {
		given []string
		want  string
	}{
		{[]string{"init", "train", "alpha", "iter", "min-count", "update-vocab", "window"}, ""},
		{[]string{"size"}, "-size is the checkpoint's when continuing a model (-init)"},
		{[]string{"alpha", "maxn"}, "-maxn is the checkpoint's"},
		{[]string{"read-vocab"}, "-read-vocab is the checkpoint's"},
	} {
		err := ContinueGiven(set(tc.given...))
		ok, msg := refusal(err)
		if tc.want == "" && err != nil || tc.want != "" && (!ok || !strings.Contains(msg, tc.want)) {
			t.Errorf("ContinueGiven(%v) = %v, want %q", tc.given, err, tc.want)
		}
	}
	for _, tc := range []struct {
		ofGraph, onGraph bool
		want             string
	}{
		{false, false, ""},
		{true, true, ""},
		{false, true, "is of a text; continue it with -train"},
		{true, false, "is of a graph; continue it with -graph"},
	} {
		err := Continue("c.ckpt", &skipgram.Snapshot{Graph: tc.ofGraph}, tc.onGraph)
		ok, msg := refusal(err)
		if tc.want == "" && err != nil || tc.want != "" && (!ok || !strings.Contains(msg, tc.want)) {
			t.Errorf("Continue(graph %v on graph %v) = %v, want %q", tc.ofGraph, tc.onGraph, err, tc.want)
		}
	}
}

func TestCheckGraph(t *testing.T) {
	plain := skipgram.DefaultGraphOptions()
	with := func(f func(*skipgram.Options)) skipgram.Options { o := plain; f(&o); return o }
	for _, tc := range []struct {
		name  string
		given []string
		opt   skipgram.Options
		noise string
		want  string
	}{
		{"defaults", nil, plain, skipgram.NoiseUnigram, ""},
		{"uniform", []string{"iter", "size"}, plain, skipgram.NoiseUniform, ""},
		{"window", []string{"window"}, plain, skipgram.NoiseUnigram, "-window does not apply to -graph"},
		{"ids", []string{"ids"}, plain, skipgram.NoiseUnigram, "-ids does not apply"},
		{"noise", nil, plain, "zipf", `-neg-dist must be unigram or uniform, got "zipf"`},
		{"cbow", nil, with(func(o *skipgram.Options) { o.CBOW = true }), skipgram.NoiseUnigram, "-cbow 1 does not apply"},
		{"hs", nil, with(func(o *skipgram.Options) { o.HS = true }), skipgram.NoiseUnigram, "-hs 1 does not apply"},
		{"maxn", nil, with(func(o *skipgram.Options) { o.Subwords = subword.Settings{Minn: 3, Maxn: 6, Bucket: 10} }), skipgram.NoiseUnigram, "-maxn does not apply"},
	} {
		err := CheckGraph(set(tc.given...), tc.opt, tc.noise)
		ok, msg := refusal(err)
		if tc.want == "" && err != nil || tc.want != "" && (!ok || !strings.Contains(msg, tc.want)) {
			t.Errorf("%s: CheckGraph = %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestEncodedPlainText(t *testing.T) {
	// Only an encoded corpus fixes its vocabulary: plain text, standard
	// input and several sources take every flag.
	for _, sources := range [][]string{{"-"}, {"a.txt", "b.txt"}, {"testdata-none.txt"}} {
		if err := Encoded("x", sources, set("min-count", "max-vocab", "read-vocab")); err != nil {
			t.Errorf("Encoded(%v) = %v", sources, err)
		}
	}
}

func TestInterrupted(t *testing.T) {
	failed := errors.New("disk full")
	live := context.Background()
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name       string
		ctx        context.Context
		err        error
		checkpoint string
		want       string
	}{
		{"failed", live, failed, "c.ckpt", "disk full"},
		{"stopped, checkpointed", stopped, context.Canceled, "c.ckpt", "training interrupted; the run is in c.ckpt: go on with wipsvec train -resume c.ckpt"},
		{"stopped, the checkpoint failed", stopped, failed, "c.ckpt", "training interrupted, and the checkpoint failed: disk full"},
		{"stopped, no checkpoint", stopped, context.Canceled, "", "training interrupted; nothing written"},
	} {
		if got := Interrupted(tc.ctx, tc.err, tc.checkpoint); got == nil || got.Error() != tc.want {
			t.Errorf("%s: %v, want %q", tc.name, got, tc.want)
		}
	}
}

// TestHypersDeclaredOnce: every model's own hyperparameter (declared in
// its model's file) is one of train's flags, and those that fix the
// model's shape or start are refused by a continued run.
func TestHypersDeclaredOnce(t *testing.T) {
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	NewRun(false).Define(fs)
	fixed := map[string]bool{"neg-dim": true, "lambda-init": true, "lambda-alpha": false}
	hypers := skipgram.Hypers()
	if len(hypers) != len(fixed) {
		t.Errorf("%d hyperparameters declared by the models, want %d", len(hypers), len(fixed))
	}
	for _, h := range hypers {
		if fs.Lookup(h.Flag) == nil {
			t.Errorf("-%s is not one of train's flags", h.Flag)
		}
		err := ContinueGiven(map[string]bool{h.Flag: true})
		if want, ok := fixed[h.Flag]; !ok || want != (err != nil) {
			t.Errorf("-%s given to a continued run: %v; want refused %v", h.Flag, err, want)
		}
	}
}
