package vocab

import (
	"bytes"
	"io"
	"os"
	"testing"
	"time"

	"github.com/wipsvec/wipsvec/corpus"
)

// enwikiPath is the shared 17M-token Wikipedia sample, relative to this
// package's directory.
const enwikiPath = "../../shared/data/enwiki17m.txt.zst"

// openEnwiki opens the shared corpus, or skips the test when it is missing
// (fails under CI=true, where it must be present).
func openEnwiki(tb testing.TB) io.ReadCloser {
	tb.Helper()
	if _, err := os.Stat(enwikiPath); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("CI=true but the enwiki corpus is missing: %v", err)
		}
		tb.Skipf("skipping: corpus %s not found (fetch it to /work/shared/data to run this test)", enwikiPath)
	}
	r, err := corpus.Open(enwikiPath)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// countingSource counts the tokens a TokenSource delivers.
type countingSource struct {
	TokenSource
	tokens int64
}

func (s *countingSource) Scan() bool {
	ok := s.TokenSource.Scan()
	if ok && !s.TokenSource.Boundary() {
		s.tokens++
	}
	return ok
}

func TestLearnEnwiki(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the 17M-token corpus in -short mode")
	}
	r := openEnwiki(t)
	defer r.Close()

	sc := corpus.NewScanner(r)
	src := &countingSource{TokenSource: sc}
	start := time.Now()
	v, stream, err := Learn(src, LearnOptions{MinCount: 5})
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	t.Logf("Learn: %d tokens, %d MB, %d words in %v (%.0f MB/s, decompression included)",
		src.tokens, sc.Offset()>>20, v.Len(), elapsed.Round(time.Millisecond), float64(sc.Offset())/1e6/elapsed.Seconds())

	if src.tokens != 16_943_201 {
		t.Errorf("read %d tokens, want 16,943,201", src.tokens)
	}
	if v.Len() != 67_873 {
		t.Errorf("%d words with count >= 5, want 67,873", v.Len())
	}
	if v.Counts[v.Len()-1] < 5 {
		t.Errorf("rarest word %q has count %d < 5", v.Words[v.Len()-1], v.Counts[v.Len()-1])
	}
	if v.Words[0] != "the" {
		t.Errorf("most frequent word %q, want \"the\"", v.Words[0])
	}
	checkStream(t, v, stream)
}

// BenchmarkLearnEnwiki measures Learn on the real corpus, decompressed into
// memory first so that only scanning and counting are timed. The "scan"
// sub-benchmark times the scanner alone, for comparison; "encode" reads the
// text with its vocabulary known (Encode, a resumed run's reading).
func BenchmarkLearnEnwiki(b *testing.B) {
	r := openEnwiki(b)
	text, err := io.ReadAll(r)
	r.Close()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("scan", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			sc := corpus.NewScanner(bytes.NewReader(text))
			for sc.Scan() {
			}
		}
	})
	b.Run("encode", func(b *testing.B) {
		v, _, err := Learn(corpus.NewScanner(bytes.NewReader(text)), LearnOptions{MinCount: 5})
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			if _, err := Encode(corpus.NewScanner(bytes.NewReader(text)), v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("learn", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			if _, _, err := Learn(corpus.NewScanner(bytes.NewReader(text)), LearnOptions{MinCount: 5}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
