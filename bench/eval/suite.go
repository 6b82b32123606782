package eval

import "fmt"

// Suite is what eval scores a model on: word-similarity benchmarks and,
// optionally, an analogy file. It is found before the (slow) read of the
// vectors, so that a typo fails at once.
type Suite struct {
	Datasets []*Dataset
	Paths    []string // where each benchmark was read from
	Analogy  string   // the analogy file, "" for none
	Restrict int      // analogies: answered among this many most frequent words
}

// FindSuite reads the benchmarks names (DefaultDatasets when none) and
// finds the analogy file analogy, if given, as FindDataset and
// ResolveDataset find them.
func FindSuite(names []string, analogy string, restrict int) (*Suite, error) {
	if len(names) == 0 {
		names = DefaultDatasets
	}
	s := &Suite{Datasets: make([]*Dataset, len(names)), Paths: make([]string, len(names)), Restrict: restrict}
	for i, name := range names {
		var err error
		if s.Datasets[i], s.Paths[i], err = FindDataset(name); err != nil {
			return nil, err
		}
	}
	if analogy != "" {
		var err error
		if s.Analogy, err = ResolveDataset(analogy); err != nil {
			return nil, fmt.Errorf("analogies: %w", err)
		}
	}
	return s, nil
}

// Run scores m on the suite: a Result per benchmark, with m's own
// similarities and its composed vectors for unseen words, and the
// analogies' (nil when the suite has none).
func (s *Suite) Run(m *Model) ([]Result, *AnalogyResult, error) {
	var results []Result
	for _, d := range s.Datasets {
		results = append(results, EvaluateUnseen(m.Vectors, m.Sims, d, m.Unseen()))
	}
	if s.Analogy == "" {
		return results, nil, nil
	}
	r, err := EvaluateAnalogies(m.Vectors, s.Analogy, s.Restrict)
	if err != nil {
		return nil, nil, err
	}
	return results, &r, nil
}
