package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram"
)

// TestDefaultsShared checks the measured defaults (docs/defaults.md):
// -sample 1e-4 and IPDS's q = 1, written once in skipgram and shown by
// every command that takes them.
func TestDefaultsShared(t *testing.T) {
	if skipgram.DefaultSample != 1e-4 || skipgram.DefaultNegDim != 1 {
		t.Fatalf("defaults -sample %g, -neg-dim %d: docs/defaults.md measured 1e-4 and 1", skipgram.DefaultSample, skipgram.DefaultNegDim)
	}
	if o := skipgram.DefaultOptions(); o.Sample != skipgram.DefaultSample || o.NegDim != skipgram.DefaultNegDim {
		t.Errorf("DefaultOptions has -sample %g, -neg-dim %d", o.Sample, o.NegDim)
	}
	for _, c := range []struct {
		cmd, flag string
		want      string
	}{
		{"train", "sample", fmt.Sprint(skipgram.DefaultSample)},
		{"train", "neg-dim", fmt.Sprint(skipgram.DefaultNegDim)},
		{"experiment", "sample", fmt.Sprint(skipgram.DefaultSample)},
		{"bench", "sample", fmt.Sprint(skipgram.DefaultSample)},
	} {
		stdout, stderr, _ := runCmd(c.cmd, "-h")
		usage := stdout + stderr
		i := strings.Index(usage, "\n  -"+c.flag+" ")
		if i < 0 {
			t.Errorf("%s -h does not list -%s", c.cmd, c.flag)
			continue
		}
		help, _, _ := strings.Cut(usage[i+1:], "\n  -")
		if !strings.Contains(help, "(default "+c.want+")") {
			t.Errorf("%s -%s: help %q, want default %s", c.cmd, c.flag, help, c.want)
		}
	}
}
