package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

// cleanString runs clean on in with the given read buffer size.
func cleanString(t testing.TB, in string, bufSize int) (string, CleanStats, error) {
	t.Helper()
	var out bytes.Buffer
	st, err := clean(&out, strings.NewReader(in), bufSize, cleanMaxRecord)
	return out.String(), st, err
}

// checkCleanStats checks the counters that follow from the input and the
// output alone.
func checkCleanStats(t *testing.T, st CleanStats, in, out string) {
	t.Helper()
	if st.BytesIn != int64(len(in)) {
		t.Errorf("BytesIn = %d, want %d", st.BytesIn, len(in))
	}
	if st.BytesOut != int64(len(out)) {
		t.Errorf("BytesOut = %d, want %d", st.BytesOut, len(out))
	}
	if n := int64(len(strings.Fields(out))); st.Words != n {
		t.Errorf("Words = %d, want %d", st.Words, n)
	}
}

// TestCleanFixtures checks one rule of wikifil.pl per fixture: NAME.xml is
// a small dump and NAME.txt what wikifil.pl makes of it. Each runs with
// Clean's own buffer, and with bufio's smallest so that every record
// spans buffers, and through a reader that returns one byte at a time.
func TestCleanFixtures(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join("testdata", "clean", "*.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) < 16 {
		t.Fatalf("found %d fixtures in testdata/clean, want at least 16", len(inputs))
	}
	for _, path := range inputs {
		name := strings.TrimSuffix(filepath.Base(path), ".xml")
		t.Run(name, func(t *testing.T) {
			in, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(path, ".xml") + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			// The output has no final newline; tolerate an editor's.
			want = bytes.TrimSuffix(want, []byte("\n"))

			got, st, err := cleanString(t, string(in), cleanBufSize)
			if err != nil {
				t.Fatalf("Clean: %v", err)
			}
			if got != string(want) {
				t.Errorf("Clean output\n got %q\nwant %q", got, want)
			}
			checkCleanStats(t, st, string(in), got)

			small, _, err := cleanString(t, string(in), 16)
			if err != nil || small != got {
				t.Errorf("with a 16-byte buffer: %q, %v; want %q", small, err, got)
			}
			var one bytes.Buffer
			if _, err := Clean(&one, iotest.OneByteReader(bytes.NewReader(in))); err != nil || one.String() != got {
				t.Errorf("reading a byte at a time: %q, %v; want %q", one.String(), err, got)
			}
		})
	}
}

// wikiPage returns a dump of one page with wikitext body, escaped as a
// dump escapes it.
func wikiPage(body string) string {
	return `<mediawiki><page><title>T</title><revision><text xml:space="preserve">` +
		body + "</text></revision></page></mediawiki>\n"
}

// cleanQuirks are the cases of TestCleanQuirks: each a dump and what
// wikifil.pl (or, once, Clean) makes of it.
var cleanQuirks = []struct {
	name, in, want string
}{
	{
		name: "entities are decoded twice",
		in:   wikiPage("a &amp;lt;b&amp;gt;bold&amp;lt;/b&amp;gt; z"),
		want: " a bold z",
	},
	{
		name: "an ampersand takes everything up to the next semicolon",
		in:   wikiPage("AT&amp;T is big; really"),
		want: " at really",
	},
	{
		name: "the ampersand rule spans lines",
		in:   wikiPage("one &amp;\ntwo\nthree; four"),
		want: " one four",
	},
	{
		name: "a reference spans lines but not tags",
		in:   wikiPage("a&lt;ref&gt;x\ny&lt;/ref&gt; b&lt;ref&gt;&lt;b&gt;k&lt;/b&gt;&lt;/ref&gt;"),
		want: " a bk",
	},
	{
		name: "templates do not nest",
		in:   wikiPage("a {{outer|{{inner}} tail}} b"),
		want: " a tail b",
	},
	{
		name: "an unclosed template brace swallows nothing",
		in:   wikiPage("a {{open b"),
		want: " a open b",
	},
	{
		name: "removing brackets joins words",
		in:   wikiPage("[[Bank]]s and x[y]z"),
		want: " banks and xyz",
	},
	{
		name: "interlanguage links are matched case-sensitively",
		in:   wikiPage("[[fr:Paris]] [[Fr:Paris]] [[wikt:word|shown]]"),
		want: " fr paris",
	},
	{
		name: "image options are matched in any case",
		in:   wikiPage("[[IMAGE:x.png|THUMB|Left|rIgHt|300Px|cap]]"),
		want: " cap",
	},
	{
		name: "only http URLs are removed",
		in:   wikiPage("[http://a.org/b A] [https://c.org/d D] [ftp://e.org F]"),
		want: " a https c org d d ftp e org f",
	},
	{
		name: "a page mentioning #redirect anywhere is dropped",
		in:   wikiPage("See the #REDIRECT magic word.") + wikiPage("kept"),
		want: " kept",
	},
	{
		name: "an empty self-closing text leaks the next page's fields",
		in: `<mediawiki><page><title>Empty</title><revision><text xml:space="preserve" /></revision></page>` +
			`<page><title>Next</title><id>5</id><revision><text xml:space="preserve">body</text></revision></page></mediawiki>`,
		want: " next five body",
	},
	{
		name: "the closing tag is cut only on the text's last line",
		in:   wikiPage("a\nb"),
		want: " a b",
	},
	{
		name: "a text without attributes still counts (deviation)",
		in:   "<mediawiki><page><text>plain</text></page></mediawiki>",
		want: " plain",
	},
	{
		name: "a dump cut off inside a text keeps its text",
		in:   `<mediawiki><page><text xml:space="preserve">cut off here`,
		want: " cut off here",
	},
	{
		name: "an empty page writes nothing",
		in:   wikiPage("{{stub}} [[de:Leer]]") + wikiPage("x"),
		want: " x",
	},
}

