package skipgram

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/graphdata"
)

// TestJobTrainsTextAndGraph: one Job type, through one run constructor,
// trains a text and a graph, each as itself, and returns the model with
// its sidecar and the plan the run read: a text's batch windows, a
// graph's pairs whatever Batch said.
func TestJobTrainsTextAndGraph(t *testing.T) {
	v, stream := syntheticCorpus(t, 5000, 1)
	opt := testOptions(SG)
	text := &Job{Options: opt, Vocab: v, Text: [][]int32{stream}, Source: Source{MinCount: 3}}
	g := graphdata.TreeClosure(3, 3)
	graph := &Job{Options: graphOptions(SG), Graph: g}
	for _, c := range []struct {
		name  string
		job   *Job
		batch bool
		rows  int
	}{{"text", text, true, v.Len()}, {"graph", graph, false, g.Nodes}} {
		res, err := c.job.Train(context.Background())
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		p := res.Plan
		if p.Graph != (c.job.Graph != nil) || p.Batch != c.batch || !p.Given.Batch || p.Rows != c.rows || res.Model.Words != c.rows {
			t.Errorf("%s: plan graph %v, batch %v (given %v), %d rows; model %d rows", c.name, p.Graph, p.Batch, p.Given.Batch, p.Rows, res.Model.Words)
		}
		if res.Meta == nil || res.Meta.Plan == nil || res.Meta.Plan.Batch != c.batch || (res.Meta.Graph != nil) != p.Graph {
			t.Fatalf("%s: sidecar %+v", c.name, res.Meta)
		}
	}
	if text.Source.MinCount != 3 {
		t.Fatal("the job changed its settings")
	}
	// The wrappers are the job: the same bits.
	m, _, err := TrainChunks(context.Background(), v, [][]int32{stream}, opt)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := text.Train(context.Background())
	sameModel(t, "TrainChunks against the job", m, res.Model)
}

// TestJobLeavesTheEdgesAlone: the run trains a shuffled copy of the
// edges; the caller's pairs and weights keep their order.
func TestJobLeavesTheEdgesAlone(t *testing.T) {
	g := graphdata.TreeClosure(3, 3)
	for i := range g.Edges() {
		g.Weights = append(g.Weights, 1+float32(i%3)/4)
	}
	pairs, weights := slices.Clone(g.Pairs), slices.Clone(g.Weights)
	job := &Job{Options: graphOptions(WIPS), Graph: g}
	first, err := job.Train(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.Pairs, pairs) || !slices.Equal(g.Weights, weights) {
		t.Fatal("training moved the caller's edges")
	}
	again, err := job.Train(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	sameModel(t, "the same job twice", again.Model, first.Model)
}

// TestJobResumesFromItsCheckpointsSettings: a graph job's checkpoint
// holds its settings whole, the graph's and the minimum count included,
// and no command line; a job made from it alone resumes the run to the
// uninterrupted one's bits.
func TestJobResumesFromItsCheckpointsSettings(t *testing.T) {
	e := treeEdges(t, 3, 4)
	graph := func(s GraphSettings, minCount int64) *Graph {
		_, g, err := NewGraph(e, minCount)
		if err != nil {
			t.Fatal(err)
		}
		g.Directed, g.Noise, g.KeepLinkedNegatives = s.Directed, s.Noise, s.KeepLinkedNegatives
		return g
	}
	opt := DefaultGraphOptions()
	opt.Model, opt.Dim, opt.Iter, opt.Threads, opt.Seed = WIPS, 6, 6, 1, 3
	settings := GraphSettings{Directed: true, Noise: NoiseUnigram}
	want, err := (&Job{Options: opt, Graph: graph(settings, 1), Source: Source{MinCount: 1}}).Train(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "run.ckpt")
	stopped := &Job{Options: opt, Graph: graph(settings, 1), Source: Source{MinCount: 1}, CheckpointPath: path}
	if _, err := stopped.Train(withHooks(context.Background(), testHooks{stopAfter: 20})); !errors.Is(err, errStopped) {
		t.Fatalf("stopped: %v", err)
	}
	snap, err := ReadCheckpoint(path)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Command != nil || snap.Data == nil || snap.Data.Graph == nil || *snap.Data.Graph != settings || snap.Data.MinCount != 1 {
		t.Fatalf("the checkpoint holds command %q, settings %+v", snap.Command, snap.Data)
	}
	resumed := &Job{Options: snap.Options, Graph: graph(*snap.Data.Graph, snap.Data.MinCount), Source: Source{MinCount: snap.Data.MinCount}}
	resumed.Start = Resumed{snap}
	got, err := resumed.Train(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	sameModel(t, "resumed from the checkpoint's settings", got.Model, want.Model)

	other := &Job{Options: snap.Options, Graph: graph(GraphSettings{Noise: NoiseUnigram}, 1)}
	other.Start = Resumed{snap}
	if _, err := other.Train(context.Background()); err == nil || !strings.Contains(err.Error(), "graph's settings differ") {
		t.Fatalf("resumed undirected: %v", err)
	}
}
