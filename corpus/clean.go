package corpus

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// ErrNotMediaWiki is returned, possibly wrapped with detail, by Clean when
// its input does not look like a MediaWiki XML dump. Without this check a
// compressed, binary or plain-text file would be cleaned to an empty corpus
// without complaint.
var ErrNotMediaWiki = errors.New("input is not MediaWiki XML (no <text> element found)")

const (
	// cleanBufSize is the read buffer of Clean. Whole articles are
	// usually one record (see Clean), so a large buffer lets most of them
	// be cleaned where they were read, without being copied.
	cleanBufSize = 1 << 20

	// cleanOutSize is how much cleaned text Clean collects before writing
	// it to dst.
	cleanOutSize = 256 << 10

	// cleanEmitChunk is how much of a record Clean cleans between checks
	// of the output's size.
	cleanEmitChunk = 32 << 10

	// cleanSniffSize is how far into the input Clean looks for the first
	// <text> element before deciding the input is not a MediaWiki dump. A
	// dump's header (siteinfo and namespaces) is a few kilobytes.
	cleanSniffSize = 4 << 20

	// cleanMaxRecord bounds the memory Clean uses: it is the longest run
	// of input without a '>' that Clean accepts. In a dump such a run is
	// one article's wikitext, which MediaWiki now caps at 2 MiB.
	cleanMaxRecord = 64 << 20
)

// CleanStats describes a run of Clean.
type CleanStats struct {
	BytesIn   int64 // bytes read from the input
	BytesOut  int64 // bytes of cleaned text written
	Words     int64 // words written
	Pages     int64 // <text> elements opened
	Redirects int64 // texts dropped by the #redirect rule
}

// Clean converts a MediaWiki XML dump read from src, such as enwik9, into
// plain text written to dst: the lowercase letters a-z with digits spelled
// out, in words separated by single spaces, on one line with a leading
// space and no final newline. Run on enwik9 it produces Text9, the corpus
// of Mahoney's "Large Text Compression Benchmark", and on enwik8 text8.
//
// Clean reproduces wikifil.pl (Appendix A of
// http://mattmahoney.net/dc/textdata.html) byte for byte, quirks included,
// because results on Text9 are only comparable if the corpus is the same.
// The script reads records ending in '>' rather than lines. Wikitext in a
// dump has its '<' and '>' escaped, so a whole article and its closing
// </text> tag form one record, and the script's substitutions can match
// across lines. Per record the script
//
//   - starts keeping text at a record containing "<text ", and stops
//     after a record containing "</text>";
//   - drops a record, and stops keeping text, if the record contains
//     "#redirect" in any case anywhere, not only at its start; pages that
//     mention #REDIRECT in their text are dropped like redirects;
//   - removes the tag at its end (s/<.*>//), decodes &amp; then &lt; and
//     &gt; (so "&amp;lt;" becomes "<"), removes <ref...>...</ref> and any
//     other tags, URLs of [http:...] links, the image options |thumb,
//     |left, |right and |NNNpx and the target of [[image:...|caption]],
//     the markup of [[category:...]], interlanguage links
//     [[xx:...]], link targets before a '|', {{templates}}, {tables},
//     brackets and remaining &entities;;
//   - lowercases A-Z, spells out each digit as a word and turns every
//     other byte into a separator.
//
// The one deviation in output is that "<text>" and "<text" followed by
// other white space also start text, not only "<text "; real dumps always
// give the element attributes, so this only matters for hand-written
// input. Unlike the script, Clean also rejects input that is not a dump.
//
// Clean streams: it holds one record at a time, and fails rather than
// buffer a record longer than 64 MiB. It returns an error wrapping
// ErrNotMediaWiki if no <text> element starts within the first 4 MiB of
// input, or a NUL byte comes first. It does not close src.
func Clean(dst io.Writer, src io.Reader) (CleanStats, error) {
	return clean(dst, src, cleanBufSize, cleanMaxRecord)
}

// clean is Clean with its read buffer size and record limit as
// parameters, so that tests can make pages span many buffers.
func clean(dst io.Writer, src io.Reader, bufSize, maxRecord int) (CleanStats, error) {
	c := &cleaner{
		r:         bufio.NewReaderSize(src, bufSize),
		w:         dst,
		out:       make([]byte, 0, cleanOutSize+6*cleanEmitChunk),
		maxRecord: maxRecord,
	}
	err := c.run()
	return c.stats, err
}

