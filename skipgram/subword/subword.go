package subword

import (
	"errors"
	"fmt"
	"math"
)

// Settings are fastText's -minn, -maxn and -bucket: a word's n-grams are
// those of Minn to Maxn characters of "<word>", hashed into Bucket rows.
// Maxn 0 means no subwords (the other two are then ignored).
type Settings struct {
	Minn   int `json:"minn"`
	Maxn   int `json:"maxn"`
	Bucket int `json:"bucket"`
}

// Default is fastText's for skip-gram and CBOW: n-grams of 3 to 6
// characters in 2,000,000 buckets.
func Default() Settings { return Settings{Minn: 3, Maxn: 6, Bucket: 2_000_000} }

// EOS is fastText's end-of-sentence word; it has no n-grams.
const EOS = "</s>"

// ErrSettings is returned, wrapped with the reason, by Validate.
var ErrSettings = errors.New("bad subword settings")

// Enabled reports whether words have n-grams: Maxn above 0.
func (s Settings) Enabled() bool { return s.Maxn > 0 }

// Validate reports, in one line, why s cannot describe a subword model.
// Row ids are int32 as in fastText, so Bucket must fit one.
func (s Settings) Validate() error {
	switch {
	case s.Minn < 0 || s.Maxn < 0 || s.Bucket < 0:
		return fmt.Errorf("%w: minn %d, maxn %d, bucket %d: none may be negative", ErrSettings, s.Minn, s.Maxn, s.Bucket)
	case s.Maxn == 0:
		return nil
	case s.Minn < 1:
		return fmt.Errorf("%w: minn %d with maxn %d: n-grams have at least 1 character", ErrSettings, s.Minn, s.Maxn)
	case s.Minn > s.Maxn:
		return fmt.Errorf("%w: minn %d is above maxn %d", ErrSettings, s.Minn, s.Maxn)
	case s.Bucket == 0:
		return fmt.Errorf("%w: bucket 0 with maxn %d: n-grams need at least one bucket", ErrSettings, s.Maxn)
	case s.Bucket > math.MaxInt32:
		return fmt.Errorf("%w: bucket %d: at most %d", ErrSettings, s.Bucket, math.MaxInt32)
	}
	return nil
}

// Hash is fastText's FNV-1a of s. fastText XORs each byte sign-extended
// (uint32(int8(b))), not as the unsigned byte FNV-1a defines, so bytes
// from 0x80 up (every byte of a UTF-8 sequence beyond ASCII) hash
// differently from the textbook FNV-1a; this is fastText's.
func Hash(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h = step(h, s[i])
	}
	return h
}

// step folds one byte into an FNV-1a hash, sign-extended as fastText does.
func step(h uint32, b byte) uint32 {
	return (h ^ uint32(int8(b))) * 16777619
}

// bracketed is "<" + word + ">" read byte by byte without building it.
type bracketed string

func (w bracketed) len() int { return len(w) + 2 }

func (w bracketed) at(i int) byte {
	switch i {
	case 0:
		return '<'
	case len(w) + 1:
		return '>'
	}
	return w[i-1]
}

// continues reports whether b continues a UTF-8 sequence (10xxxxxx), so
// that it belongs to the character before it, as fastText reads them.
func continues(b byte) bool { return b&0xC0 == 0x80 }

// each calls f with the byte range [i, j) of "<word>" and the hash of
// every n-gram of word, in fastText's order: by start, then by length.
// Like fastText, a character is a byte and the bytes that continue it
// (invalid UTF-8 is cut the same way fastText cuts it), and the
// one-character n-grams "<" and ">" are left out.
func (s Settings) each(word string, f func(i, j int, h uint32)) {
	if s.Maxn <= 0 || word == EOS {
		return
	}
	w := bracketed(word)
	size := w.len()
	for i := 0; i < size; i++ {
		if continues(w.at(i)) {
			continue
		}
		h := uint32(2166136261)
		for j, n := i, 1; j < size && n <= s.Maxn; n++ {
			h = step(h, w.at(j))
			j++
			for j < size && continues(w.at(j)) {
				h = step(h, w.at(j))
				j++
			}
			if n >= s.Minn && !(n == 1 && (i == 0 || j == size)) {
				f(i, j, h)
			}
		}
	}
}

// Ngrams returns the n-grams of word, "<" and ">" included, in the order
// fastText lists them (print-ngrams) and AppendRows gives their rows. A
// word has none without subwords (Maxn 0) and EOS has none.
func (s Settings) Ngrams(word string) []string {
	var out []string
	w := "<" + word + ">"
	s.each(word, func(i, j int, _ uint32) { out = append(out, w[i:j]) })
	return out
}

// AppendRows appends to dst the input row of each n-gram of word in a
// model of nwords words, nwords + Hash(n-gram) % Bucket, in the order of
// Ngrams; an n-gram that occurs twice gives its row twice, as in fastText.
// It allocates nothing beyond dst's growth.
func (s Settings) AppendRows(dst []int32, word string, nwords int) []int32 {
	if s.Maxn <= 0 || word == EOS {
		return dst
	}
	base, bucket := uint32(nwords), uint32(s.Bucket)
	s.each(word, func(_, _ int, h uint32) { dst = append(dst, int32(base+h%bucket)) })
	return dst
}

// AppendWordRows appends to dst the rows fastText composes a word's input
// vector from (Dictionary::getSubwords): the word's own row id first when
// it is in the vocabulary (id >= 0), then the rows of its n-grams.
func (s Settings) AppendWordRows(dst []int32, id int32, word string, nwords int) []int32 {
	if id >= 0 {
		dst = append(dst, id)
	}
	return s.AppendRows(dst, word, nwords)
}
