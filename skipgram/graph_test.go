package skipgram

import (
	"context"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/graphdata"
)

func graphOptions(kind Kind) Options {
	opt := DefaultOptions()
	opt.Model, opt.Dim, opt.Iter, opt.Threads, opt.Seed, opt.NegDim = kind, 8, 5, 1, 3, 3
	return opt
}

func TestTrainGraphSingleThreadIsBitIdentical(t *testing.T) {
	for _, kind := range Kinds() {
		t.Run(string(kind), func(t *testing.T) {
			opt := graphOptions(kind)
			_, st := seedDecides(t, opt, func(o Options) (*Model, Stats, error) {
				return TrainGraph(context.Background(), graphdata.TreeClosure(3, 3), o)
			})
			if want := int64(opt.Iter * 2 * graphdata.TreeClosure(3, 3).Edges()); st.Words != want || st.Pairs != want {
				t.Errorf("trained %d pairs (%d counted), want iter x 2 x edges = %d", st.Pairs, st.Words, want)
			}
		})
	}
}

func TestTrainGraphDirectedUniformWeighted(t *testing.T) {
	g := graphdata.TreeClosure(2, 3)
	g.Directed, g.Noise = true, NoiseUniform
	g.Weights = make([]float32, g.Edges())
	for i := range g.Weights {
		g.Weights[i] = 0.5
	}
	opt := graphOptions(IPDS)
	opt.Threads = 3
	_, st, err := TrainGraph(context.Background(), g, opt)
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(opt.Iter * g.Edges()); st.Pairs != want {
		t.Errorf("directed: %d pairs, want iter x edges = %d", st.Pairs, want)
	}
}

// TrainGraph refuses a graph that Graph.Check refuses (graphdata's
// TestCheck has every refusal), before it trains.
func TestTrainGraphRejectsBadInput(t *testing.T) {
	for want, g := range map[string]*Graph{
		"outside [0, 3)": {Nodes: 3, Pairs: []int32{0, 3}, Noise: NoiseUnigram},
		"distribution":   {Nodes: 3, Pairs: []int32{0, 1}, Noise: "zipf"},
	} {
		_, _, err := TrainGraph(context.Background(), g, graphOptions(IPS))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v", want, err)
		}
	}
}

// On a complete graph every draw is a neighbour of its context: filtered,
// no negative is ever trained and the loss (positives only) goes to zero;
// kept, each positive pair is also a negative and the loss stays high.
func TestTrainGraphSkipsLinkedNegatives(t *testing.T) {
	complete := func(keep bool) *Graph {
		g := &Graph{Nodes: 6, Noise: NoiseUniform, KeepLinkedNegatives: keep}
		for u := range int32(6) {
			for v := u + 1; v < 6; v++ {
				g.Pairs = append(g.Pairs, u, v)
			}
		}
		return g
	}
	opt := graphOptions(IPS)
	opt.Iter = 200
	_, filtered, err := TrainGraph(context.Background(), complete(false), opt)
	if err != nil {
		t.Fatal(err)
	}
	_, kept, _ := TrainGraph(context.Background(), complete(true), opt)
	if !(filtered.Loss < 0.1 && kept.Loss > 1) {
		t.Errorf("final loss %.3f with linked negatives skipped, %.3f kept; want < 0.1 and > 1", filtered.Loss, kept.Loss)
	}
}

// BenchmarkTrainGraph trains the closure of a tree about the size of the
// WordNet noun closure (87,381 nodes, 559,240 edges) at K = 10 with 10
// uniform negatives, as train -graph does by default, on one thread, and
// reports trained pairs per second.
func BenchmarkTrainGraph(b *testing.B) {
	for _, kind := range []Kind{IPS, WIPS, HSG} {
		b.Run(string(kind), func(b *testing.B) {
			g := graphdata.TreeClosure(4, 8)
			g.Noise = NoiseUniform
			opt := graphOptions(kind)
			opt.Dim, opt.Negative, opt.Iter, opt.Alpha = 10, 10, 3, 0.05
			var pairs int64
			var secs float64
			for b.Loop() {
				_, st, err := TrainGraph(context.Background(), g, opt)
				if err != nil {
					b.Fatal(err)
				}
				pairs += st.Pairs
				secs += st.Elapsed.Seconds()
			}
			b.ReportMetric(float64(pairs)/secs, "pairs/s")
		})
	}
}
