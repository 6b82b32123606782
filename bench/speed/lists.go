package speed

import (
	"fmt"
	"strconv"
	"strings"
)

// The lists of the bench command's flags: "100,300", "sg,sg/hot64".

// ParseModels parses a comma-separated list of models, each with its
// variants (ParseModel), keeping their order and dropping repeats.
func ParseModels(s string) ([]Model, error) {
	return parseList(s, "model", ParseModel)
}

// ParseKinds is ParseModels.
//
// Deprecated: call ParseModels; left for the root bench command until it
// does.
func ParseKinds(s string) ([]Model, error) { return ParseModels(s) }

// ParseInts parses a comma-separated list of positive integers, such as
// "100,300", keeping their order and dropping repeats.
func ParseInts(s string) ([]int, error) {
	return parseList(s, "number", func(f string) (int, error) {
		x, err := strconv.Atoi(f)
		if err != nil || x < 1 {
			return 0, fmt.Errorf("%q is not a positive integer", f)
		}
		return x, nil
	})
}

// parseList parses the comma-separated items of s with parse, skipping
// blanks and dropping repeats (items that print the same); a list of none
// is an error naming what it lacks.
func parseList[T any](s, what string, parse func(string) (T, error)) ([]T, error) {
	var xs []T
	seen := make(map[string]bool)
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		x, err := parse(f)
		if err != nil {
			return nil, err
		}
		if key := fmt.Sprint(x); !seen[key] {
			seen[key] = true
			xs = append(xs, x)
		}
	}
	if len(xs) == 0 {
		return nil, fmt.Errorf("no %s in %q", what, s)
	}
	return xs, nil
}
