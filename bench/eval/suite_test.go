package eval

import (
	"strings"
	"testing"
)

func TestSuite(t *testing.T) {
	s, err := FindSuite(nil, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Datasets) != len(DefaultDatasets) || len(s.Paths) != len(DefaultDatasets) || s.Analogy != "" {
		t.Fatalf("the default suite: %d datasets, %d paths, analogy %q", len(s.Datasets), len(s.Paths), s.Analogy)
	}
	vec, _ := writeModelFiles(t, t.TempDir())
	m := mustLoadModel(t, vec)
	results, ar, err := s.Run(m)
	if err != nil || len(results) != len(DefaultDatasets) || ar != nil {
		t.Fatalf("Run: %d results, analogies %v, %v", len(results), ar, err)
	}
	for i, r := range results {
		if r.Dataset != s.Datasets[i].Name || r.Pairs == 0 {
			t.Errorf("result %d: %+v", i, r)
		}
	}
	if _, err := FindSuite([]string{"no-such-benchmark"}, "", 0); err == nil {
		t.Error("an unknown benchmark was found")
	}
	if _, err := FindSuite(nil, "no-such-analogies", 0); err == nil || !strings.HasPrefix(err.Error(), "analogies: ") {
		t.Errorf("an unknown analogy file: %v", err)
	}
}
