//go:build !linux

package skipgram

// AvailableMemory is unknown here: every run fits its Budget, and train
// keeps the ids in memory unless told -ids disk.
func AvailableMemory() (int64, bool) { return 0, false }
