//go:build race

package bench

// raceEnabled lets slow, single-goroutine tests step aside under -race.
const raceEnabled = true
