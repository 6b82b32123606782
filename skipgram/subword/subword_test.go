package subword

import (
	"errors"
	"hash/fnv"
	"slices"
	"strings"
	"testing"
)

// fastTextGolden holds what fastText 0.9.2's own Dictionary::hash and
// computeSubwords (compiled from its source, with args_ made parameters)
// give for these words: the n-grams in its order and their rows.
var fastTextGolden = []struct {
	minn, maxn, bucket, nwords int
	word                       string
	ngrams                     []string
	rows                       []int32
}{
	{3, 6, 2000000, 0, "where", []string{"<wh", "<whe", "<wher", "<where", "whe", "wher", "where", "where>", "her", "here", "here>", "ere", "ere>", "re>"}, []int32{167652, 989715, 1526707, 1071586, 420941, 312621, 969176, 121234, 1473420, 1540811, 114991, 1529033, 1568469, 867498}},
	{3, 6, 2000000, 0, "naïve", []string{"<na", "<naï", "<naïv", "<naïve", "naï", "naïv", "naïve", "naïve>", "aïv", "aïve", "aïve>", "ïve", "ïve>", "ve>"}, []int32{1806890, 1907692, 878190, 933201, 1590546, 1719404, 832043, 156687, 356832, 1223007, 1505331, 1711570, 1788548, 1088654}},
	{3, 6, 2000000, 0, "日本語", []string{"<日本", "<日本語", "<日本語>", "日本語", "日本語>", "本語>"}, []int32{758587, 4581, 524609, 35559, 928923, 1674355}},
	{3, 6, 2000000, 0, "a", []string{"<a>"}, []int32{1087600}},
	{3, 6, 2000000, 0, "ab", []string{"<ab", "<ab>", "ab>"}, []int32{209508, 621742, 1241756}},
	{1, 2, 1000, 7, "a", []string{"<a", "a", "a>"}, []int32{757, 227, 813}},
	{1, 2, 1000, 7, "ab", []string{"<a", "a", "ab", "b", "b>"}, []int32{757, 227, 953, 84, 568}},
	{1, 2, 1000, 7, "é", []string{"<é", "é", "é>"}, []int32{634, 784, 788}},
	{1, 2, 1000, 7, "日本", []string{"<日", "日", "日本", "本", "本>"}, []int32{694, 756, 416, 424, 724}},
	{3, 3, 10, 100, "x", []string{"<x>"}, []int32{107}},
}

func TestNgramsAndRowsAsFastText(t *testing.T) {
	for _, g := range fastTextGolden {
		s := Settings{Minn: g.minn, Maxn: g.maxn, Bucket: g.bucket}
		if got := s.Ngrams(g.word); !slices.Equal(got, g.ngrams) {
			t.Errorf("%+v Ngrams(%q) = %q, want %q", s, g.word, got, g.ngrams)
		}
		if got := s.AppendRows(nil, g.word, g.nwords); !slices.Equal(got, g.rows) {
			t.Errorf("%+v AppendRows(%q, %d) = %v, want %v", s, g.word, g.nwords, got, g.rows)
		}
		// The rows are the n-grams' hashes, as Hash gives them.
		for i, ng := range s.Ngrams(g.word) {
			if want := int32(g.nwords) + int32(Hash(ng)%uint32(g.bucket)); g.rows[i] != want {
				t.Errorf("%q: row of %q is %d, Hash gives %d", g.word, ng, g.rows[i], want)
			}
		}
		// The word's own row comes first when it has one.
		if got := s.AppendWordRows(nil, 5, g.word, g.nwords); got[0] != 5 || !slices.Equal(got[1:], g.rows) {
			t.Errorf("AppendWordRows(5, %q) = %v", g.word, got)
		}
	}
}

func TestHashAsFastText(t *testing.T) {
	for _, c := range []struct {
		s    string
		want uint32
	}{
		{"", 2166136261},
		{"where", 90969176},
		{"naïve", 3440832043},
		{"日本語", 308035559},
		{"a", 3826002220},
		{"ab", 1294271946},
		{"é", 1023043777},
		{"日本", 4164387409},
		{"x", 4245442695},
	} {
		if got := Hash(c.s); got != c.want {
			t.Errorf("Hash(%q) = %d, want %d", c.s, got, c.want)
		}
		// ASCII hashes as the textbook FNV-1a; bytes from 0x80 do not.
		f := fnv.New32a()
		f.Write([]byte(c.s))
		ascii := strings.IndexFunc(c.s, func(r rune) bool { return r >= 0x80 }) < 0
		if (f.Sum32() == c.want) != ascii {
			t.Errorf("Hash(%q): textbook FNV-1a %d; ASCII %v", c.s, f.Sum32(), ascii)
		}
	}
}

func TestNoSubwords(t *testing.T) {
	for _, s := range []Settings{{Minn: 3, Maxn: 0, Bucket: 10}, {}} {
		if got := s.Ngrams("where"); got != nil {
			t.Errorf("%+v: Ngrams = %q", s, got)
		}
		if got := s.AppendRows(nil, "where", 3); got != nil {
			t.Errorf("%+v: AppendRows = %v", s, got)
		}
	}
	if got := Default().Ngrams(EOS); got != nil {
		t.Errorf("EOS has n-grams %q", got)
	}
}

// Bytes that are not UTF-8 are cut into characters as fastText cuts them:
// a byte 10xxxxxx joins the character before it, whatever that is.
func TestInvalidUTF8(t *testing.T) {
	s := Settings{Minn: 1, Maxn: 2, Bucket: 100}
	// "<\x80" is one character, and the first: left out as "<" is.
	got := s.Ngrams("\x80a\xc3")
	want := []string{"<\x80a", "a", "a\xc3", "\xc3", "\xc3>"}
	if !slices.Equal(got, want) {
		t.Errorf("Ngrams = %q, want %q", got, want)
	}
	// fastText's own code gives these rows.
	if got, want := s.AppendRows(nil, "\x80a\xc3", 0), []int32{84, 20, 9, 38, 60}; !slices.Equal(got, want) {
		t.Errorf("AppendRows = %v, want %v", got, want)
	}
}

func TestAppendRowsAllocatesNothing(t *testing.T) {
	s := Default()
	dst := make([]int32, 0, 64)
	if n := testing.AllocsPerRun(100, func() { dst = s.AppendRows(dst[:0], "naïveté", 1000) }); n != 0 {
		t.Errorf("AppendRows allocates %v times", n)
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		s    Settings
		want string // "" when valid
	}{
		{Default(), ""},
		{Settings{Minn: 3, Maxn: 0, Bucket: 0}, ""},
		{Settings{Minn: 0, Maxn: 0, Bucket: 2_000_000}, ""},
		{Settings{Minn: 1, Maxn: 1, Bucket: 1}, ""},
		{Settings{Minn: 7, Maxn: 6, Bucket: 10}, "minn 7 is above maxn 6"},
		{Settings{Minn: 3, Maxn: 6, Bucket: 0}, "bucket 0 with maxn 6"},
		{Settings{Minn: 0, Maxn: 6, Bucket: 10}, "minn 0 with maxn 6"},
		{Settings{Minn: 3, Maxn: -1, Bucket: 10}, "negative"},
		{Settings{Minn: 3, Maxn: 6, Bucket: 1 << 31}, "bucket 2147483648"},
	} {
		err := c.s.Validate()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%+v: %v", c.s, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ErrSettings)):
			t.Errorf("%+v: error %v, want one with %q", c.s, err, c.want)
		case err != nil && strings.Contains(err.Error(), "\n"):
			t.Errorf("%+v: error of several lines: %q", c.s, err)
		}
	}
}
