package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram"
)

// cellEnds returns the columns at which the cells of a right-aligned table
// line end: each position where a run of non-blanks stops.
func cellEnds(line string) []int {
	var ends []int
	for i := range len(line) {
		if line[i] != ' ' && (i+1 == len(line) || line[i+1] == ' ') {
			ends = append(ends, i)
		}
	}
	return ends
}

// TestDemoTableAligned checks that the real-corpus table is one table: SG's
// two rows and the one-view models' rows, whose cells differ in width, all
// end their cells in the header's columns.
func TestDemoTableAligned(t *testing.T) {
	datasets := []string{"simlex999", "yp-130", "wordsim353-sim", "wordsim353-rel"}
	rows := []demoRow{
		{skipgram.SG, "cos", []float64{26.5, 30.1, 68.2, 55.0}, 123456},
		{skipgram.SG, "ip", []float64{20.0, 2.5, 60.75, 48.0}, 123456},
		{skipgram.IPS, "ip", []float64{-5.25, 100, 1, 0}, 98765},
		{skipgram.IPDS, "ipds(q=50)", []float64{12.5, -0.04, 33.3, 7}, 4321},
		{skipgram.WIPS, "wip", []float64{31.4, 41.2, 70.1, 57.9}, 87654},
	}
	var b bytes.Buffer
	if err := writeDemoTable(&b, datasets, rows); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	if len(lines) != 1+len(rows) {
		t.Fatalf("%d lines, want a header and %d rows:\n%s", len(lines), len(rows), b.String())
	}
	want := cellEnds(lines[0])
	if len(want) != 2+len(datasets)+1 {
		t.Fatalf("header %q has %d cells, want %d", lines[0], len(want), 2+len(datasets)+1)
	}
	for _, l := range lines[1:] {
		if got := cellEnds(l); !slices.Equal(got, want) {
			t.Errorf("row %q ends its cells at %v, the header at %v:\n%s", l, got, want, b.String())
		}
	}
	if !strings.Contains(lines[3], "ips") || !strings.Contains(lines[3], "-5.2") || !strings.HasSuffix(lines[3], "98765") {
		t.Errorf("ips row %q: want the model, its rho x100 to one decimal and its speed", lines[3])
	}
}
