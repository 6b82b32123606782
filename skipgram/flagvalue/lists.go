package flagvalue

// The command line's comma-separated lists ("100,300", "sg,wips"), with one
// set of rules for every command: items split at commas, blanks around an
// item trimmed, empty items skipped, each item read by the caller's parser.

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// List is a list flag's value: each item read by Parse. With Distinct set
// (what an item is), repeats (items that print the same) are dropped and a
// list of none is refused.
type List[T any] struct {
	P        *[]T
	Parse    func(string) (T, error)
	Distinct string
}

func (l List[T]) String() string {
	if l.P == nil {
		return ""
	}
	return JoinList(*l.P)
}

func (l List[T]) Set(s string) error {
	xs, err := ParseList(s, l.Parse)
	if err != nil || l.Distinct == "" {
		if err == nil {
			*l.P = xs
		}
		return err
	}
	var out []T
	seen := make(map[string]bool)
	for _, x := range xs {
		if key := fmt.Sprint(x); !seen[key] {
			seen[key] = true
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return fmt.Errorf("no %s in %q", l.Distinct, s)
	}
	*l.P = out
	return nil
}

// ParseList reads the list s, each item by parse.
func ParseList[T any](s string, parse func(string) (T, error)) ([]T, error) {
	var out []T
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		x, err := parse(f)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// JoinList writes a list as ParseList reads it.
func JoinList[T any](xs []T) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}

// Ints is a list of whole numbers.
func Ints(p *[]int) List[int] {
	return List[int]{P: p, Parse: func(f string) (int, error) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return 0, fmt.Errorf("%q is not an integer", f)
		}
		return n, nil
	}}
}

// Counts is a list of whole numbers from 1 to hi, in their order, repeats
// dropped, at least one.
func Counts(p *[]int, hi int) List[int] {
	return List[int]{P: p, Distinct: "number", Parse: func(f string) (int, error) {
		x, err := strconv.Atoi(f)
		switch {
		case err != nil || x < 1:
			return 0, fmt.Errorf("%q is not a positive integer", f)
		case x > hi:
			return 0, fmt.Errorf("%d is not from 1 to %d", x, hi)
		}
		return x, nil
	}}
}

// Floats is a list of finite numbers.
func Floats(p *[]float64) List[float64] {
	return List[float64]{P: p, Parse: func(f string) (float64, error) {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, fmt.Errorf("%q is not a finite number", f)
		}
		return x, nil
	}}
}
