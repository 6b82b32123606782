//go:build !linux

package main

// availableMemory is unknown here: train keeps the ids in memory unless
// told -ids disk.
func availableMemory() (int64, bool) { return 0, false }
