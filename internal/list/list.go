// Package list reads and writes the comma-separated lists of the command
// line ("100,300", "sg,wips"), with one set of rules for every command:
// items split at commas, blanks around an item trimmed, empty items
// skipped, each item read by the caller's parser.
package list

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Parse reads the list s, each item by parse.
func Parse[T any](s string, parse func(string) (T, error)) ([]T, error) {
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

// Distinct is Parse with repeats (items that print the same) dropped and a
// list of none an error naming what it lacks.
func Distinct[T any](s, what string, parse func(string) (T, error)) ([]T, error) {
	xs, err := Parse(s, parse)
	if err != nil {
		return nil, err
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
		return nil, fmt.Errorf("no %s in %q", what, s)
	}
	return out, nil
}

// Ints reads a list of whole numbers.
func Ints(s string) ([]int, error) {
	return Parse(s, func(f string) (int, error) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return 0, fmt.Errorf("%q is not an integer", f)
		}
		return n, nil
	})
}

// Counts reads a list of positive whole numbers, in their order, repeats
// dropped, at least one.
func Counts(s string) ([]int, error) {
	return Distinct(s, "number", func(f string) (int, error) {
		x, err := strconv.Atoi(f)
		if err != nil || x < 1 {
			return 0, fmt.Errorf("%q is not a positive integer", f)
		}
		return x, nil
	})
}

// Floats reads a list of finite numbers.
func Floats(s string) ([]float64, error) {
	return Parse(s, func(f string) (float64, error) {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, fmt.Errorf("%q is not a finite number", f)
		}
		return x, nil
	})
}

// Join writes a list as Parse reads it, for a flag's default.
func Join[T any](xs []T) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}