// cleaner is the state of one Clean call.
type cleaner struct {
	r         *bufio.Reader
	w         io.Writer
	rec       []byte // a record being assembled, or copied to be edited
	out       []byte // cleaned text not yet written
	maxRecord int
	inText    bool // wikifil.pl's $text
	seenText  bool // some record has started text
	stats     CleanStats
}

func (c *cleaner) run() error {
	for {
		rec, err := c.r.ReadSlice('>')
		c.stats.BytesIn += int64(len(rec))
		if !c.seenText {
			if serr := c.sniff(rec); serr != nil {
				return serr
			}
		}
		if err == bufio.ErrBufferFull {
			// A record longer than the buffer: assemble it in c.rec.
			if len(c.rec)+len(rec) > c.maxRecord {
				return fmt.Errorf("more than %d bytes without a '>' before byte %d: not a MediaWiki dump",
					c.maxRecord, c.stats.BytesIn)
			}
			c.rec = append(c.rec, rec...)
			continue
		}
		if len(c.rec) > 0 {
			c.rec = append(c.rec, rec...)
			rec = c.rec
		}
		if len(rec) > 0 {
			if perr := c.record(rec); perr != nil {
				return perr
			}
		}
		c.rec = c.rec[:0]
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("reading input at byte %d: %w", c.stats.BytesIn, err)
		}
	}
	if !c.seenText {
		return ErrNotMediaWiki
	}
	return c.flush()
}

// sniff checks a piece of input, the last read, that comes before the
// first <text> element, so that input which is not a dump is rejected
// early instead of being read to its end.
func (c *cleaner) sniff(b []byte) error {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return fmt.Errorf("%w: binary data (NUL byte) at byte %d",
			ErrNotMediaWiki, c.stats.BytesIn-int64(len(b)-i))
	}
	if c.stats.BytesIn-int64(len(b)) > cleanSniffSize {
		return fmt.Errorf("%w in the first %d MiB", ErrNotMediaWiki, cleanSniffSize>>20)
	}
	return nil
}

// record handles one record the way the body of wikifil.pl's loop does.
func (c *cleaner) record(rec []byte) error {
	if hasTextStart(rec) {
		c.inText = true
		c.seenText = true
		c.stats.Pages++
	}
	if hasRedirect(rec) {
		if c.inText {
			c.stats.Redirects++
		}
		c.inText = false
	}
	if !c.inText {
		return nil
	}
	// A record's only '>' is its last byte, so "</text>" can only end it.
	if bytes.HasSuffix(rec, []byte("</text>")) {
		c.inText = false
	}
	// rec may be bufio's buffer, which is not ours to edit.
	if len(c.rec) == 0 {
		c.rec = append(c.rec, rec...)
		rec = c.rec
	}
	return c.emit(wikiMarkup(rec))
}

func (c *cleaner) flush() error {
	if len(c.out) == 0 {
		return nil
	}
	n, err := c.w.Write(c.out)
	c.stats.BytesOut += int64(n)
	c.out = c.out[:0]
	if err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}

// hasTextStart reports whether rec contains the start of a <text> element.
func hasTextStart(rec []byte) bool {
	for {
		i := bytes.Index(rec, []byte("<text"))
		if i < 0 {
			return false
		}
		rec = rec[i+len("<text"):]
		if len(rec) > 0 {
			switch rec[0] {
			case ' ', '>', '\t', '\n', '\r':
				return true
			}
		}
	}
}

// hasRedirect reports whether rec contains "#redirect" in any case.
func hasRedirect(rec []byte) bool {
	for {
		i := bytes.IndexByte(rec, '#')
		if i < 0 {
			return false
		}
		rec = rec[i+1:]
		if hasPrefixFold(rec, "redirect") {
			return true
		}
	}
}

// hasPrefixFold reports whether b starts with prefix, ignoring ASCII case.
// prefix must be lowercase. Perl reads the dump as bytes, so /i folds
// only ASCII letters; so does this.
func hasPrefixFold(b []byte, prefix string) bool {
	if len(b) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		ch := b[i]
		if 'A' <= ch && ch <= 'Z' {
			ch += 'a' - 'A'
		}
		if ch != prefix[i] {
			return false
		}
	}
	return true
}

