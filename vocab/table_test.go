package vocab

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// tableWords are words a table must tell apart: equal heads with other
// lengths (a NUL after a short word leaves its head as it was), long words
// that share their first eight bytes or differ only at the end, and words
// past the 255 bytes the slot's length byte counts.
func tableWords() []string {
	ws := []string{"a", "a\x00", "a\x00\x00", "ab", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghj",
		"abcdefgh\x00", "abcdefghijklmnop", "abcdefghijklmnopq", "é", "日本語",
		strings.Repeat("x", 255), strings.Repeat("x", 256), strings.Repeat("x", 300),
		strings.Repeat("x", 299) + "y"}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 40000 {
		n := 1 + r.IntN(20)
		b := make([]byte, n)
		for j := range b {
			b[j] = byte('a' + r.IntN(4)) // few letters: many shared prefixes
		}
		ws = append(ws, string(b), fmt.Sprint(i))
	}
	return ws
}

// inBuffer returns w as the end of a larger buffer's first part, as a
// batch holds a token, so that find reads its head in one load; alone
// returns w with no room after it.
func inBuffer(w string) []byte {
	b := append([]byte(w), "garbage!"...)
	return b[:len(w)]
}

func alone(w string) []byte { return append([]byte(nil), w...)[:len(w):len(w)] }

// TestWordTable adds words to a table (growing it several times), finds
// each again, read both ways, misses words it lacks, and keeps only the
// words a rebuild keeps, against a map.
func TestWordTable(t *testing.T) {
	tab := newWordTable()
	want := map[string]int32{}
	for _, w := range tableWords() {
		if _, ok := want[w]; ok {
			continue
		}
		if got := tab.find(inBuffer(w)); got != missed {
			t.Fatalf("find(%q) before add = %d, want missed", w, got)
		}
		id := tab.add(alone(w))
		if int(id) != len(want) {
			t.Fatalf("add(%q) = %d, want the next id %d", w, id, len(want))
		}
		want[w] = id
	}
	if len(tab.slots) <= 1<<minTableBits {
		t.Fatalf("table of %d words never grew", len(want))
	}
	check := func(keep func(int32) bool) {
		t.Helper()
		live := 0
		for w, id := range want {
			wantID := missed
			if keep(id) {
				wantID = id
				live++
			}
			if got := tab.find(inBuffer(w)); got != wantID {
				t.Fatalf("find(%q) = %d, want %d", w, got, wantID)
			}
			if got := tab.find(alone(w)); got != wantID {
				t.Fatalf("find(%q) alone = %d, want %d", w, got, wantID)
			}
			if string(tab.word(id)) != w {
				t.Fatalf("word(%d) = %q, want %q", id, tab.word(id), w)
			}
		}
		if tab.live != live {
			t.Fatalf("%d live slots, want %d", tab.live, live)
		}
		n := 0
		tab.each(func(id int32) {
			if !keep(id) {
				t.Fatalf("each gave dropped id %d", id)
			}
			n++
		})
		if n != live {
			t.Fatalf("each gave %d ids, want %d", n, live)
		}
		for _, w := range []string{"q", "abcdefgi", "abcdefghk", strings.Repeat("x", 257), "zzzzzzzzzzzzzzzz"} {
			if got := tab.find(inBuffer(w)); got != missed {
				t.Fatalf("find(%q), never added, = %d", w, got)
			}
		}
	}
	check(func(int32) bool { return true })
	odd := func(id int32) bool { return id%2 == 1 }
	tab.rebuild(len(tab.slots), odd)
	check(odd)
	// A word dropped and added again gets a new id.
	id := tab.add(alone("a"))
	if int(id) != len(want) || tab.find(inBuffer("a")) != id {
		t.Fatalf("\"a\" added again got id %d, found as %d; want %d", id, tab.find(inBuffer("a")), len(want))
	}
}

// TestWordTableCollisions puts every word in one probe sequence (a shift
// of 64 sends every hash to slot 0), so that each find passes the others'
// slots: the words that share a head, and two long words that share their
// head, length and the hash bits a slot keeps, must still be told apart.
func TestWordTableCollisions(t *testing.T) {
	words := []string{"a", "a\x00", "a\x00\x00", "abcdefgh", "abcdefgh\x00", strings.Repeat("x", 256), strings.Repeat("x", 300), strings.Repeat("x", 299) + "y"}
	metas := map[uint32]string{}
	for i := 0; ; i++ {
		w := fmt.Sprintf("abcdefgh%06d", i)
		b := []byte(w)
		m := metaOf(hashWord(headOf(b), b), len(b))
		if other, ok := metas[m]; ok {
			words = append(words, other, w)
			break
		}
		metas[m] = w
	}
	for _, order := range [][]string{words, reversed(words)} {
		tab := newWordTable()
		tab.shift = 64
		ids := map[string]int32{}
		for _, w := range order {
			ids[w] = tab.add(alone(w))
		}
		for _, w := range order {
			if got := tab.find(inBuffer(w)); got != ids[w] {
				t.Fatalf("find(%q) = %d, want %d", w, got, ids[w])
			}
		}
		if got := tab.find(inBuffer("abcdefgh\x00\x00")); got != missed {
			t.Fatalf("find of a word never added = %d", got)
		}
	}
}

func reversed(s []string) []string {
	r := append([]string(nil), s...)
	slices.Reverse(r)
	return r
}

// TestHeadOf checks the one-load read of a short token in a buffer
// against the byte-wise one.
func TestHeadOf(t *testing.T) {
	buf := []byte("the cat sat on the mat, longer words at the end")
	for i := range buf {
		for j := i + 1; j <= len(buf); j++ {
			tok := buf[i:j]
			if got, want := headOf(tok), headOf(alone(string(tok))); got != want {
				t.Fatalf("headOf(%q) = %#x in the buffer, %#x alone", tok, got, want)
			}
		}
	}
}

// BenchmarkWordTable finds the tokens of a Zipf-distributed text in a
// table of its words, as counting does.
func BenchmarkWordTable(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	z := rand.NewZipf(r, 1.1, 2, 500_000)
	words := make([]string, 500_001)
	for i := range words {
		words[i] = fmt.Sprintf("w%x", i*2654435761%1000003)
	}
	tab := newWordTable()
	for _, w := range words {
		tab.add(alone(w))
	}
	var text []byte
	var ends []int
	for range 1 << 16 {
		text = append(text, words[z.Uint64()]...)
		ends = append(ends, len(text))
	}
	b.Run("table", func(b *testing.B) {
		for b.Loop() {
			start := 0
			for _, e := range ends {
				if tab.find(text[start:e]) == missed {
					b.Fatal("missed")
				}
				start = e
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ends)), "ns/token")
	})
	// The Go map the table replaced, for comparison.
	m := make(map[string]int32)
	for i, w := range words {
		m[w] = int32(i)
	}
	b.Run("map", func(b *testing.B) {
		for b.Loop() {
			start := 0
			for _, e := range ends {
				if _, ok := m[string(text[start:e])]; !ok {
					b.Fatal("missed")
				}
				start = e
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ends)), "ns/token")
	})
}
