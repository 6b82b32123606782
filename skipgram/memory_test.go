package skipgram

import "testing"

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
	o.Threads = 4
	if four := EstimateMemory(o, 1000); four.Threads != 2*sg.Threads {
		t.Errorf("4 threads' buffers %d, want twice 2 threads' %d", four.Threads, sg.Threads)
	}
	for _, kind := range []Kind{SG, IPS} {
		o.Model = kind
		m := NewModel(o, 1000)
		if got, want := int64(4*(len(m.In)+len(m.Out))), EstimateMemory(o, 1000).Matrices; got != want {
			t.Errorf("%s allocates %d bytes of parameters, the estimate says %d", kind, got, want)
		}
	}
}
