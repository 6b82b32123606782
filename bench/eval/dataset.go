package eval

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/wipsvec/wipsvec/bench/eval/benchdata"
)

// Pair is one human judgement: how similar (or related) A and B are.
type Pair struct {
	A, B  string
	Score float64
}

// Dataset is a word-similarity benchmark.
type Dataset struct {
	Name  string // the file's base name without extension, e.g. "simlex999"
	Pairs []Pair
}

// DefaultDatasets are the benchmarks eval runs when none are named: the
// similarity benchmarks of Kim et al. (2019), Table 3, plus WordSim353's
// relatedness half.
var DefaultDatasets = []string{"simlex999", "yp-130", "wordsim353-sim", "wordsim353-rel"}

// ReadDataset reads a word-similarity benchmark in one of two layouts:
//
//   - CSV with a header naming the columns word1, word2 and similarity, as in
//     ",word1,word2,similarity" (the first column a pandas index). Without
//     a header, three columns are word1,word2,score and four are
//     index,word1,word2,score.
//   - three columns separated by tabs or spaces, without header, like
//     gensim's wordsim353.tsv. Tab-separated fields may contain spaces.
//
// Blank lines, lines starting with '#' and CSV rows whose word and score
// fields are all empty (pandas' missing values) are skipped. Words are lowercased,
// as lookups are. A row that cannot be read is an error naming file and line,
// not skipped: a silently shorter benchmark gives silently different numbers.
func ReadDataset(path string) (*Dataset, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read dataset: %w", err)
	}
	return parseDataset(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), path, data)
}

// parseDataset reads the benchmark called name from data, as ReadDataset
// does; path names it in errors.
func parseDataset(name, path string, data []byte) (*Dataset, error) {
	var err error
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	d := &Dataset{Name: name}
	first := firstContentLine(data)
	if strings.Contains(first, ",") {
		err = readCSVPairs(data, d)
	} else {
		err = readSeparatedPairs(data, d)
	}
	if err != nil {
		return nil, fmt.Errorf("read dataset %s: %w", path, err)
	}
	if len(d.Pairs) == 0 {
		return nil, fmt.Errorf("read dataset %s: no word pairs", path)
	}
	return d, nil
}

// firstContentLine returns the first line that is neither blank nor a
// '#' comment.
func firstContentLine(data []byte) string {
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			return line
		}
	}
	return ""
}

// eachCSVRecord reads a benchmark CSV file ('#' comments, leading spaces
// trimmed, any number of fields: the callers check them, with clearer
// messages than encoding/csv's) and calls fn with each record and its line;
// first is true for the first record. It stops at fn's first error; a
// malformed record's error (csv.ParseError) already names its line.
func eachCSVRecord(data []byte, fn func(first bool, line int, rec []string) error) error {
	r := csv.NewReader(bytes.NewReader(data))
	r.Comment = '#'
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	for first := true; ; first = false {
		rec, err := r.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		line, _ := r.FieldPos(0)
		if err := fn(first, line, rec); err != nil {
			return err
		}
	}
}

func readCSVPairs(data []byte, d *Dataset) error {
	cols := [3]int{-1, -1, -1} // word1, word2, score
	ncols := 0
	return eachCSVRecord(data, func(first bool, line int, rec []string) error {
		if first {
			ncols = len(rec)
			if header(rec, &cols) {
				if cols[0] < 0 || cols[1] < 0 {
					return fmt.Errorf("line %d: header %q: want columns word1, word2, similarity", line, strings.Join(rec, ","))
				}
				return nil
			}
			switch ncols {
			case 3:
				cols = [3]int{0, 1, 2}
			case 4:
				cols = [3]int{1, 2, 3}
			default:
				return fmt.Errorf("line %d: %d columns and no header; want word1,word2,score or index,word1,word2,score", line, ncols)
			}
		}
		if len(rec) != ncols {
			return fmt.Errorf("line %d: %d columns, want %d", line, len(rec), ncols)
		}
		if allBlank(rec[cols[0]], rec[cols[1]], rec[cols[2]]) {
			// pandas writes a row of missing values as "203,,,";
			// the WordSim353 files end with one.
			return nil
		}
		p, err := makePair(rec[cols[0]], rec[cols[1]], rec[cols[2]])
		if err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
		d.Pairs = append(d.Pairs, p)
		return nil
	})
}

// header reports whether rec is a header row and, if it names the columns,
// sets cols to word1, word2 and the score column (the last one unless one is
// called similarity, score, sim or relatedness).
func header(rec []string, cols *[3]int) bool {
	if _, err := strconv.ParseFloat(strings.TrimSpace(rec[len(rec)-1]), 64); err == nil {
		return false
	}
	for i, f := range rec {
		switch strings.ToLower(strings.TrimSpace(f)) {
		case "word1", "word 1", "w1":
			cols[0] = i
		case "word2", "word 2", "w2":
			cols[1] = i
		case "similarity", "score", "sim", "relatedness":
			cols[2] = i
		}
	}
	if cols[2] < 0 {
		cols[2] = len(rec) - 1
	}
	if cols[0] < 0 || cols[1] < 0 {
		// Unnamed columns: take the last three.
		if len(rec) < 3 {
			cols[0], cols[1] = -1, -1
		} else {
			cols[0], cols[1], cols[2] = len(rec)-3, len(rec)-2, len(rec)-1
		}
	}
	return true
}

