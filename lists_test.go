package main

import (
	"fmt"
	"testing"

	"github.com/wipsvec/wipsvec/bench/speed"
	"github.com/wipsvec/wipsvec/internal/list"
)

// The commands' lists are internal/list's; these are the parsers of their
// items.
func TestParseKinds(t *testing.T) {
	if got, err := parseKinds("sg, wips"); err != nil || list.Join(got) != "sg,wips" {
		t.Errorf("parseKinds: %v, %v", got, err)
	}
}

func TestParseDistinctModels(t *testing.T) {
	models, err := list.Distinct("sg, sg/batch,wips,wips/exact,sg/batch/hot256,SG/batch", "model", speed.ParseModel)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(models); got != "[sg sg/batch wips wips/exact sg/batch/hot256]" {
		t.Fatalf("models %s", got)
	}
	if _, err := list.Distinct(" , ", "model", speed.ParseModel); err == nil {
		t.Error("an empty list was taken")
	}
}
