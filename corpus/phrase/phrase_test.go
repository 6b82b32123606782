package phrase

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// join runs both passes on text.
func join(t testing.TB, text []byte, opt Options) []byte {
	t.Helper()
	c, err := Count(context.Background(), bytes.NewReader(text), opt)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := c.Join(context.Background(), &out, bytes.NewReader(text)); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func options(minCount int64, threshold float64) Options {
	o := DefaultOptions()
	o.MinCount, o.Threshold = minCount, threshold
	return o
}

// smallText has word2phrase's cases in a few lines: a CRLF line end, an
// empty line, \v inside a word, a tab between words, "</s>" and words with
// '_' (which share the table with the pairs: the word new_york counts as
// the pair new york), a word longer than 58 bytes (cut inside a UTF-8
// sequence), a carriage return inside a word (dropped), and a last word
// without a newline (dropped).
const smallText = "new york is big\r\ni saw new york and new jersey\n\nnew york\vcity new york\tnew york\n" +
	"</s> _new new_york </s> new york\n" + "\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t york new yo\rrk\n" +
	"  new york new york ends without a newline"

// smallJoined is word2phrase's output for smallText with -min-count 2
// -threshold 2.
const smallJoined = " new_york is big\n i saw new_york and new jersey\n\n new york\vcity new_york new_york\n" +
	" </s> _new new_york </s> new_york\n \u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\u00e9t\xc3 york new_york\n" +
	" new_york new_york ends without a"

func TestJoinSmall(t *testing.T) {
	got := join(t, []byte(smallText), options(2, 2))
	if string(got) != smallJoined {
		t.Errorf("got\n%q\nwant (word2phrase's)\n%q", got, smallJoined)
	}
	// At -threshold 5 only the word new_york stays joined, as word2phrase
	// writes it.
	if got, want := join(t, []byte(smallText), options(2, 5)), strings.ReplaceAll(smallJoined, "new_york", "new york"); string(got) != strings.Replace(want, "</s> _new new york", "</s> _new new_york", 1) {
		t.Errorf("-threshold 5: got\n%q", got)
	}
}

// TestQuirks are word2phrase's outputs where its bookkeeping shows. The
// first word's pair with a word never read is an entry of its own: without
// it, the cut at -min-count 1, which drops the least frequent entry when
// none falls short, would drop x_x. With a table of 10 slots word2phrase
// prunes at the first z, which leaves y, seen twice, at the front of the
// table, where the cut does not sort: the cut drops y (below -min-count 3),
// shortens the table by one for it, and so never reaches z_z.
func TestQuirks(t *testing.T) {
	for _, c := range []struct {
		text, want string
		minCount   int64
		threshold  float64
		table      int64
	}{
		{"x x x x x\n", " x_x x_x x\n", 1, 0.5, 0},
		{"y x y z z z z z z\n", " y x y z z z z z z\n", 3, 0.5, 10},
	} {
		opt := options(c.minCount, c.threshold)
		if c.table > 0 {
			opt.TableSize = c.table
		}
		if got := join(t, []byte(c.text), opt); string(got) != c.want {
			t.Errorf("%q -min-count %d -threshold %g (table %d): got %q, want %q", c.text, c.minCount, c.threshold, c.table, got, c.want)
		}
	}
}

// TestTrigrams: a second pass over the first's output joins a phrase to
// the next word, as word2phrase run twice does (demo-phrases.sh).
func TestTrigrams(t *testing.T) {
	var b strings.Builder
	for i := range 400 {
		for j := range 10 {
			fmt.Fprintf(&b, "w%d ", (7*i+j)%200)
		}
		if i%8 == 0 {
			b.WriteString("new york city")
		}
		b.WriteByte('\n')
	}
	opt := options(5, 10)
	once := join(t, []byte(b.String()), opt)
	if !bytes.Contains(once, []byte(" new_york city")) {
		t.Fatalf("first pass: no new_york city in %q", once[:200])
	}
	twice := join(t, once, opt)
	if !bytes.Contains(twice, []byte(" new_york_city\n")) {
		t.Errorf("second pass: no new_york_city in %q", twice[:200])
	}
}

// rng draws the synthetic corpora from SplitMix64, which never changes
// with Go's math/rand.
type rng struct{ kernel.RNG }

// intn is a number in [0, n).
func (r *rng) intn(n int) int { return int(r.Next() % uint64(n)) }

// synthText is a corpus of about words words: Zipf-like words, planted
// pairs, lines of varied length; with odd, the cases word2phrase treats in
// its own way (see smallText) scattered through it, and no final newline.
func synthText(seed uint64, words int, odd bool) []byte {
	r := rng{kernel.SplitMix(seed)}
	pairs := [][2]string{{"new", "york"}, {"san", "francisco"}, {"united", "states"}, {"of", "the"}, {"new", "jersey"}}
	oddWords := []string{"</s>", "_w1", "w1_w2", "new_york", "a\vb", "c\fd", strings.Repeat("x", 70), strings.Repeat("\u00e9", 40), "ab\rcd", "w3\r"}
	var b bytes.Buffer
	inLine := 0
	for range words {
		if inLine > 0 {
			b.WriteByte(" \t"[min(r.intn(20), 1)])
		}
		switch x := r.intn(100); {
		case x < 15:
			p := pairs[r.intn(len(pairs))]
			b.WriteString(p[0] + " " + p[1])
		case x < 20 && odd:
			b.WriteString(oddWords[r.intn(len(oddWords))])
		default:
			// Zipf-like: k below 2^e for e uniform in [0, 10], so
			// that word k comes about as often as 1/(k+1).
			fmt.Fprintf(&b, "w%d", r.intn(1<<r.intn(11)))
		}
		inLine++
		if r.intn(12) == 0 {
			if odd && r.intn(3) == 0 {
				b.WriteByte('\r')
			}
			b.WriteByte('\n')
			if odd && r.intn(5) == 0 {
				b.WriteByte('\n')
			}
			inLine = 0
		}
	}
	if !odd {
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// synthCases are the synthetic corpora and settings compared with
// word2phrase. The checksums are of word2phrase's output, from
// word2vec's word2phrase.c (2015) built with gcc -O3 (and, for the table
// sizes, built with vocab_hash_size set to that size): they were found
// equal byte for byte to this package's output, and stand for the
// reference where it is not at hand.
var synthCases = []struct {
	seed      uint64
	odd       bool
	minCount  int64
	threshold float64
	table     int64 // 0: word2phrase's
	sha256    string
}{
	{1, false, 5, 100, 0, "445fd730a6acf028a7fd233dffa06fb054a4731e724e7a4c077daede104971ee"},
	{1, false, 5, 10, 0, "b81b693871487de70158d64916280294acaba3ffdb31cf8466437c918a84f0dd"},
	{1, false, 1, 10, 0, "40f0a1180ef34d5a04fb8be6975917ed5c9f19002e9322c3d066012658753878"},
	{2, true, 5, 10, 0, "e02eb087449afbc6a0f0dbe886932d36325f895dd682eb927758eab89b4d0fec"},
	{2, true, 2, 2, 0, "9dc5d839f965a17e6e3e88e16f8bf92856604b1ebbf240ea7513d440c8e095da"},
	{2, true, 0, 50, 0, "5261920571825e8a4cfd80feb9546f042bf10e08871374a732b2fd000c36bcc4"},
	{3, true, 3, -1, 0, "19811970b401ca9d34436fbe8e381b23a33bcdf1f06e3379c518b4134c7ded3d"},
	{3, true, 5, 0, 0, "b256bb7ffdb66baa9285e6737ceaa86674831db8d78fc06add791a32be69a363"},
	{3, false, 1, 1, 0, "2763c989f50586e0369a2618891b01a2bd79c8c2dbd3ee9ad4947da43238931e"},
	{1, false, 2, 10, 1000, "b81b693871487de70158d64916280294acaba3ffdb31cf8466437c918a84f0dd"},
	{2, true, 2, 5, 1000, "934507a0b80b5973e6ada00414af0beb5aa2a81be59a10b4f8ef4c3b5bac8156"},
	{3, true, 1, 5, 5000, "651c0f5ff3422bc690d5b25699e92a7712ea6dc0711429c3cc4e6be716dcca56"},
	{3, false, 3, 3, 2000, "f08483d825b6025db72d1ac06ca9df97212030c2da15cceaba58eb1411c10e84"},
}

// TestJoinSynthetic compares the output on the synthetic corpora with
// word2phrase's: with the program itself when $WIPSVEC_WORD2PHRASE names
// it (for word2phrase's own table size), else with the checksums of its
// output.
func TestJoinSynthetic(t *testing.T) {
	ref := os.Getenv("WIPSVEC_WORD2PHRASE")
	dir := t.TempDir()
	for _, c := range synthCases {
		name := fmt.Sprintf("seed %d odd %v -min-count %d -threshold %g table %d", c.seed, c.odd, c.minCount, c.threshold, c.table)
		text := synthText(c.seed, 30_000, c.odd)
		opt := options(c.minCount, c.threshold)
		if c.table > 0 {
			opt.TableSize = c.table
		}
		got := join(t, text, opt)
		sum := sha256.Sum256(got)
		if hex.EncodeToString(sum[:]) != c.sha256 {
			t.Errorf("%s: sha256 %x, want %s", name, sum, c.sha256)
		}
		if ref == "" || c.table > 0 {
			continue
		}
		in, out := filepath.Join(dir, "in.txt"), filepath.Join(dir, "out.txt")
		if err := os.WriteFile(in, text, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(ref, "-train", in, "-output", out, "-min-count", fmt.Sprint(c.minCount), "-threshold", fmt.Sprint(c.threshold), "-debug", "0")
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", ref, err, msg)
		}
		want, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			i := 0
			for i < min(len(got), len(want)) && got[i] == want[i] {
				i++
			}
			t.Errorf("%s: output differs from word2phrase's at byte %d of %d (%d)", name, i, len(want), len(got))
		}
	}
}

// TestPruning: a table that fills is pruned as word2phrase prunes it, more
// each time, and the pruned counts still join the frequent pairs.
func TestPruning(t *testing.T) {
	text := synthText(1, 30_000, false)
	opt := options(2, 10)
	opt.TableSize = 1000
	c, err := Count(context.Background(), bytes.NewReader(text), opt)
	if err != nil {
		t.Fatal(err)
	}
	if c.Reduced < 2 || c.Entries > 700 {
		t.Errorf("pruned %d times, %d entries left: want several prunings under 70%% of 1000", c.Reduced, c.Entries)
	}
	if got := join(t, text, opt); !bytes.Contains(got, []byte("new_york")) {
		t.Error("no new_york after pruning")
	}
}

// TestWordsSplitLikeReadWord checks the word reader on every split of its
// input into reads against a plain transcription of word2phrase's rules.
func TestWordsSplitLikeReadWord(t *testing.T) {
	for _, text := range []string{smallText, string(synthText(2, 3000, true)), "", "\n", "a", "a\n", " \r\n\r", strings.Repeat("y", 200) + " z\n"} {
		want := readWords(text)
		for _, size := range []int{1, 3, 64, readBuffer} {
			for _, r := range []io.Reader{strings.NewReader(text), iotest.OneByteReader(strings.NewReader(text)), iotest.DataErrReader(strings.NewReader(text))} {
				if got := events(t, newWords(r, size)); !slices.Equal(got, want) {
					t.Errorf("buffer %d: %q\ngot  %q\nwant %q", size, clipText(text), got, want)
				}
			}
		}
	}
}

func clipText(s string) string { return s[:min(len(s), 60)] }

// readWords is word2phrase's ReadWord over the whole text, written the
// plain way: words as strings, "\n" for a newline.
func readWords(text string) []string {
	var out []string
	var w []byte
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '\r':
		case ' ', '\t', '\n':
			if len(w) > 0 {
				out = append(out, string(w))
				w = w[:0]
			}
			if c == '\n' {
				out = append(out, "\n")
			}
		default:
			if len(w) < 58 {
				w = append(w, c)
			}
		}
	}
	return out
}

