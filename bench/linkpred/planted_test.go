package linkpred

import (
	"context"
	"strings"
	"testing"

	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
	"github.com/wipsvec/wipsvec/skipgram"
)

// plantedTree is the closure of a complete tree (cgraph.WriteTreeClosure).
func plantedTree(branch, depth int) *cgraph.Edges {
	var b strings.Builder
	if err := cgraph.WriteTreeClosure(&b, branch, depth); err != nil {
		panic(err)
	}
	e, err := cgraph.Read(strings.NewReader(b.String()))
	if err != nil {
		panic(err)
	}
	return e
}

// reconstruct trains on the graph e with opt, uniform negatives, and
// scores the reconstruction of e with the model's own similarity.
func reconstruct(t *testing.T, e *cgraph.Edges, opt skipgram.Options) Result {
	t.Helper()
	g := &skipgram.Graph{Nodes: len(e.Nodes), Pairs: append([]int32(nil), e.Pairs...), Noise: skipgram.NoiseUniform}
	res, err := (&skipgram.Job{Options: opt, Graph: g}).Train(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Evaluate(res.Model.Vectors(e.Nodes), res.Meta, e, nil, Options{Threads: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return rs[0]
}

// TestPlantedTreeIPSBelowOthers trains IPS, IPDS, WIPS (from its default
// start) and HSG on the closure of a tree and checks that IPS reconstructs it measurably worse
// (MAP) than each of the others, the paper's claim on hierarchies.
func TestPlantedTreeIPSBelowOthers(t *testing.T) {
	e := plantedTree(3, 4) // 121 nodes, 426 edges
	maps := map[skipgram.Kind]float64{}
	for _, kind := range []skipgram.Kind{skipgram.IPS, skipgram.IPDS, skipgram.WIPS, skipgram.HSG} {
		opt := skipgram.DefaultOptions()
		opt.Model, opt.Dim, opt.NegDim, opt.Threads, opt.Seed = kind, 6, 2, 1, 1
		opt.Iter, opt.Negative, opt.Alpha, opt.LambdaInit = 100, 10, 0.025, "random" // train -graph's defaults but the epochs
		r := reconstruct(t, e, opt)
		maps[kind] = r.MAP
		t.Logf("%s: mean rank %.2f, MAP %.3f, AUC %.3f", kind, r.MeanRank, r.MAP, r.AUC)
	}
	for _, kind := range []skipgram.Kind{skipgram.IPDS, skipgram.WIPS, skipgram.HSG} {
		if maps[skipgram.IPS]+0.08 > maps[kind] {
			t.Errorf("IPS MAP %.3f is not 0.08 below %s's %.3f", maps[skipgram.IPS], kind, maps[kind])
		}
	}
}
