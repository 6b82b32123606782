package eval

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// analogySpace is a tiny space where the analogies are known: gender is
// the first axis, royalty the second, plurality the third. Word "close" is
// nearer to every b-a+c than the answers, but is a question word where
// it would win, so it must be excluded.
func analogySpace() *embedding.Vectors {
	return table(
		[]string{"man", "woman", "king", "queen", "men", "women", "kings", "queens", "Paris", "apple", "rare"},
		[]float32{1, 0, 0, 0.1},
		[]float32{-1, 0, 0, 0.1},
		[]float32{1, 1, 0, 0.1},
		[]float32{-1, 1, 0, 0.1},
		[]float32{1, 0, 1, 0.1},
		[]float32{-1, 0, 1, 0.1},
		[]float32{1, 1, 1, 0.1},
		[]float32{-1, 1, 1, 0.1},
		[]float32{0, 0, 0, 3},
		[]float32{0.3, -0.2, 0.1, 2},
		[]float32{-1, 1, 1, 0.2}, // would answer queens, but is 11th
	)
}

func TestEvaluateAnalogies(t *testing.T) {
	v := analogySpace()
	csvFile := writeFile(t, "toy.csv", `,type,word1,word2,word3,target
0,family,man,woman,king,queen
1,family,Man,King,woman,Queen
2,family,king,queen,men,women
3,family,man,woman,apple,unicorn
4,gram8-plural,man,men,king,kings
5,gram8-plural,woman,women,king,queens
6,gram8-plural,man,men,queen,queens
`)
	txtFile := writeFile(t, "questions-words.txt", `: family
man woman king queen
Man King woman Queen
king queen men women
man woman apple unicorn
: gram8-plural
man men king kings
woman women king queens
man men queen queens
`)
	for _, path := range []string{csvFile, txtFile} {
		res, err := EvaluateAnalogies(v, path, 10)
		if err != nil {
			t.Fatal(err)
		}
		// Semantic: 3 of 4 answerable (unicorn is OOV), all right.
		// Syntactic: 3 answerable; "woman women king" -> kings, not queens.
		want := AnalogyResult{
			File: path, Restrict: 10,
			Total:     AnalogyCount{Questions: 7, Answered: 6, Correct: 5},
			Semantic:  AnalogyCount{Questions: 4, Answered: 3, Correct: 3},
			Syntactic: AnalogyCount{Questions: 3, Answered: 3, Correct: 2},
			Sections: []AnalogySection{
				{"family", false, AnalogyCount{4, 3, 3}},
				{"gram8-plural", true, AnalogyCount{3, 3, 2}},
			},
		}
		if fmt.Sprint(res) != fmt.Sprint(want) {
			t.Errorf("%s:\n got %+v\nwant %+v", path, res, want)
		}
		if acc := res.Total.Accuracy(); math.Abs(acc-5.0/6) > 1e-15 {
			t.Errorf("accuracy %v", acc)
		}
		if cov := res.Total.Coverage(); math.Abs(cov-6.0/7) > 1e-15 {
			t.Errorf("coverage %v", cov)
		}
	}
	// Restricting to 4 words leaves only "man woman king queen".
	res, err := EvaluateAnalogies(v, txtFile, 4)
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != (AnalogyCount{7, 2, 2}) || res.Restrict != 4 {
		t.Errorf("restrict 4: %+v", res)
	}
	if !math.IsNaN(res.Syntactic.Accuracy()) {
		t.Errorf("syntactic accuracy with nothing answered = %v, want NaN", res.Syntactic.Accuracy())
	}
}

// TestAnalogyExcludesQuestionWords checks that b-a+c never answers a, b or
// c even when one of them is the nearest.
func TestAnalogyExcludesQuestionWords(t *testing.T) {
	v := table([]string{"a", "b", "c", "d"},
		[]float32{1, 0, 0}, []float32{1, 0.1, 0}, []float32{0, 1, 0}, []float32{0, 0, 1})
	path := writeFile(t, "q.txt", ": s\na b c d\n")
	res, err := EvaluateAnalogies(v, path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != (AnalogyCount{1, 1, 1}) || res.Restrict != 4 {
		t.Errorf("got %+v, want the only remaining word d to be right", res)
	}
	// With only the question words there is no answer at all: wrong, no panic.
	v3 := table([]string{"a", "b", "c"}, []float32{1, 0}, []float32{0, 1}, []float32{1, 1})
	res, err = EvaluateAnalogies(v3, writeFile(t, "q3.txt", ": s\na b c a\n"), 0)
	if err != nil || res.Total != (AnalogyCount{1, 1, 0}) {
		t.Errorf("three words: %+v, %v", res, err)
	}
}

// TestAnalogyAgainstBruteForce compares the blocked, parallel search with a
// plain one on random vectors, with question counts that are not multiples
// of the block or of four.
func TestAnalogyAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const n, dim = 300, 7
	v := &embedding.Vectors{Dim: dim, Stride: dim}
	for i := 0; i < n; i++ {
		v.Words = append(v.Words, fmt.Sprintf("w%d", i))
		for j := 0; j < dim; j++ {
			v.Data = append(v.Data, float32(r.NormFloat64()))
		}
	}
	m := unitRows(v, n)
	for _, nq := range []int{1, 3, 33, 101} {
		qs := make([][4]int32, nq)
		for i := range qs {
			for j := range qs[i] {
				qs[i][j] = int32(r.IntN(n))
			}
		}
		got := answerAnalogies(m, dim, qs)
		for i, q := range qs {
			best, bestS := int32(-1), float32(math.Inf(-1))
			for row := int32(0); row < n; row++ {
				if row == q[0] || row == q[1] || row == q[2] {
					continue
				}
				var s float32
				for k := 0; k < dim; k++ {
					s += m[int(row)*dim+k] * (m[int(q[1])*dim+k] - m[int(q[0])*dim+k] + m[int(q[2])*dim+k])
				}
				if s > bestS {
					best, bestS = row, s
				}
			}
			if got[i] != best {
				t.Errorf("%d questions: question %d %v answered %d, brute force %d", nq, i, q, got[i], best)
			}
		}
	}
}

func TestReadAnalogiesErrors(t *testing.T) {
	for _, tc := range []struct{ name, content, want string }{
		{"short.txt", ": s\na b c\n", "line 2: 3 words"},
		{"empty.txt", ": s\n", "no questions"},
		{"noname.txt", ":\na b c d\n", "line 1: section without a name"},
		{"cols.csv", ",type,word1,word2,word3,target\n0,s,a,b,c\n", "line 2: 5 columns, want 6"},
		{"header.csv", "type,word1,word2,target\n", `no column "word3"`},
		{"empty-word.csv", ",type,word1,word2,word3,target\n0,s,a,,c,d\n", `line 2: bad word ""`},
	} {
		path := writeFile(t, tc.name, tc.content)
		_, err := EvaluateAnalogies(analogySpace(), path, 0)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %v, want one naming the file and saying %q", tc.name, err, tc.want)
		}
	}
}

// BenchmarkAnalogies answers the full Google test size (19,544 questions
// over 30,000 words of 100 dimensions) per iteration.
func BenchmarkAnalogies(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	const n, dim, nq = 30000, 100, 19544
	m := make([]float32, n*dim)
	for i := range m {
		m[i] = float32(r.NormFloat64())
	}
	qs := make([][4]int32, nq)
	for i := range qs {
		for j := range qs[i] {
			qs[i][j] = int32(r.IntN(n))
		}
	}
	b.ResetTimer()
	for b.Loop() {
		answerAnalogies(m, dim, qs)
	}
}