// emit appends the words of b to the output, each after a space. It does
// the end of wikifil.pl's work: s/\[//g; s/\]//g; s/&[^;]*;/ /g; then
// lowercasing, spelling out digits and turning the rest into separators.
// It writes out the output every cleanEmitChunk bytes of b, as a record
// of digits grows six-fold.
func (c *cleaner) emit(b []byte) error {
	digits := [10]string{" zero", " one", " two", " three", " four", " five", " six", " seven", " eight", " nine"}
	out := c.out
	words := int64(0)
	inWord := false
	semi := 0 // index of the next ';' at or after the current '&', or -1
	for i := 0; i < len(b); {
		for limit := min(i+cleanEmitChunk, len(b)); i < limit; i++ {
			ch := b[i]
			switch {
			case 'a' <= ch && ch <= 'z':
			case 'A' <= ch && ch <= 'Z':
				ch += 'a' - 'A'
			case '0' <= ch && ch <= '9':
				out = append(out, digits[ch-'0']...)
				words++
				inWord = false
				continue
			case ch == '[' || ch == ']':
				// Removed, so the text on both sides joins up.
				continue
			case ch == '&':
				// An entity &...; becomes a space, wherever its ';' is.
				if semi >= 0 && semi <= i {
					semi = bytes.IndexByte(b[i+1:], ';')
					if semi >= 0 {
						semi += i + 1
					}
				}
				if semi >= 0 {
					i = semi
				}
				inWord = false
				continue
			default:
				inWord = false
				continue
			}
			if !inWord {
				out = append(out, ' ')
				words++
				inWord = true
			}
			out = append(out, ch)
		}
		if len(out) >= cleanOutSize {
			c.out = out
			if err := c.flush(); err != nil {
				return err
			}
			out = c.out
		}
	}
	c.out = out
	c.stats.Words += words
	return nil
}

// wikiMarkup applies wikifil.pl's substitutions up to the removal of
// brackets, in the script's order, to rec in place, and returns the
// shortened record. Every substitution shortens or keeps the text, so each
// is done in one pass that writes behind where it reads. Passes that need
// a byte absent from the text are skipped.
func wikiMarkup(b []byte) []byte {
	b = stripLastTag(b)
	if bytes.IndexByte(b, '&') >= 0 {
		b = decodeEntities(b)
	}
	if bytes.IndexByte(b, '<') >= 0 {
		b = removeRefs(b)
		b = removeTags(b)
	}
	if bytes.IndexByte(b, '[') >= 0 {
		b = removeURLs(b)
	}
	if bytes.IndexByte(b, '|') >= 0 {
		b = removeFold(b, "|thumb")
		b = removeFold(b, "|left")
		b = removeFold(b, "|right")
		b = removePx(b)
	}
	if bytes.Contains(b, []byte("[[")) {
		b = removeImageTargets(b)
		b = unwrapCategories(b)
		b = removeInterlanguage(b)
		b = removeLinkTargets(b)
	}
	if bytes.IndexByte(b, '{') >= 0 {
		b = removeTemplates(b)
		b = removeBraces(b)
	}
	return b
}

// editor rewrites a byte slice in place from left to right. Text between
// replacements is moved down only when a replacement has made room, and a
// replacement is never longer than what it replaces, so writes stay
// behind reads.
type editor struct {
	b []byte
	w int // end of the rewritten text
	r int // start of the text not yet copied
}

// replace replaces e.b[i:end] with repl; i must be at or after e.r.
func (e *editor) replace(i, end int, repl string) {
	e.w += copy(e.b[e.w:], e.b[e.r:i])
	e.w += copy(e.b[e.w:], repl)
	e.r = end
}

// done returns the rewritten slice.
func (e *editor) done() []byte {
	if e.w == 0 && e.r == 0 {
		return e.b
	}
	e.w += copy(e.b[e.w:], e.b[e.r:])
	return e.b[:e.w]
}

// stripLastTag is s/<.*>//: '.' does not match a newline, and a record
// holds a '>' only at its end, so it cuts the record at the first '<' on
// its last line.
func stripLastTag(b []byte) []byte {
	n := len(b)
	if n == 0 || b[n-1] != '>' {
		return b
	}
	start := bytes.LastIndexByte(b[:n-1], '\n') + 1
	if i := bytes.IndexByte(b[start:n-1], '<'); i >= 0 {
		return b[:start+i]
	}
	return b
}

