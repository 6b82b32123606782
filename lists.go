package main

// The command line's comma-separated lists ("100,300", "sg,wips"), with one
// set of rules for every command: items split at commas, blanks around an
// item trimmed, empty items skipped, each item read by the caller's parser.

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// parseList reads the list s, each item by parse.
func parseList[T any](s string, parse func(string) (T, error)) ([]T, error) {
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

// parseDistinct is Parse with repeats (items that print the same) dropped and a
// list of none an error naming what it lacks.
func parseDistinct[T any](s, what string, parse func(string) (T, error)) ([]T, error) {
	xs, err := parseList(s, parse)
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

// parseInts reads a list of whole numbers.
func parseInts(s string) ([]int, error) {
	return parseList(s, func(f string) (int, error) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return 0, fmt.Errorf("%q is not an integer", f)
		}
		return n, nil
	})
}

// parseCounts reads a list of whole numbers from 1 to hi, in their order,
// repeats dropped, at least one.
func parseCounts(s string, hi int) ([]int, error) {
	return parseDistinct(s, "number", func(f string) (int, error) {
		x, err := strconv.Atoi(f)
		switch {
		case err != nil || x < 1:
			return 0, fmt.Errorf("%q is not a positive integer", f)
		case x > hi:
			return 0, fmt.Errorf("%d is not from 1 to %d", x, hi)
		}
		return x, nil
	})
}

// parseFloats reads a list of finite numbers.
func parseFloats(s string) ([]float64, error) {
	return parseList(s, func(f string) (float64, error) {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, fmt.Errorf("%q is not a finite number", f)
		}
		return x, nil
	})
}

// joinList writes a list as Parse reads it, for a flag's default.
func joinList[T any](xs []T) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}
