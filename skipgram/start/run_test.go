package start

import (
	"errors"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram"
)

// TestParseResolves: a command line's run has every default that depends
// on what it gave resolved, a graph's defaults its own, and what the rules
// refuse is a Refusal naming the flag.
func TestParseResolves(t *testing.T) {
	r, err := ParseArgs([]string{"-train", "c.txt", "-output", "v.bin", "-cbow", "1", "-model", "ipds", "-neg-ratio", "0.25", "-size", "40"})
	if err != nil {
		t.Fatal(err)
	}
	if o := r.Options; o.Model != skipgram.IPDS || !o.CBOW || o.Alpha != skipgram.DefaultCBOWAlpha || o.NegDim != 10 {
		t.Errorf("resolved %+v", o.Settings)
	}
	g, err := ParseArgs([]string{"-graph", "e.tsv", "-output", "v.bin"})
	if err != nil {
		t.Fatal(err)
	}
	if d := skipgram.DefaultGraphOptions(); g.Options.Iter != d.Iter || g.Options.Negative != d.Negative || g.Options.Batch || g.MinCount != skipgram.DefaultGraphMinCount {
		t.Errorf("a graph's run: %+v, min-count %d; want its defaults %+v", g.Options.Settings, g.MinCount, d.Settings)
	}
	for _, tc := range []struct{ args, want string }{
		{"-output v.bin", "-train SOURCES (or -graph EDGES) is required"},
		{"-train c.txt -graph e.tsv -output v.bin", "give -train or -graph"},
		{"-train c.txt", "-output FILE is required"},
		{"-train c.txt -output v.bin -classes 5", "-classes 5"},
		{"-train c.txt -output v.bin -neg-dim 2 -neg-ratio 0.5", "-neg-dim or -neg-ratio"},
		{"-train c.txt -output - -maxn 6", "-maxn"},
		{"-train c.txt -output v.bin -model nope", "nope"},
		{"-train c.txt -output v.bin -update-vocab", "-update-vocab goes with -init"},
		{"-train c.txt -output v.bin -resume a -init b", "-resume or -init"},
	} {
		_, err := ParseArgs(strings.Fields(tc.args))
		if r := new(Refusal); !errors.As(err, &r) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want a refusal naming %q", tc.args, err, tc.want)
		}
	}
}
