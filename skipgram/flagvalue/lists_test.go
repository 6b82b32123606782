package flagvalue

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestJoinList: JoinList writes what ParseList reads.
func TestJoinList(t *testing.T) {
	upper := func(s string) (string, error) { return strings.ToUpper(s), nil }
	if got, err := ParseList("sg, wips", upper); err != nil || JoinList(got) != "SG,WIPS" {
		t.Errorf("ParseList: %v, %v", got, err)
	}
}

// TestLists: every list is read by ParseList's rules (commas, blanks
// trimmed, empty items skipped) and JoinList writes what it reads.
func TestLists(t *testing.T) {
	var ints, counts []int
	var floats []float64
	if err := Ints(&ints).Set(" 100, ,300,"); err != nil || !slices.Equal(ints, []int{100, 300}) {
		t.Errorf("Ints: %v, %v", ints, err)
	}
	if err := Ints(&ints).Set("1,x"); err == nil || err.Error() != `"x" is not an integer` {
		t.Errorf("Ints: %v", err)
	}
	if err := Floats(&floats).Set("0.1,NaN"); err == nil {
		t.Error("Floats took NaN")
	}
	if err := Floats(&floats).Set(" 0.5,1e-3 "); err != nil || Floats(&floats).String() != "0.5,0.001" {
		t.Errorf("Floats: %v, %v", floats, err)
	}
	if err := Counts(&counts, 2).Set("2,1,2"); err != nil || !slices.Equal(counts, []int{2, 1}) {
		t.Errorf("Counts: %v, %v", counts, err)
	}
	for _, bad := range []string{"0", "1,-2", ",", "x", "1,3"} {
		if err := Counts(&counts, 2).Set(bad); err == nil {
			t.Errorf("Counts(%q) took it", bad)
		}
	}
}

func TestListDistinct(t *testing.T) {
	var got []string
	l := List[string]{P: &got, Distinct: "model", Parse: func(s string) (string, error) {
		if s == "bad" {
			return "", errors.New("bad item")
		}
		return strings.ToLower(s), nil
	}}
	if err := l.Set("sg, sg/batch,wips,SG/batch"); err != nil || fmt.Sprint(got) != "[sg sg/batch wips]" {
		t.Fatalf("Distinct: %v, %v", got, err)
	}
	if err := l.Set(" , "); err == nil || err.Error() != `no model in " , "` {
		t.Errorf("an empty list: %v", err)
	}
	if err := l.Set("a,bad"); err == nil || err.Error() != "bad item" {
		t.Errorf("a bad item: %v", err)
	}
}

// TestListFlag: a list flag shows its default as it reads it, and a bad
// item is the flag's error.
func TestListFlag(t *testing.T) {
	sizes := []int{100, 300}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(Counts(&sizes, 1000), "sizes", "`sizes`")
	if d := fs.Lookup("sizes").DefValue; d != "100,300" {
		t.Errorf("default %q", d)
	}
	if err := fs.Parse([]string{"-sizes", "5,x"}); err == nil || !strings.Contains(err.Error(), `"x" is not a positive integer`) {
		t.Errorf("a bad item: %v", err)
	}
	if err := fs.Parse([]string{"-sizes", "5, 7"}); err != nil || !slices.Equal(sizes, []int{5, 7}) {
		t.Errorf("sizes %v, %v", sizes, err)
	}
}
