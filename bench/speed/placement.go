package speed

import (
	"fmt"
	"slices"
	"strings"
)

// NearNs is where the core-to-core probe tells the two placements apart:
// about 60 ns when the host puts the CPUs close (one core complex), 350 to
// 650 ns when it puts them far apart.
const NearNs = 150

// placement names where the probes before and after a row's runs found
// the CPUs (see ThroughputRow.Placement). A run with one probe missing is
// read from the other; one with neither is left out.
func placement(before, after []float64) string {
	var counts [3]int // near, far, moved
	for i := range max(len(before), len(after)) {
		b, a := at(before, i), at(after, i)
		switch {
		case b <= 0 && a <= 0:
			continue
		case b <= 0:
			b = a
		case a <= 0:
			a = b
		}
		switch {
		case b < NearNs && a < NearNs:
			counts[0]++
		case b >= NearNs && a >= NearNs:
			counts[1]++
		default:
			counts[2]++
		}
	}
	total := counts[0] + counts[1] + counts[2]
	if total == 0 {
		return ""
	}
	names := [3]string{"near", "far", "moved"}
	var parts []string
	for i, n := range counts {
		if n == total {
			return names[i]
		}
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, names[i]))
		}
	}
	return strings.Join(parts, ", ")
}

// at is xs[i], or 0 past its end.
func at(xs []float64, i int) float64 {
	if i < len(xs) {
		return xs[i]
	}
	return 0
}

// coreToCoreRounds is the length of the probe before each multi-threaded
// run: 20,000 round trips, 1 to 10 ms.
const coreToCoreRounds = 20_000

// probeCoreToCore is one probe (CoreToCore) in ns, 0 where it could not be
// measured.
func probeCoreToCore() float64 {
	d, err := CoreToCore(coreToCoreRounds)
	if err != nil {
		return 0
	}
	return float64(d.Nanoseconds())
}

// nsOrUnknown formats a probe for the log.
func nsOrUnknown(ns float64) string {
	if ns <= 0 {
		return "unknown"
	}
	return fmt.Sprintf("%.0f ns", ns)
}

// probeAround probes the core-to-core round trip before a run of row on
// more than one thread. The function it returns is called right after the
// run: it probes again and gives the log line's note of both ("" on one
// thread).
func probeAround(row *ThroughputRow) (after func() string) {
	if row.Threads < 2 {
		return func() string { return "" }
	}
	before := probeCoreToCore()
	row.RunCoreToCoreNs = append(row.RunCoreToCoreNs, before)
	return func() string {
		after := probeCoreToCore()
		row.RunCoreToCoreAfterNs = append(row.RunCoreToCoreAfterNs, after)
		return fmt.Sprintf(" (core-to-core %s before, %s after)", nsOrUnknown(before), nsOrUnknown(after))
	}
}

// probeSummary sums up the cells' core-to-core probes; nil if none was
// measured.
func probeSummary(cells []*cell) *CoreToCoreSummary {
	var probes []float64
	for _, c := range cells {
		for _, ns := range slices.Concat(c.row.RunCoreToCoreNs, c.row.RunCoreToCoreAfterNs) {
			if ns > 0 {
				probes = append(probes, ns)
			}
		}
	}
	if len(probes) == 0 {
		return nil
	}
	return &CoreToCoreSummary{Probes: len(probes), MedianNs: median(probes),
		MinNs: slices.Min(probes), MaxNs: slices.Max(probes)}
}
