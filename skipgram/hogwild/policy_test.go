package hogwild

import "testing"

func TestReplicaPolicy(t *testing.T) {
	for _, c := range []struct {
		threads, given int
		keeps          bool
		hot, target    int
	}{
		{1, ModelRows, true, 0, 0},
		{2, ModelRows, true, DefaultHotRows, DefaultTargetRows},
		{4, ModelRows, true, DefaultHotRows / 2, DefaultTargetRows / 2},
		{2, ModelRows, false, 0, 0},
		{2, 10, true, 10, 0},
		{1, 10, true, 0, 0},
	} {
		if h, tr := HotRows(c.threads, c.given, c.keeps), TargetRows(c.threads, c.given, c.keeps); h != c.hot || tr != c.target {
			t.Errorf("%+v: hot %d, target %d", c, h, tr)
		}
	}
}