// substitute makes one pass of a substitution over b in place. From s = 0
// it finds the next sep at or after s and calls step with its position i;
// step makes any replacement through e and returns where the search goes
// on, or -1 when no later match can be completed.
func substitute(b []byte, sep string, step func(e *editor, i int) (s int)) []byte {
	e := editor{b: b}
	p := []byte(sep)
	for s := 0; s >= 0; {
		i := bytes.Index(b[s:], p)
		if i < 0 {
			break
		}
		s = step(&e, i+s)
	}
	return e.done()
}

// decodeEntities is s/&amp;/&/g; s/&lt;/</g; s/&gt;/>/g in one pass. The
// second and third substitutions see the '&' that the first leaves of
// "&amp;", so "&amp;lt;" becomes "<"; no other text can change their
// matches.
func decodeEntities(b []byte) []byte {
	return substitute(b, "&", func(e *editor, i int) int {
		rest := b[i+1:]
		n, repl := 0, ""
		switch {
		case bytes.HasPrefix(rest, []byte("amp;lt;")):
			n, repl = len("&amp;lt;"), "<"
		case bytes.HasPrefix(rest, []byte("amp;gt;")):
			n, repl = len("&amp;gt;"), ">"
		case bytes.HasPrefix(rest, []byte("amp;")):
			n, repl = len("&amp;"), "&"
		case bytes.HasPrefix(rest, []byte("lt;")):
			n, repl = len("&lt;"), "<"
		case bytes.HasPrefix(rest, []byte("gt;")):
			n, repl = len("&gt;"), ">"
		}
		if n == 0 {
			return i + 1
		}
		e.replace(i, i+n, repl)
		return i + n
	})
}

// removeRefs is s/<ref[^<]*<\/ref>//g: a reference that contains a tag
// stays, to be stripped of its tags by removeTags.
func removeRefs(b []byte) []byte {
	return substitute(b, "<ref", func(e *editor, i int) int {
		j := bytes.IndexByte(b[i+len("<ref"):], '<')
		if j < 0 {
			return -1
		}
		j += i + len("<ref")
		if bytes.HasPrefix(b[j:], []byte("</ref>")) {
			e.replace(i, j+len("</ref>"), "")
			return j + len("</ref>")
		}
		return j // no match can start before the next '<'
	})
}

// removeTags is s/<[^>]*>//g.
func removeTags(b []byte) []byte { return removeDelimited(b, "<", '>') }

// removeDelimited removes every shortest run from open to the next close,
// both included: s/<open>[^<close>]*<close>//g.
func removeDelimited(b []byte, open string, close byte) []byte {
	return substitute(b, open, func(e *editor, i int) int {
		j := bytes.IndexByte(b[i+len(open):], close)
		if j < 0 {
			return -1
		}
		j += i + len(open)
		e.replace(i, j+1, "")
		return j + 1
	})
}

// removeURLs is s/\[http:[^] ]*/[/g: the address of an external link
// goes, its label stays.
func removeURLs(b []byte) []byte {
	return substitute(b, "[http:", func(e *editor, i int) int {
		j := i + len("[http:")
		for j < len(b) && b[j] != ']' && b[j] != ' ' {
			j++
		}
		e.replace(i, j, "[")
		return j
	})
}

// removeFold is s/\|word//ig for pat = "|word", word lowercase.
func removeFold(b []byte, pat string) []byte {
	return substitute(b, "|", func(e *editor, i int) int {
		if !hasPrefixFold(b[i+1:], pat[1:]) {
			return i + 1
		}
		e.replace(i, i+len(pat), "")
		return i + len(pat)
	})
}

// removePx is s/\|\d+px//ig, an image width.
func removePx(b []byte) []byte {
	return substitute(b, "|", func(e *editor, i int) int {
		j := i + 1
		for j < len(b) && '0' <= b[j] && b[j] <= '9' {
			j++
		}
		if j == i+1 || !hasPrefixFold(b[j:], "px") {
			return i + 1
		}
		e.replace(i, j+2, "")
		return j + 2
	})
}

