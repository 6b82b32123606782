package skipgram

import (
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
)

// TestPlanResolvesTheDefaults: a run's defaults are worked out once into
// its plan, from the settings, the rows and whether it trains a graph,
// and the settings as given are kept apart.
func TestPlanResolvesTheDefaults(t *testing.T) {
	for _, c := range []struct {
		name  string
		edit  func(o *Options)
		rows  int
		graph bool
		want  Plan // the fields compared below
	}{
		{"sg, one thread", func(o *Options) {}, 10_000, false,
			Plan{Options: Options{Settings: Settings{Batch: true, ShareNoise: 2}}, Lanes: 1}},
		{"sg, pairs", func(o *Options) { o.Batch = false }, 10_000, false,
			Plan{Options: Options{Settings: Settings{ShareNoise: 1}}, Lanes: 1}},
		{"ips, four threads", func(o *Options) { o.Model, o.Threads = IPS, 4 }, 1000, false,
			Plan{Options: Options{Settings: Settings{Batch: true, ShareNoise: 1}}, Lanes: 4, Tail: hogwild.TailCut}},
		{"cbow, two threads", func(o *Options) { o.CBOW, o.Threads = true, 2 }, 10_000, false,
			Plan{Options: Options{Settings: Settings{ShareNoise: 1, HotRows: 64}}, Lanes: 2, Tail: hogwild.TailCut}},
		{"hs, two threads", func(o *Options) { o.HS, o.Threads = true, 2 }, 10_000, false,
			Plan{Options: Options{Settings: Settings{Batch: true, ShareNoise: 2}}, TreeRows: 64, Lanes: 2, Tail: hogwild.TailCut}},
		{"hsg graph, two threads, more rows asked for than nodes", func(o *Options) { o.Model, o.Threads, o.HotRows = HSG, 2, 200 }, 100, true,
			Plan{Options: Options{Settings: Settings{ShareNoise: 1, HotRows: 100}}, Lanes: 2, Block: 64}},
	} {
		o := DefaultOptions()
		c.edit(&o)
		given := o.Settings
		p := newPlan(o, c.rows, 1000, c.graph)
		w := c.want
		if p.Batch != w.Batch || p.ShareNoise != w.ShareNoise || p.HotRows != w.HotRows ||
			p.TreeRows != w.TreeRows || p.Lanes != w.Lanes || p.Tail != w.Tail || p.Block != w.Block {
			t.Errorf("%s: batch %v, share %d, hot %d, tree %d, lanes %d, tail %d, block %d; want %v, %d, %d, %d, %d, %d, %d",
				c.name, p.Batch, p.ShareNoise, p.HotRows, p.TreeRows, p.Lanes, p.Tail, p.Block,
				w.Batch, w.ShareNoise, w.HotRows, w.TreeRows, w.Lanes, w.Tail, w.Block)
		}
		if p.Given != given || o.Settings != given {
			t.Errorf("%s: the settings as given became %+v", c.name, p.Given)
		}
		// The resolved settings resolve to themselves: a kernel that asks
		// again gets the plan's answer.
		if again := p.SharedNoise(); again != p.ShareNoise {
			t.Errorf("%s: the plan's SharedNoise is %d, its ShareNoise %d", c.name, again, p.ShareNoise)
		}
	}
}
