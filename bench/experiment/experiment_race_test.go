//go:build race

package experiment

// raceEnabled lets slow, single-goroutine tests step aside under -race.
const raceEnabled = true
