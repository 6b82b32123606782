package subword

import (
	"errors"
	"testing"
)

// testModel has 2 words and 10 buckets of dimension 2; row r is (r, -r)
// scaled so that sums are exact.
func testModel(t *testing.T) *Model {
	t.Helper()
	s := Settings{Minn: 3, Maxn: 4, Bucket: 10}
	words := []string{"ab", "cat"}
	rows := make([]float32, 0, 2*12)
	for r := range 12 {
		rows = append(rows, float32(r), -float32(r)/2)
	}
	m, err := NewModel(s, words, 2, 0, rows)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestVectorIsFastTextsMean(t *testing.T) {
	m := testModel(t)
	for _, c := range []struct {
		word  string
		known bool
	}{{"cat", true}, {"ab", true}, {"dog", false}, {"日本語", false}} {
		rows := m.Settings.AppendWordRows(nil, m.ID(c.word), c.word, 2)
		if (m.ID(c.word) >= 0) != c.known {
			t.Fatalf("%q: ID %d", c.word, m.ID(c.word))
		}
		var want [2]float32
		for _, r := range rows {
			want[0] += float32(r)
			want[1] += -float32(r) / 2
		}
		a := float32(1.0 / float64(len(rows)))
		want[0] *= a
		want[1] *= a
		got := make([]float32, 2)
		if n := m.Vector(got, c.word); n != len(rows) || got[0] != want[0] || got[1] != want[1] {
			t.Errorf("Vector(%q) = %v over %d rows, want %v over %d", c.word, got, n, want, len(rows))
		}
	}
	if c := m.Settings.AppendWordRows(nil, 1, "cat", 2); c[0] != 1 || len(c) != 1+len(m.Settings.Ngrams("cat")) {
		t.Errorf("cat's rows %v", c)
	}
}

func TestVectorWithoutNgramsIsZero(t *testing.T) {
	m, err := NewModel(Settings{}, []string{"a"}, 2, 4, []float32{1, 2, 9, 9})
	if err != nil {
		t.Fatal(err)
	}
	got := []float32{7, 7}
	if n := m.Vector(got, "b"); n != 0 || got[0] != 0 || got[1] != 0 {
		t.Errorf("unseen word without n-grams: %v over %d rows", got, n)
	}
	if n := m.Vector(got, "a"); n != 1 || got[0] != 1 || got[1] != 2 {
		t.Errorf("a: %v over %d rows", got, n)
	}
}

func TestNewModelRefusesShortRows(t *testing.T) {
	_, err := NewModel(Settings{Minn: 3, Maxn: 6, Bucket: 10}, []string{"a"}, 2, 0, make([]float32, 21))
	if !errors.Is(err, ErrModel) {
		t.Errorf("short rows: %v", err)
	}
	_, err = NewModel(Settings{Minn: 7, Maxn: 6, Bucket: 10}, nil, 2, 0, nil)
	if !errors.Is(err, ErrSettings) {
		t.Errorf("bad settings: %v", err)
	}
}

func TestVectorAllocatesNothing(t *testing.T) {
	m := testModel(t)
	dst := make([]float32, 2)
	if n := testing.AllocsPerRun(100, func() { m.Vector(dst, "naïveté") }); n != 0 {
		t.Errorf("Vector allocates %v times", n)
	}
}
