package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/vocab"
)

// invalidUTF8Corpus is a small corpus whose words are valid UTF-8, ASCII or
// not, mixed with tokens that are not: Latin-1 spellings, a lone
// continuation byte, a sequence cut short, an encoded surrogate, and long
// tokens whose 100-byte cut leaves a lone lead byte. A long valid token cut
// before a two-byte rune stays valid. It returns the text and the number of
// invalid tokens in it.
func invalidUTF8Corpus(sentences int) (string, int64) {
	long := strings.Repeat("x", corpus.MaxTokenBytes-1)
	valid := []string{"the", "café", "naïve", "日本", "Ελλάδα", "a", "of", "and", long + "é" + "tail"}
	invalid := []string{"caf\xe9", "na\xefve", "\x80", "\xe2\x82", "\xed\xa0\x80", long + "\xc3" + "yz"}
	r := rand.New(rand.NewPCG(11, 12))
	var b strings.Builder
	var n int64
	for range sentences {
		for j := range 4 + r.IntN(12) {
			if j > 0 {
				b.WriteByte(' ')
			}
			if r.IntN(6) == 0 {
				b.WriteString(invalid[r.IntN(len(invalid))])
				n++
			} else {
				b.WriteString(valid[r.IntN(len(valid))])
			}
		}
		b.WriteByte('\n')
	}
	return b.String(), n
}

// loadWithGensim loads a vectors file with gensim's load_word2vec_format in
// its default mode. It returns what gensim read, or its stderr on failure.
func loadWithGensim(t *testing.T, path string, bin bool) (words []string, vectors [][]uint32, stderr string, err error) {
	t.Helper()
	binArg := "0"
	if bin {
		binArg = "1"
	}
	cmd := exec.Command(systemPython, filepath.Join("testdata", "gensim_check.py"), "load", path, binArg)
	var errb strings.Builder
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		return nil, nil, errb.String(), err
	}
	var got struct {
		Words   []string
		Dim     int
		Vectors [][]uint32
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("gensim_check.py load: bad output %q: %v", out, err)
	}
	return got.Words, got.Vectors, "", nil
}

// TestGensimLoadsInvalidUTF8Corpus trains a tiny model with the real
// pipeline (the tokenizer, the vocabulary counted in memory or through an
// encoded corpus, training, WriteVectors) on a corpus with tokens that are
// not valid UTF-8, and checks that gensim's default load_word2vec_format
// loads the vectors, binary and text, with exactly our words and floats.
// A file holding such a word, written by hand, shows that gensim's default
// mode would fail otherwise.
func TestGensimLoadsInvalidUTF8Corpus(t *testing.T) {
	requireGensim(t)
	dir := t.TempDir()
	checkGensimRefusesInvalidUTF8(t, dir)

	text, ninvalid := invalidUTF8Corpus(3000)
	wantInvalid := vocab.InvalidUTF8{Tokens: ninvalid, Distinct: 6}
	opt := skipgram.DefaultOptions()
	opt.Dim, opt.Iter, opt.Threads, opt.Seed = 8, 1, 1, 3

	inMemory := func() (*vocab.Vocab, [][]int32, vocab.InvalidUTF8) {
		v, chunks, st, err := vocab.LearnChunksStats(corpus.NewScanner(strings.NewReader(text)), vocab.LearnOptions{MinCount: 1})
		if err != nil {
			t.Fatal(err)
		}
		return v, chunks, st.Invalid
	}
	throughFile := func() (*vocab.Vocab, [][]int32, vocab.InvalidUTF8) {
		path := filepath.Join(dir, "c.wvc")
		info, _, err := encoded.Write(context.Background(), path, strings.NewReader(text), encoded.Options{MinCount: 1, Files: 1})
		if err != nil {
			t.Fatal(err)
		}
		c, err := encoded.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c.Vocab, [][]int32{c.IDs}, info.Invalid
	}
	for _, way := range []struct {
		name  string
		learn func() (*vocab.Vocab, [][]int32, vocab.InvalidUTF8)
	}{{"memory", inMemory}, {"encoded", throughFile}} {
		v, chunks, inv := way.learn()
		if inv.Tokens != wantInvalid.Tokens || inv.Distinct != wantInvalid.Distinct || inv.Capped {
			t.Errorf("%s: %d invalid tokens, %d distinct (capped %v), want %d, %d", way.name, inv.Tokens, inv.Distinct, inv.Capped, wantInvalid.Tokens, wantInvalid.Distinct)
		}
		t.Logf("%s: %d words; %s", way.name, v.Len(), inv)
		if v.Len() != 9 {
			t.Errorf("%s: %d words %q, want the 9 valid ones", way.name, v.Len(), v.Words)
		}
		res, err := (&skipgram.Job{Options: opt, Vocab: v, Text: chunks}).Train(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		checkGensimReadsVectors(t, dir, way.name, v, res.Vectors())
	}
}

// checkGensimRefusesInvalidUTF8 checks the failure that
// TestGensimLoadsInvalidUTF8Corpus guards against: gensim's default load
// refuses a word that is not valid UTF-8, in a text and a binary file
// written by hand in dir.
func checkGensimRefusesInvalidUTF8(t *testing.T, dir string) {
	for name, content := range map[string][]byte{
		"bad.txt": []byte("2 2\ncaf\xe9 1 2\nb 3 4\n"),
		"bad.bin": []byte("2 1\ncaf\xe9 \x00\x00\x80\x3f\nb \x00\x00\x00\x40\n"),
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, stderr, err := loadWithGensim(t, path, strings.HasSuffix(name, ".bin")); err == nil || !strings.Contains(stderr, "UnicodeDecodeError") {
			t.Fatalf("%s: gensim loaded a word that is not valid UTF-8 (err %v): the check below would prove nothing\n%s", name, err, stderr)
		}
	}
}

// checkGensimReadsVectors writes vec, trained on vocabulary v learned the
// way named name, to dir in binary and in text, and checks that gensim's
// default load reads back exactly v's words, all valid UTF-8, and vec's
// floats.
func checkGensimReadsVectors(t *testing.T, dir, name string, v *vocab.Vocab, vec *embedding.Vectors) {
	for _, bin := range []bool{true, false} {
		path := filepath.Join(dir, fmt.Sprintf("%s-%v.vec", name, bin))
		if err := embedding.WriteVectors(path, vec, bin); err != nil {
			t.Fatal(err)
		}
		words, vectors, stderr, err := loadWithGensim(t, path, bin)
		if err != nil {
			t.Fatalf("%s binary=%v: gensim's default load failed: %v\n%s", name, bin, err, stderr)
		}
		if !slices.Equal(words, v.Words) {
			t.Errorf("%s binary=%v: gensim read words %q, want %q", name, bin, words, v.Words)
		}
		for i, w := range v.Words {
			if !utf8.ValidString(w) {
				t.Errorf("%s: vocabulary word %q", name, w)
			}
			if i < len(vectors) && fmt.Sprint(vectors[i]) != fmt.Sprint(float32Bits(vec.Row(i))) {
				t.Errorf("%s binary=%v: gensim's vector of %q differs", name, bin, w)
			}
		}
	}
}