func events(t *testing.T, s *words) []string {
	var out []string
	for {
		ev, w, err := s.next()
		switch {
		case err != nil:
			t.Fatal(err)
		case ev == atEOF:
			return out
		case ev == atNewline:
			out = append(out, "\n")
		default:
			out = append(out, string(w))
		}
	}
}

// TestMergeSortIsStable: the sort is glibc's merge sort, stable.
func TestMergeSortIsStable(t *testing.T) {
	r := rng{kernel.SplitMix(5)}
	for n := range 200 {
		keys := make([]int, n)
		for i := range keys {
			keys[i] = r.intn(7)
		}
		s := make([]int32, n)
		for i := range s {
			s[i] = int32(i)
		}
		want := slices.Clone(s)
		byKey := func(a, b int32) int { return keys[b] - keys[a] }
		slices.SortStableFunc(want, byKey)
		mergeSort(s, make([]int32, n), func(a, b int32) bool { return byKey(a, b) <= 0 })
		if !slices.Equal(s, want) {
			t.Fatalf("n %d: %v, want %v", n, s, want)
		}
	}
}

func TestBinaryRefused(t *testing.T) {
	_, err := Count(context.Background(), strings.NewReader("a b\x00c"), DefaultOptions())
	if err == nil || !strings.Contains(err.Error(), "NUL") || !strings.Contains(err.Error(), "byte 3") {
		t.Errorf("got %v, want a NUL byte at byte 3", err)
	}
}

func TestChangedTextRefused(t *testing.T) {
	c, err := Count(context.Background(), strings.NewReader("a b c\n"), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Join(context.Background(), io.Discard, strings.NewReader("a b\n")); err == nil {
		t.Error("a text shorter than the one counted: no error")
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Count(ctx, strings.NewReader("a b\n"), DefaultOptions()); err != context.Canceled {
		t.Errorf("got %v, want context.Canceled", err)
	}
}
