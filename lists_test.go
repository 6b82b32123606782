package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/bench/speed"
	"github.com/wipsvec/wipsvec/skipgram"
)

func TestParseKinds(t *testing.T) {
	if got, err := parseList("sg, wips", skipgram.ParseKind); err != nil || joinList(got) != "sg,wips" {
		t.Errorf("parseList of kinds: %v, %v", got, err)
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

// TestLists: every list is read by parseList's rules (commas, blanks trimmed,
// empty items skipped) and joinList writes what it reads.
func TestLists(t *testing.T) {
	if got, err := parseInts(" 100, ,300,"); err != nil || !slices.Equal(got, []int{100, 300}) {
		t.Errorf("Ints: %v, %v", got, err)
	}
	if _, err := parseInts("1,x"); err == nil || err.Error() != `"x" is not an integer` {
		t.Errorf("Ints: %v", err)
	}
	if _, err := parseFloats("0.1,NaN"); err == nil {
		t.Error("Floats took NaN")
	}
	if got, err := parseFloats(" 0.5,1e-3 "); err != nil || joinList(got) != "0.5,0.001" {
		t.Errorf("Floats: %v, %v", got, err)
	}
	if got, err := parseCounts("2,1,2", 2); err != nil || !slices.Equal(got, []int{2, 1}) {
		t.Errorf("Counts: %v, %v", got, err)
	}
	for _, bad := range []string{"0", "1,-2", ",", "x", "1,3"} {
		if _, err := parseCounts(bad, 2); err == nil {
			t.Errorf("parseCounts(%q) took it", bad)
		}
	}
}

func TestParseDistinct(t *testing.T) {
	lower := func(s string) (string, error) {
		if s == "bad" {
			return "", errors.New("bad item")
		}
		return strings.ToLower(s), nil
	}
	got, err := parseDistinct("sg, sg/batch,wips,SG/batch", "model", lower)
	if err != nil || fmt.Sprint(got) != "[sg sg/batch wips]" {
		t.Fatalf("parseDistinct: %v, %v", got, err)
	}
	if _, err := parseDistinct(" , ", "model", lower); err == nil || err.Error() != `no model in " , "` {
		t.Errorf("an empty list: %v", err)
	}
	if _, err := parseDistinct("a,bad", "model", lower); err == nil || err.Error() != "bad item" {
		t.Errorf("a bad item: %v", err)
	}
}