// TestCleanQuirks pins behaviour of wikifil.pl that is easy to "fix" by
// mistake, and Clean's one deviation from it.
func TestCleanQuirks(t *testing.T) {
	for _, tt := range cleanQuirks {
		t.Run(tt.name, func(t *testing.T) {
			got, st, err := cleanString(t, tt.in, cleanBufSize)
			if err != nil {
				t.Fatalf("Clean: %v", err)
			}
			if got != tt.want {
				t.Errorf("Clean(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
			checkCleanStats(t, st, tt.in, got)
		})
	}
}

func TestCleanStats(t *testing.T) {
	in := wikiPage("One two.") + wikiPage("#REDIRECT [[One]]") + wikiPage("3 4")
	got, st, err := cleanString(t, in, cleanBufSize)
	if err != nil {
		t.Fatal(err)
	}
	want := CleanStats{BytesIn: int64(len(in)), BytesOut: int64(len(got)), Words: 4, Pages: 3, Redirects: 1}
	if st != want {
		t.Errorf("stats = %+v, want %+v", st, want)
	}
}

func TestCleanNotMediaWiki(t *testing.T) {
	tests := []struct {
		name, in string
	}{
		{"empty", ""},
		{"plain text", "the quick brown fox jumps over the lazy dog\n"},
		{"html", "<html><body><p>text</p></body></html>"},
		{"text element without end of tag", "<mediawiki><page><textual>x</textual>"},
		{"gzip", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03<text >"},
		{"utf-16", "<\x00m\x00e\x00d\x00i\x00a\x00w\x00i\x00k\x00i\x00>\x00"},
		{"text past the first megabytes", strings.Repeat("<p>filler</p>\n", 400_000) + wikiPage("late")},
		{"no '>' at all", strings.Repeat("no markup ", 600_000)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := cleanString(t, tt.in, cleanBufSize)
			if !errors.Is(err, ErrNotMediaWiki) {
				t.Fatalf("err = %v, want ErrNotMediaWiki", err)
			}
			if !strings.Contains(err.Error(), "input is not MediaWiki XML (no <text> element found)") {
				t.Errorf("err = %q, want the message to say why", err)
			}
			if out != "" {
				t.Errorf("wrote %q before failing", out)
			}
		})
	}
}

// TestCleanLargePage cleans a page several times larger than Clean's read
// buffer, which is one record since wikitext has no '>': Clean must
// assemble it across buffers, and write its output in pieces.
func TestCleanLargePage(t *testing.T) {
	const unit = "Word [[Link target|shown]] 12 {{tmpl|x}} &amp;amp; [http://x.org label]&lt;ref&gt;r&lt;/ref&gt;\n"
	const wantUnit = " word shown one two label"
	n := 3*cleanBufSize/len(unit) + 1
	body := strings.Repeat(unit, n)
	in := wikiPage(body)
	want := strings.Repeat(wantUnit, n)
	for _, size := range []int{cleanBufSize, 4096} {
		got, st, err := cleanString(t, in, size)
		if err != nil {
			t.Fatalf("buffer %d: %v", size, err)
		}
		if got != want {
			t.Fatalf("buffer %d: output of %d bytes differs from the %d expected", size, len(got), len(want))
		}
		checkCleanStats(t, st, in, got)
	}
}

func TestCleanRecordLimit(t *testing.T) {
	in := wikiPage(strings.Repeat("long text ", 1000))
	var out bytes.Buffer
	_, err := clean(&out, strings.NewReader(in), 16, 1000)
	if err == nil || !strings.Contains(err.Error(), "without a '>'") {
		t.Fatalf("err = %v, want a record-limit error", err)
	}
	if errors.Is(err, ErrNotMediaWiki) {
		t.Errorf("err = %v: input with a <text> element is MediaWiki XML", err)
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

func TestCleanErrors(t *testing.T) {
	boom := errors.New("boom")
	in := wikiPage("some words")

	_, err := Clean(failWriter{boom}, strings.NewReader(in))
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "writing") {
		t.Errorf("with a failing writer: err = %v, want it to wrap %v", err, boom)
	}

	r := io.MultiReader(strings.NewReader(in), iotest.ErrReader(boom))
	_, err = Clean(io.Discard, r)
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "reading") {
		t.Errorf("with a failing reader: err = %v, want it to wrap %v", err, boom)
	}
}

// benchArticle is wikitext in the style of enwik9, escaped as in a dump.
const benchArticle = `{{Infobox Country|name=Example|capital=[[Example City]]|population=1,234,567}}
'''Anarchism''' is a [[political philosophy]] which considers the [[State (polity)|state]]
undesirable, unnecessary and harmful, and instead promotes a [[stateless society]], or
[[anarchy]].&lt;ref&gt;Malatesta, Errico. ''Towards Anarchism'', 1930.&lt;/ref&gt; It seeks to
diminish or even abolish [[authority]] in the conduct of [[human relations]].&lt;ref name="ex"&gt;
[http://www.example.org/anarchy.html An Anarchist FAQ]&lt;/ref&gt; Anarchists may widely
disagree on what additional criteria are required in anarchism.

== History ==
[[Image:Proudhon.jpg|thumb|left|150px|[[Pierre-Joseph Proudhon]], 1809&amp;ndash;1865]]
The earliest anarchist themes can be found in the 6th century BC, among the works of
[[Taoism|Taoist]] philosopher [[Laozi]], and in later centuries by [[Zhuangzi]] and
[[Bao Jingyan]].&lt;ref&gt;{{cite book|last=Rapp|first=John|title=Daoism and Anarchism}}&lt;/ref&gt;
{| class="wikitable"
|-
! Year !! Event
|-
| 1840 || ''What is Property?''
|}
Temperatures range from 10&amp;nbsp;&amp;deg;C to 35&amp;nbsp;&amp;deg;C &amp;mdash; see &lt;br /&gt; below.

[[Category:Anarchism| ]]
[[Category:Political ideologies]]
[[de:Anarchismus]]
[[fr:Anarchisme]]
[[zh-min-nan:Bô-chèng-hú-chú-gī]]
`

// benchDump returns a synthetic dump of about size bytes: mostly
// articles, some redirects, in enwik9's layout.
func benchDump(size int) []byte {
	var b bytes.Buffer
	b.WriteString(`<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.3/" version="0.3" xml:lang="en">` + "\n")
	for i := 0; b.Len() < size; i++ {
		text := benchArticle
		if i%4 == 3 {
			text = "#REDIRECT [[Anarchism]]"
		}
		fmt.Fprintf(&b, `  <page>
    <title>Page %d</title>
    <id>%d</id>
    <revision>
      <id>%d</id>
      <timestamp>2006-03-01T12:00:00Z</timestamp>
      <contributor>
        <username>Editor</username>
        <id>7</id>
      </contributor>
      <comment>copy edit</comment>
      <text xml:space="preserve">%s</text>
    </revision>
  </page>
`, i, i, 1000+i, text)
	}
	b.WriteString("</mediawiki>\n")
	return b.Bytes()
}

func BenchmarkClean(b *testing.B) {
	in := benchDump(16 << 20)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Clean(io.Discard, bytes.NewReader(in)); err != nil {
			b.Fatal(err)
		}
	}
}
