package skipgram

import (
	"context"
	"testing"
	"unsafe"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
)

// pagesAround is the most the pages around two workers' replica buffers
// (each replica and its base, for two matrices) add to the rows they hold.
const pagesAround = 2 * 2 * 2 * (2*hogwild.PageBytes + 128)

// TestEstimateMemory checks the estimate's parts against what training
// allocates: rows rounded up to whole cache lines, one matrix per view.
func TestEstimateMemory(t *testing.T) {
	o := DefaultOptions()
	o.Dim, o.Threads = 100, 2
	sg := EstimateMemory(o, 1000)
	if want := int64(4 * 2 * 1000 * 112); sg.Matrices != want {
		t.Errorf("SG matrices %d, want %d (two matrices, rows of 112 floats)", sg.Matrices, want)
	}
	o.Model = IPS
	if ips := EstimateMemory(o, 1000); ips.Matrices*2 != sg.Matrices {
		t.Errorf("IPS matrices %d, want half of SG's %d", ips.Matrices, sg.Matrices)
	}
	// The buffers grow with the threads; no model's rows are replicated
	// by default.
	o.HotRows = DefaultHotRows
	two := EstimateMemory(o, 1000)
	o.Threads = 4
	if four := EstimateMemory(o, 1000); four.Threads != 2*two.Threads {
		t.Errorf("4 threads' buffers %d, want twice 2 threads' %d", four.Threads, two.Threads)
	}
	o.Threads = 2
	// Each worker of a run on several threads replicates the hot rows of
	// every matrix: twice (the replica and its base) per row.
	o.Model, o.HotRows = SG, 300
	o.Threads = 1
	one := EstimateMemory(o, 1000)
	o.Threads = 2
	if got, want := EstimateMemory(o, 1000).Threads-2*one.Threads, int64(2*2*300*2*4*112); got < want || got > want+pagesAround {
		t.Errorf("SG's hot-row replicas on 2 threads: %d bytes, want %d", got, want)
	}
	o.HotRows = 5000 // more than the rows: all of them
	if got, want := EstimateMemory(o, 1000).Threads-2*one.Threads, int64(2*2*1000*2*4*112); got < want || got > want+pagesAround {
		t.Errorf("SG's replicas of all 1000 rows on 2 threads: %d bytes, want %d", got, want)
	}
	for _, kind := range []Kind{SG, IPS} {
		o.Model = kind
		m := NewModel(o, 1000)
		if got, want := int64(4*(len(m.In)+len(m.Out))), EstimateMemory(o, 1000).Matrices; got != want {
			t.Errorf("%s allocates %d bytes of parameters, the estimate says %d", kind, got, want)
		}
	}
}

// TestEstimateMemoryCountsWhatAWorkersKernelTakes: for every architecture
// (batch windows, pairs, CBOW, hierarchical softmax, subwords) the
// estimate covers what a worker of a run made from data allocates, its
// kernel the one that trains, by at most 5% more.
func TestEstimateMemoryCountsWhatAWorkersKernelTakes(t *testing.T) {
	v, stream := syntheticCorpus(t, 3000, 1)
	for _, kind := range []Kind{SG, WIPS} {
		for _, arch := range []struct {
			name                    string
			batch, cbow, hs, subwds bool
		}{
			{"batch", true, false, false, false}, {"pairs", false, false, false, false}, {"cbow", false, true, false, false},
			{"hs", true, false, true, false}, {"cbow-hs", false, true, true, false},
			{"subwords-batch", true, false, false, true}, {"subwords-pairs", false, false, false, true}, {"subwords-cbow", false, true, false, true},
		} {
			if arch.hs && kind != SG {
				continue
			}
			o := DefaultOptions()
			o.Model, o.Dim, o.Threads, o.Batch, o.CBOW, o.HS = kind, 100, 2, arch.batch, arch.cbow, arch.hs
			if arch.subwds {
				o.Subwords = testSubwords
			}
			j := &Job{Options: o, Vocab: v, Text: [][]int32{stream}}
			r, err := j.newRun(context.Background())
			if err != nil {
				t.Fatalf("%s %s: %v", kind, arch.name, err)
			}
			w := newWorker(r, 0, kind.def().workerKernels(r))
			got := w.scratch.Bytes() + int64(unsafe.Sizeof(*w)) + 8<<10
			est := j.Memory().Threads / 2
			if est < got || float64(est) > 1.05*float64(got) {
				t.Errorf("%s %s: the estimate says %d bytes a worker, a worker takes %d", kind, arch.name, est, got)
			}
		}
	}
}

// TestEstimateMemoryCountsWhatAWorkerTakes: the estimate of a worker's
// memory, extended from two small sizes, covers what a worker of the run's
// own size allocates (its scratch allocator's count), by less than a
// percent more.
func TestEstimateMemoryCountsWhatAWorkerTakes(t *testing.T) {
	for _, kind := range Kinds() {
		for _, batch := range []bool{false, true} {
			o := DefaultOptions()
			o.Model, o.Dim, o.Threads, o.Batch, o.NegDim = kind, 100, 2, batch, 3
			r := bareRun(o, NewModel(o, 5000), nil)
			w := newWorker(r, 0, kind.def().workerKernels(r))
			got := w.scratch.Bytes() + int64(unsafe.Sizeof(*w)) + 8<<10
			est := EstimateMemory(o, 5000).Threads / 2
			if est < got || float64(est) > 1.01*float64(got) {
				t.Errorf("%s, batch %v: the estimate says %d bytes a worker, a worker takes %d", kind, batch, est, got)
			}
		}
	}
}
