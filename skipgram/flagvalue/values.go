// Package flagvalue holds the values of the trainer's flags that the
// standard flag package lacks: numbers checked against a range as they are
// parsed, so that a value out of range is refused with one line before any
// work (every float finite), and comma-separated lists. A setting's flag is
// declared where the setting lives (skipgram's models, skipgram/start's
// run); the command line only parses.
package flagvalue

import (
	"flag"
	"fmt"
	"math"
	"strconv"
)

// Int is a whole-number flag's value in [Lo, Hi].
type Int[T int | int64] struct {
	P      *T
	Lo, Hi T
}

func (v Int[T]) String() string {
	if v.P == nil {
		return "0"
	}
	return strconv.FormatInt(int64(*v.P), 10)
}

func (v Int[T]) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < int64(v.Lo) || n > int64(v.Hi) {
		return fmt.Errorf("want a whole number from %d to %d", v.Lo, v.Hi)
	}
	*v.P = T(n)
	return nil
}

// Float is a float flag's value: a finite number between Lo and Hi, each
// included unless open says otherwise.
type Float struct {
	P              *float64
	Lo, Hi         float64
	LoOpen, HiOpen bool
}

func (v Float) String() string {
	if v.P == nil {
		return "0"
	}
	return strconv.FormatFloat(*v.P, 'g', -1, 64)
}

func (v Float) Set(s string) error {
	x, err := strconv.ParseFloat(s, 64)
	ok := err == nil && !math.IsNaN(x) && !math.IsInf(x, 0) &&
		(x > v.Lo || !v.LoOpen && x == v.Lo) && (x < v.Hi || !v.HiOpen && x == v.Hi)
	if ok {
		*v.P = x
		return nil
	}
	if !v.LoOpen && !v.HiOpen {
		return fmt.Errorf("want a number from %g to %g", v.Lo, v.Hi)
	}
	lo, hi := "at least %g", "at most %g"
	if v.LoOpen {
		lo = "above %g"
	}
	if v.HiOpen {
		hi = "below %g"
	}
	return fmt.Errorf("want a number "+lo+" and "+hi, v.Lo, v.Hi)
}

// IntVar defines an integer flag that accepts [lo, hi].
func IntVar[T int | int64](fs *flag.FlagSet, p *T, name string, lo, hi T, usage string) {
	fs.Var(Int[T]{p, lo, hi}, name, usage)
}

// FloatVar defines a float flag that accepts finite values in [lo, hi].
func FloatVar(fs *flag.FlagSet, p *float64, name string, lo, hi float64, usage string) {
	fs.Var(Float{P: p, Lo: lo, Hi: hi}, name, usage)
}
