package list

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestLists: every list is read by Parse's rules (commas, blanks trimmed,
// empty items skipped) and Join writes what it reads.
func TestLists(t *testing.T) {
	if got, err := Ints(" 100, ,300,"); err != nil || !slices.Equal(got, []int{100, 300}) {
		t.Errorf("Ints: %v, %v", got, err)
	}
	if _, err := Ints("1,x"); err == nil || err.Error() != `"x" is not an integer` {
		t.Errorf("Ints: %v", err)
	}
	if _, err := Floats("0.1,NaN"); err == nil {
		t.Error("Floats took NaN")
	}
	if got, err := Floats(" 0.5,1e-3 "); err != nil || Join(got) != "0.5,0.001" {
		t.Errorf("Floats: %v, %v", got, err)
	}
	if got, err := Counts("2,1,2"); err != nil || !slices.Equal(got, []int{2, 1}) {
		t.Errorf("Counts: %v, %v", got, err)
	}
	for _, bad := range []string{"0", "1,-2", ",", "x"} {
		if _, err := Counts(bad); err == nil {
			t.Errorf("Counts(%q) took it", bad)
		}
	}
}

func TestDistinct(t *testing.T) {
	lower := func(s string) (string, error) {
		if s == "bad" {
			return "", errors.New("bad item")
		}
		return strings.ToLower(s), nil
	}
	got, err := Distinct("sg, sg/batch,wips,SG/batch", "model", lower)
	if err != nil || fmt.Sprint(got) != "[sg sg/batch wips]" {
		t.Fatalf("Distinct: %v, %v", got, err)
	}
	if _, err := Distinct(" , ", "model", lower); err == nil || err.Error() != `no model in " , "` {
		t.Errorf("an empty list: %v", err)
	}
	if _, err := Distinct("a,bad", "model", lower); err == nil || err.Error() != "bad item" {
		t.Errorf("a bad item: %v", err)
	}
}
