package hogwild

// How many rows a worker keeps replicas of by default (Replicas): a model
// that keeps them has every worker of a run on n >= 2 threads keep
// replicas of the first DefaultTargetRows*2/n rows its targets are drawn
// from, the first DefaultHotRows*2/n of them merged every hot sync and the
// rest every TargetSync tokens (the vocabulary is ordered by count, a
// graph's nodes by degree). A merge by projection or by the mean gives a
// row about one worker's learning where plain Hogwild gives it every
// worker's, so the more workers, the fewer rows are kept apart; two
// threads keep the rows that train them 5-13% faster (docs/scaling.md).
// The policy is here, on plain numbers, beside the replicas it sizes; the
// trainer says which models keep replicas.
const (
	DefaultHotRows    = 64
	DefaultTargetRows = 4096
	TargetSync        = 200_000
	// ModelRows is the rows a caller gives to leave the number to the
	// model (HotRows, TargetRows).
	ModelRows = -1
)

// HotRows is how many rows of each matrix a worker of a run on threads
// threads replicates, merged every hot sync (before the cap by the
// matrix's rows): none on one thread; on n more, given, or for ModelRows
// DefaultHotRows*2/n where the model keeps replicas and none where it
// does not.
func HotRows(threads, given int, keeps bool) int {
	switch {
	case threads < 2:
		return 0
	case given == ModelRows && keeps:
		return DefaultHotRows * 2 / threads
	case given == ModelRows:
		return 0
	}
	return given
}

// TargetRows is how many of the rows its targets are drawn from each
// worker keeps apart, the first HotRows merged as the hot rows and the
// rest every TargetSync tokens: for ModelRows DefaultTargetRows*2/n on
// n >= 2 threads where the model keeps replicas, and none otherwise.
func TargetRows(threads, given int, keeps bool) int {
	if given == ModelRows && threads >= 2 && keeps {
		return DefaultTargetRows * 2 / threads
	}
	return 0
}
