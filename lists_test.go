package main

import (
	"fmt"
	"slices"
	"testing"

	"github.com/wipsvec/wipsvec/bench/speed"
)

// TestLists: every list flag is read by parseList's rules (commas, blanks
// trimmed, empty items skipped) and joinList writes what it reads.
func TestLists(t *testing.T) {
	if got, err := parseInts(" 100, ,300,"); err != nil || !slices.Equal(got, []int{100, 300}) {
		t.Errorf("parseInts: %v, %v", got, err)
	}
	if _, err := parseInts("1,x"); err == nil || err.Error() != `"x" is not an integer` {
		t.Errorf("parseInts: %v", err)
	}
	if _, err := parseFloat64s("0.1,NaN"); err == nil {
		t.Error("parseFloat64s took NaN")
	}
	if got, err := parseKinds("sg, wips"); err != nil || joinList(got) != "sg,wips" {
		t.Errorf("parseKinds: %v, %v", got, err)
	}
	if got, err := parseCounts("2,1,2"); err != nil || !slices.Equal(got, []int{2, 1}) {
		t.Errorf("parseCounts: %v, %v", got, err)
	}
	for _, bad := range []string{"0", "1,-2", ",", "x"} {
		if _, err := parseCounts(bad); err == nil {
			t.Errorf("parseCounts(%q) took it", bad)
		}
	}
}

func TestParseDistinctModels(t *testing.T) {
	models, err := parseDistinct("sg, sg/batch,wips,wips/exact,sg/batch/hot256,SG/batch", "model", speed.ParseModel)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(models); got != "[sg sg/batch wips wips/exact sg/batch/hot256]" {
		t.Fatalf("models %s", got)
	}
	if _, err := parseDistinct(" , ", "model", speed.ParseModel); err == nil {
		t.Error("an empty list was taken")
	}
}
