package eval

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// DefaultAnalogyRestrict is word2vec's compute-accuracy threshold: analogies
// are answered among the 30,000 most frequent words.
const DefaultAnalogyRestrict = 30000

// AnalogyCount tallies analogy questions.
type AnalogyCount struct {
	Questions int // in the file
	Answered  int // all four words among the restricted vocabulary
	Correct   int // answered with the expected word
}

// Accuracy is Correct/Answered, word2vec's figure; NaN if none was answered.
func (c AnalogyCount) Accuracy() float64 { return ratio(c.Correct, c.Answered) }

// Coverage is Answered/Questions; NaN if there were no questions.
func (c AnalogyCount) Coverage() float64 { return ratio(c.Answered, c.Questions) }

func ratio(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

// AnalogySection is one section of the test, such as "capital-common-countries".
type AnalogySection struct {
	Name      string
	Syntactic bool // the section's name starts with "gram"
	AnalogyCount
}

// AnalogyResult is the outcome of the analogy test.
type AnalogyResult struct {
	File      string
	Restrict  int // vocabulary searched: the Restrict most frequent words
	Total     AnalogyCount
	Semantic  AnalogyCount
	Syntactic AnalogyCount
	Sections  []AnalogySection
}

type analogyQuestion struct {
	section int
	words   [4]string // a b c d: a is to b as c is to d
}

// EvaluateAnalogies runs the analogy test of word2vec's compute-accuracy:
// for each question "a b c d" it predicts the word whose unit vector has the
// largest inner product with b - a + c (3CosAdd over unit vectors), searching
// the restrict most frequent words (the first rows of v; restrict <= 0 means
// DefaultAnalogyRestrict) except a, b and c. A question counts only if all
// four words are among those (Coverage); words are matched
// case-insensitively. Cosine is used whatever the model, as in the papers
// that report this test.
//
// path is either the CSV ",type,word1,word2,word3,target" or word2vec's
// questions-words.txt (": section" lines, then "a b c d" lines). Sections
// whose names start with "gram" are syntactic, the rest semantic.
func EvaluateAnalogies(v *embedding.Vectors, path string, restrict int) (AnalogyResult, error) {
	res := AnalogyResult{File: path}
	if v == nil || v.Dim < 1 {
		return res, fmt.Errorf("analogies %s: no vectors", path)
	}
	qs, sections, err := readAnalogies(path)
	if err != nil {
		return res, err
	}
	if restrict <= 0 {
		restrict = DefaultAnalogyRestrict
	}
	n := min(restrict, len(v.Words))
	res.Restrict = n
	for _, name := range sections {
		res.Sections = append(res.Sections, AnalogySection{Name: name, Syntactic: strings.HasPrefix(name, "gram")})
	}

	// Questions whose words are all known, as row numbers.
	idx := foldedIndex(v, n)
	var known [][4]int32
	var knownQ []int
	for i, q := range qs {
		var rows [4]int32
		ok := true
		for j, w := range q.words {
			r, found := idx[w]
			if !found {
				ok = false
				break
			}
			rows[j] = int32(r)
		}
		if ok {
			known = append(known, rows)
			knownQ = append(knownQ, i)
		}
	}

	pred := answerAnalogies(unitRows(v, n), v.Dim, known)
	for _, q := range qs {
		res.Sections[q.section].Questions++
	}
	for k, rows := range known {
		s := &res.Sections[qs[knownQ[k]].section]
		s.Answered++
		// Compare words, not rows: a case variant of the target is right.
		// No prediction (-1) happens only if a, b and c are all the rows.
		if p := pred[k]; p >= 0 && strings.EqualFold(v.Words[p], v.Words[rows[3]]) {
			s.Correct++
		}
	}
	for _, s := range res.Sections {
		add := func(c *AnalogyCount) {
			c.Questions += s.Questions
			c.Answered += s.Answered
			c.Correct += s.Correct
		}
		add(&res.Total)
		if s.Syntactic {
			add(&res.Syntactic)
		} else {
			add(&res.Semantic)
		}
	}
	return res, nil
}

// unitRows returns the first n rows of v, scaled to unit length, as one
// n x Dim matrix. Zero rows stay zero.
func unitRows(v *embedding.Vectors, n int) []float32 {
	m := make([]float32, n*v.Dim)
	for i := 0; i < n; i++ {
		row := v.Row(i)
		var ss float64
		for _, x := range row {
			ss += float64(x) * float64(x)
		}
		if ss == 0 {
			continue
		}
		inv := float32(1 / math.Sqrt(ss))
		out := m[i*v.Dim : (i+1)*v.Dim]
		for j, x := range row {
			out[j] = x * inv
		}
	}
	return m
}

// analogyBlock is how many questions a worker scores together, so that each
// row of the matrix is loaded once per block instead of once per question.
const analogyBlock = 32

// answerAnalogies returns, for each question (rows of a, b, c, d in m), the
// row with the largest inner product with m[b] - m[a] + m[c], other than a, b
// and c; the earliest row wins ties, as in compute-accuracy.
func answerAnalogies(m []float32, dim int, qs [][4]int32) []int32 {
	pred := make([]int32, len(qs))
	n := len(m) / dim
	blocks := (len(qs) + analogyBlock - 1) / analogyBlock
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < min(runtime.NumCPU(), blocks); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			query := make([]float32, analogyBlock*dim)
			best := make([]float32, analogyBlock)
			for {
				blk := int(next.Add(1)) - 1
				if blk >= blocks {
					return
				}
				lo := blk * analogyBlock
				hi := min(lo+analogyBlock, len(qs))
				block := qs[lo:hi]
				// Pad to a multiple of 4 with copies of the last question
				// so the kernel always scores four at once.
				nq := (len(block) + 3) &^ 3
				for j := 0; j < nq; j++ {
					q := block[min(j, len(block)-1)]
					a, b, c := m[int(q[0])*dim:], m[int(q[1])*dim:], m[int(q[2])*dim:]
					out := query[j*dim : (j+1)*dim]
					for k := range out {
						out[k] = b[k] - a[k] + c[k]
					}
					best[j] = float32(math.Inf(-1))
					pred[lo+min(j, len(block)-1)] = -1
				}
				for r := 0; r < n; r++ {
					row := m[r*dim : (r+1)*dim]
					for j := 0; j < nq; j += 4 {
						s0, s1, s2, s3 := dot4(row, query[j*dim:(j+4)*dim])
						for t, s := range [4]float32{s0, s1, s2, s3} {
							jj := j + t
							if s > best[jj] {
								q := block[min(jj, len(block)-1)]
								if int32(r) != q[0] && int32(r) != q[1] && int32(r) != q[2] {
									best[jj] = s
									if jj < len(block) {
										pred[lo+jj] = int32(r)
									}
								}
							}
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	return pred
}

// dot4 returns the inner products of row with the four consecutive vectors
// in qs, loading each element of row once.
func dot4(row, qs []float32) (s0, s1, s2, s3 float32) {
	d := len(row)
	// Reslicing to [:d] lets the compiler drop the bounds checks in the loop.
	q0, q1, q2, q3 := qs[:d], qs[d:][:d], qs[2*d:][:d], qs[3*d:][:d]
	for k, x := range row {
		s0 += x * q0[k]
		s1 += x * q1[k]
		s2 += x * q2[k]
		s3 += x * q3[k]
	}
	return
}

// readAnalogies reads the questions (words lowercased) and section names.
func readAnalogies(path string) ([]analogyQuestion, []string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("read analogies: %w", err)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	var qs []analogyQuestion
	var sections []string
	section := map[string]int{}
	add := func(name string, words [4]string) {
		i, ok := section[name]
		if !ok {
			i = len(sections)
			section[name] = i
			sections = append(sections, name)
		}
		for j := range words {
			words[j] = strings.ToLower(words[j])
		}
		qs = append(qs, analogyQuestion{section: i, words: words})
	}
	if strings.HasPrefix(firstContentLine(data), ":") {
		err = readQuestionsWords(data, add)
	} else {
		err = readAnalogyCSV(data, add)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("read analogies %s: %w", path, err)
	}
	if len(qs) == 0 {
		return nil, nil, fmt.Errorf("read analogies %s: no questions", path)
	}
	return qs, sections, nil
}

// readQuestionsWords reads word2vec's questions-words.txt.
func readQuestionsWords(data []byte, add func(string, [4]string)) error {
	sc := bufio.NewScanner(bytes.NewReader(data))
	name := ""
	line := 1
	for ; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(text, ":"); ok {
			name = strings.TrimSpace(rest)
			if name == "" {
				return fmt.Errorf("line %d: section without a name", line)
			}
			continue
		}
		f := strings.Fields(text)
		if len(f) != 4 {
			return fmt.Errorf("line %d: %d words, want 4 (a b c d)", line, len(f))
		}
		add(name, [4]string(f))
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("line %d: %w", line, err)
	}
	return nil
}

// readAnalogyCSV reads the CSV form: a header naming type, word1, word2,
// word3 and target, or without header index,type,word1,word2,word3,target.
func readAnalogyCSV(data []byte, add func(string, [4]string)) error {
	cols := [5]int{1, 2, 3, 4, 5} // type, word1, word2, word3, target
	names := []string{"type", "word1", "word2", "word3", "target"}
	ncols := 6
	return eachCSVRecord(data, func(first bool, line int, rec []string) error {
		if first && slicesContainFold(rec, "word1") {
			ncols = len(rec)
			cols = [5]int{-1, -1, -1, -1, -1}
			for i, f := range rec {
				for j, name := range names {
					if strings.EqualFold(strings.TrimSpace(f), name) {
						cols[j] = i
					}
				}
			}
			for j, c := range cols {
				if c < 0 {
					return fmt.Errorf("line %d: header has no column %q", line, names[j])
				}
			}
			return nil
		}
		if len(rec) != ncols {
			return fmt.Errorf("line %d: %d columns, want %d", line, len(rec), ncols)
		}
		var words [4]string
		for j := range words {
			words[j] = strings.TrimSpace(rec[cols[j+1]])
			if words[j] == "" || strings.ContainsAny(words[j], " \t") {
				return fmt.Errorf("line %d: bad word %q", line, words[j])
			}
		}
		add(strings.TrimSpace(rec[cols[0]]), words)
		return nil
	})
}

func slicesContainFold(s []string, x string) bool {
	for _, e := range s {
		if strings.EqualFold(strings.TrimSpace(e), x) {
			return true
		}
	}
	return false
}