// substituteLink is substitute for the links that start with pre
// ("[[image:", "[[category:") in any case.
func substituteLink(b []byte, pre string, step func(e *editor, i int) int) []byte {
	return substitute(b, "[[", func(e *editor, i int) int {
		if !hasPrefixFold(b[i+2:], pre[2:]) {
			return i + 1
		}
		return step(e, i)
	})
}

// removeImageTargets is s/\[\[image:[^\[\]]*\|//ig: the file name and the
// options of an image go, up to the last '|' before any bracket, leaving
// the caption.
func removeImageTargets(b []byte) []byte {
	const pre = "[[image:"
	return substituteLink(b, pre, func(e *editor, i int) int {
		end := len(b)
		if k := bytes.IndexAny(b[i+len(pre):], "[]"); k >= 0 {
			end = i + len(pre) + k
		}
		k := bytes.LastIndexByte(b[i+len(pre):end], '|')
		if k < 0 {
			return end // no "[[" starts before the bracket at end
		}
		k += i + len(pre)
		e.replace(i, k+1, "")
		return k + 1
	})
}

// unwrapCategories is s/\[\[category:([^|\]]*)[^]]*\]\]/[[$1]]/ig: a
// category link keeps its name and loses its sort key.
func unwrapCategories(b []byte) []byte {
	const pre = "[[category:"
	return substituteLink(b, pre, func(e *editor, i int) int {
		name := i + len(pre)
		r := bytes.IndexByte(b[name:], ']')
		if r < 0 {
			return -1 // nor can any later match end
		}
		r += name
		if r+1 >= len(b) || b[r+1] != ']' {
			return r + 1 // a match starting before r would end at r too
		}
		nameEnd := r
		if k := bytes.IndexByte(b[name:r], '|'); k >= 0 {
			nameEnd = name + k
		}
		// "[[" + name + "]]" is shorter than what it replaces, and the
		// name lies after the write position, so copy may move it down.
		e.replace(i, name, "[[")
		e.w += copy(e.b[e.w:], b[name:nameEnd])
		e.w += copy(e.b[e.w:], "]]")
		e.r = r + 2
		return r + 2
	})
}

// removeInterlanguage is s/\[\[[a-z\-]*:[^\]]*\]\]//g, which removes links
// to other languages and, being case-sensitive, any other link whose
// prefix is lowercase.
func removeInterlanguage(b []byte) []byte {
	return substitute(b, "[[", func(e *editor, i int) int {
		j := i + 2
		for j < len(b) && ('a' <= b[j] && b[j] <= 'z' || b[j] == '-') {
			j++
		}
		if j >= len(b) || b[j] != ':' {
			return i + 1
		}
		return removeDoubleClosed(e, i, j+1, ']')
	})
}

// removeLinkTargets is s/\[\[[^\|\]]*\|/[[/g: a piped link keeps only the
// text it shows.
func removeLinkTargets(b []byte) []byte {
	return substitute(b, "[[", func(e *editor, i int) int {
		p := bytes.IndexAny(b[i+2:], "|]")
		if p < 0 {
			return -1
		}
		p += i + 2
		if b[p] == '|' {
			e.replace(i, p+1, "[[")
		}
		return p + 1 // a match starting before p would end at p too
	})
}

// removeTemplates is s/{{[^}]*}}//g. A template containing another loses
// only the inner one here; removeBraces then takes the rest up to the
// next '}'.
func removeTemplates(b []byte) []byte {
	return substitute(b, "{{", func(e *editor, i int) int {
		return removeDoubleClosed(e, i, i+2, '}')
	})
}

// removeDoubleClosed is the step of removeInterlanguage and
// removeTemplates for a match starting at i: it removes e.b[i:] up to the
// first close at or after j if a second close follows it, and returns
// where the search goes on.
func removeDoubleClosed(e *editor, i, j int, close byte) int {
	b := e.b
	r := bytes.IndexByte(b[j:], close)
	if r < 0 {
		return -1
	}
	r += j
	if r+1 < len(b) && b[r+1] == close {
		e.replace(i, r+2, "")
		return r + 2
	}
	return r + 1
}

// removeBraces is s/{[^}]*}//g, which removes tables {| ... |} and what
// removeTemplates left of nested templates.
func removeBraces(b []byte) []byte { return removeDelimited(b, "{", '}') }
