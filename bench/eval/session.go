package eval

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// This file is fastText's query commands (print-word-vectors, nn and
// analogies) on any model this package scores: they read words separated
// by white space and print what fastText's print, in its format, with the
// model's own similarity where fastText has only cosine.

// PrintWordVectors reads words from r and writes each with its vector to
// w as fastText's print-word-vectors prints them, a line a word: the word,
// then every value with 5 significant digits and a space after it. A
// word's vector is its row when the vocabulary holds it exactly, else the
// vector its n-grams compose (a model with subwords), else zero, as
// fastText's getWordVector gives it.
func (m *Model) PrintWordVectors(w io.Writer, r io.Reader) error {
	bw := bufio.NewWriter(w)
	index := m.Vectors.Index()
	vec := make([]float32, m.Vectors.Dim)
	var line []byte
	err := eachWord(r, func(word string) error {
		clear(vec)
		if i, ok := index[word]; ok {
			copy(vec, m.Vectors.Row(i))
		} else if m.Sub != nil {
			m.Sub.Vector(vec, word)
		}
		line = append(append(line[:0], word...), ' ')
		for _, x := range vec {
			line = append(strconv.AppendFloat(line, float64(x), 'g', 5, 64), ' ')
		}
		bw.Write(append(line, '\n'))
		return bw.Flush() // a line as soon as its word is read, as fastText's endl
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// Prompted answers the queries of fastText's nn (arity 1: a word) or
// analogies (arity 3: A B C, for A - B + C) read from r: it writes prompt,
// reads arity words, writes the k best words, a "word score" line each
// (the score with 6 significant digits, as fastText prints it), and
// prompts again, until r ends; the last prompt stays unanswered, as
// fastText leaves it. A query that cannot be answered (a word neither in
// the vocabulary nor composed from n-grams) says why in a line on errw
// and counts in failed; the others go on.
func (s *Searcher) Prompted(w io.Writer, errw io.Writer, r io.Reader, prompt string, arity, k int) (failed int, err error) {
	bw := bufio.NewWriter(w)
	io.WriteString(bw, prompt)
	if err := bw.Flush(); err != nil {
		return 0, err
	}
	var words []string
	err = eachWord(r, func(word string) error {
		if words = append(words, word); len(words) < arity {
			return nil
		}
		q := make([]Term, len(words))
		for i, w := range words {
			q[i] = Term{Word: w, Neg: i == 1} // A - B + C
		}
		words = words[:0]
		answer, err := s.Nearest(q, k)
		var ue *UnknownError
		switch {
		case errors.As(err, &ue):
			failed++
			if err := bw.Flush(); err != nil {
				return err
			}
			fmt.Fprintln(errw, err)
		case err != nil:
			return err
		}
		for _, n := range answer {
			bw.WriteString(n.Word)
			bw.WriteByte(' ')
			bw.Write(strconv.AppendFloat(nil, n.Score, 'g', 6, 64))
			bw.WriteByte('\n')
		}
		io.WriteString(bw, prompt)
		return bw.Flush()
	})
	return failed, err
}

// eachWord calls f with every word of r, words being separated by white
// space, as C++'s cin >> word reads them, until r ends or f fails.
func eachWord(r io.Reader, f func(string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	sc.Split(bufio.ScanWords)
	for sc.Scan() {
		if err := f(sc.Text()); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading the words: %w", err)
	}
	return nil
}