func readSeparatedPairs(data []byte, d *Dataset) error {
	seen := false
	for i, line := range strings.Split(string(data), "\n") {
		lineNo := i + 1
		line = strings.TrimRight(line, "\r")
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		var fields []string
		if strings.Contains(line, "\t") {
			fields = strings.Split(strings.TrimSpace(line), "\t")
			for j := range fields {
				fields[j] = strings.TrimSpace(fields[j])
			}
		} else {
			fields = strings.Fields(line)
		}
		if len(fields) != 3 {
			return fmt.Errorf("line %d: %d fields, want word1 word2 score", lineNo, len(fields))
		}
		p, err := makePair(fields[0], fields[1], fields[2])
		if err != nil && !seen && !isNumber(fields[2]) {
			seen = true
			continue // a header line
		}
		seen = true
		if err != nil {
			return fmt.Errorf("line %d: %w", lineNo, err)
		}
		d.Pairs = append(d.Pairs, p)
	}
	return nil
}

func allBlank(fields ...string) bool {
	for _, f := range fields {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

func isNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

func makePair(a, b, score string) (Pair, error) {
	a = strings.ToLower(strings.TrimSpace(a))
	b = strings.ToLower(strings.TrimSpace(b))
	if a == "" || b == "" {
		return Pair{}, errors.New("empty word")
	}
	s, err := strconv.ParseFloat(strings.TrimSpace(score), 64)
	if err != nil {
		return Pair{}, fmt.Errorf("score %q is not a number", score)
	}
	if math.IsNaN(s) || math.IsInf(s, 0) {
		return Pair{}, fmt.Errorf("score %q is not finite", score)
	}
	return Pair{A: a, B: b, Score: s}, nil
}

// notFound is ResolveDataset's error when it finds no file, as against a
// file it cannot read.
type notFound string

func (e notFound) Error() string { return string(e) }

// ResolveDataset finds a benchmark file. A name that is an existing file is
// used as is. Otherwise a bare name such as "simlex999" is looked up as
// <name>.csv (then <name>) in each directory of $WIPSVEC_EVAL, then in
// ../shared/eval and ../../shared/eval relative to the working directory
// (where the shared benchmarks sit beside a checkout, for the command and
// for tests), then in data/eval.
func ResolveDataset(name string) (string, error) {
	if name == "" {
		return "", errors.New("empty dataset name")
	}
	if fi, err := os.Stat(name); err == nil && !fi.IsDir() {
		return name, nil
	}
	if strings.ContainsAny(name, `/\`) {
		return "", notFound(fmt.Sprintf("dataset %s: no such file", name))
	}
	var dirs []string
	if env := os.Getenv("WIPSVEC_EVAL"); env != "" {
		dirs = append(dirs, filepath.SplitList(env)...)
	}
	dirs = append(dirs,
		filepath.Join("..", "shared", "eval"),
		filepath.Join("..", "..", "shared", "eval"),
		filepath.Join("data", "eval"))
	for _, dir := range dirs {
		for _, file := range []string{name + ".csv", name} {
			p := filepath.Join(dir, file)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				return p, nil
			}
		}
	}
	return "", notFound(fmt.Sprintf("dataset %q: no %s.csv in %s (set WIPSVEC_EVAL to the benchmark directory)",
		name, name, strings.Join(dirs, ", ")))
}

// FindDataset reads the benchmark name: the file ResolveDataset finds, or
// else, for one of the four that ship with wipsvec (benchdata.Names), the
// built-in copy, so that eval works on a machine with nothing downloaded.
// source is the path read, or "built-in" for the copy. A name found
// nowhere is ResolveDataset's error.
func FindDataset(name string) (d *Dataset, source string, err error) {
	p, err := ResolveDataset(name)
	var nf notFound
	if errors.As(err, &nf) {
		data, berr := benchdata.ReadFile(name)
		if berr != nil {
			return nil, "", err
		}
		d, err := parseDataset(name, "built-in "+name, data)
		return d, BuiltIn, err
	}
	if err != nil {
		return nil, "", err
	}
	d, err = ReadDataset(p)
	return d, p, err
}

// BuiltIn is FindDataset's source for a benchmark read from the copy
// compiled into wipsvec.
const BuiltIn = "built-in"

// ReadDatasets reads the benchmarks named, each as FindDataset finds it, in
// order. A name it does not find is listed in missing, with the others
// read; an unreadable file is an error.
func ReadDatasets(names []string) (ds []*Dataset, missing []string, err error) {
	for _, name := range names {
		d, _, err := FindDataset(name)
		var nf notFound
		if errors.As(err, &nf) {
			missing = append(missing, name)
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		ds = append(ds, d)
	}
	return ds, missing, nil
}
