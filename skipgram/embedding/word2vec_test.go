package embedding

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// testVectors returns a table with awkward words and values: "</s>" first as
// word2vec writes it, non-ASCII words, negative zero, subnormals, the float32
// extremes and values with no short decimal form. Rows are padded to a
// stride larger than dim with garbage that must not be written.
func testVectors(words, dim, stride int) *Vectors {
	special := []float32{
		0, float32(math.Copysign(0, -1)), 1, -1, 0.1, 1.0 / 3, -2.5e-7,
		math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 1.17549435e-38,
		math.MaxFloat32, -math.MaxFloat32, 16777217, 123456.789, 1e-30,
	}
	v := &Vectors{Dim: dim, Stride: stride}
	if stride == 0 {
		stride = dim
	}
	v.Data = make([]float32, words*stride)
	for i := range v.Data {
		v.Data[i] = float32(math.NaN()) // padding; overwritten for real slots
	}
	state := uint64(12345)
	base := []string{"</s>", "the", "café", "日本語", "a-b_c", "Ünïcödé", "x"}
	for i := 0; i < words; i++ {
		w := fmt.Sprintf("w%d", i)
		if i < len(base) {
			w = base[i]
		}
		v.Words = append(v.Words, w)
		row := v.Data[i*stride : i*stride+dim]
		for j := range row {
			k := i*dim + j
			if k < len(special) {
				row[j] = special[k]
				continue
			}
			state = state*6364136223846793005 + 1442695040888963407
			row[j] = float32(int32(state>>32)) / (1 << 31) * 3
		}
	}
	return v
}

func sameVectors(t *testing.T, got, want *Vectors) {
	t.Helper()
	if got.Dim != want.Dim {
		t.Fatalf("dim %d, want %d", got.Dim, want.Dim)
	}
	if len(got.Words) != len(want.Words) {
		t.Fatalf("%d words, want %d", len(got.Words), len(want.Words))
	}
	for i := range want.Words {
		if got.Words[i] != want.Words[i] {
			t.Fatalf("word %d = %q, want %q", i, got.Words[i], want.Words[i])
		}
		g, w := got.Row(i), want.Row(i)
		for j := range w {
			if math.Float32bits(g[j]) != math.Float32bits(w[j]) {
				t.Fatalf("row %d (%q) value %d = %v (%#08x), want %v (%#08x)",
					i, want.Words[i], j, g[j], math.Float32bits(g[j]), w[j], math.Float32bits(w[j]))
			}
		}
	}
}

func TestVectorsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ words, dim, stride int }{
		{7, 5, 0}, {7, 5, 16}, {50, 100, 112}, {3, 1, 0}, {1, 3, 0}, {0, 10, 0},
		{2, 20000, 0}, {3, 100000, 0}, // rows longer than the read chunk and buffer
	} {
		for _, bin := range []bool{true, false} {
			name := fmt.Sprintf("%dx%d/%d-binary=%v", tc.words, tc.dim, tc.stride, bin)
			t.Run(name, func(t *testing.T) {
				want := testVectors(tc.words, tc.dim, tc.stride)
				path := filepath.Join(dir, strings.ReplaceAll(name, "/", "_"))
				if err := WriteVectors(path, want, bin); err != nil {
					t.Fatal(err)
				}
				got, err := ReadVectors(path)
				if err != nil {
					t.Fatal(err)
				}
				if got.Stride != got.Dim {
					t.Errorf("read stride %d, want dim %d", got.Stride, got.Dim)
				}
				sameVectors(t, got, want)
				// Writing what was read gives the same bytes.
				path2 := path + ".again"
				if err := WriteVectors(path2, got, bin); err != nil {
					t.Fatal(err)
				}
				b1, _ := os.ReadFile(path)
				b2, _ := os.ReadFile(path2)
				if !bytes.Equal(b1, b2) {
					t.Error("rewriting the file read back changed its bytes")
				}
			})
		}
	}
}

func TestWriteVectorsLayout(t *testing.T) {
	dir := t.TempDir()
	v := &Vectors{Words: []string{"</s>", "ab"}, Dim: 2, Data: []float32{1, -0.5, 0.1, 3e-5}}
	path := filepath.Join(dir, "v")
	if err := WriteVectors(path, v, false); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if want := "2 2\n</s> 1 -0.5\nab 0.1 3e-05\n"; string(got) != want {
		t.Errorf("text file is %q, want %q", got, want)
	}
	if err := WriteVectors(path, v, true); err != nil {
		t.Fatal(err)
	}
	got, _ = os.ReadFile(path)
	want := []byte("2 2\n</s> ")
	want = binary.LittleEndian.AppendUint32(want, math.Float32bits(1))
	want = binary.LittleEndian.AppendUint32(want, math.Float32bits(-0.5))
	want = append(want, "\nab "...)
	want = binary.LittleEndian.AppendUint32(want, math.Float32bits(0.1))
	want = binary.LittleEndian.AppendUint32(want, math.Float32bits(3e-5))
	want = append(want, '\n')
	if !bytes.Equal(got, want) {
		t.Errorf("binary file is %q, want %q", got, want)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v; want 0644", fi.Mode(), err)
	}
}

func TestWriteVectorsRejects(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "v.bin")
	good := testVectors(3, 2, 0)
	if err := WriteVectors(path, good, true); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	nan := testVectors(3, 2, 0)
	nan.Data[5] = float32(math.NaN())
	inf := testVectors(3, 2, 0)
	inf.Data[3] = float32(math.Inf(-1))
	for _, tc := range []struct {
		name string
		v    *Vectors
		want string
	}{
		{"nil", nil, "nil vectors"},
		{"dim0", &Vectors{Words: []string{"a"}, Dim: 0}, "dimension 0"},
		{"stride", &Vectors{Words: []string{"a"}, Dim: 2, Stride: 1, Data: []float32{1, 2}}, "stride 1"},
		{"short", &Vectors{Words: []string{"a", "b"}, Dim: 2, Stride: 4, Data: make([]float32, 5)}, "need 6 floats, have 5"},
		{"empty word", &Vectors{Words: []string{"a", ""}, Dim: 1, Data: []float32{1, 2}}, "row 2: empty word"},
		{"space", &Vectors{Words: []string{"a b"}, Dim: 1, Data: []float32{1}}, "whitespace"},
		{"newline", &Vectors{Words: []string{"a\n"}, Dim: 1, Data: []float32{1}}, "whitespace"},
		{"nul", &Vectors{Words: []string{"a\x00"}, Dim: 1, Data: []float32{1}}, "NUL"},
		{"latin1", &Vectors{Words: []string{"a", "caf\xe9"}, Dim: 1, Data: []float32{1, 2}}, `row 2: word "caf\xe9" is not valid UTF-8, which gensim's load_word2vec_format and other strict readers refuse`},
		{"continuation", &Vectors{Words: []string{"\x80"}, Dim: 1, Data: []float32{1}}, `row 1: word "\x80" is not valid UTF-8`},
		{"cut", &Vectors{Words: []string{strings.Repeat("a", 99) + "\xc3"}, Dim: 1, Data: []float32{1}}, "is not valid UTF-8"},
		{"nan", nan, `row 3 ("café"): value 2 is NaN`},
		{"inf", inf, "value 2 is -Inf"},
	} {
		for _, bin := range []bool{true, false} {
			err := WriteVectors(path, tc.v, bin)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("%s: error %v, want one naming %s and saying %q", tc.name, err, path, tc.want)
			}
			if utf8Case := strings.Contains(tc.want, "UTF-8"); errors.Is(err, ErrInvalidUTF8) != utf8Case {
				t.Errorf("%s: errors.Is(%v, ErrInvalidUTF8) = %v", tc.name, err, !utf8Case)
			}
		}
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Error("a failed write changed the existing file")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("failed writes left files behind: %v", ents)
	}
	if err := WriteVectors(filepath.Join(dir, "no", "such", "dir"), good, true); err == nil {
		t.Error("writing into a missing directory succeeded")
	}
}

func f32(xs ...float32) []byte {
	var b []byte
	for _, x := range xs {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

func writeTemp(t *testing.T, name string, content []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, content, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReadVectorsWord2vecC reads files in the byte layouts of word2vec.c
// (which writes "%s " then the values, as raw floats or "%lf ", then "\n"),
// of older word2vec.c and gensim (binary rows without "\n") and of text with
// CRLF line ends.
func TestReadVectorsWord2vecC(t *testing.T) {
	words := []string{"</s>", "the", "of"}
	vals := [][]float32{{0.001234, -0.5, 0}, {0.25, 1, -0.000001}, {-0.125, 0.75, 2}}
	want := &Vectors{Words: words, Dim: 3}
	for _, r := range vals {
		want.Data = append(want.Data, r...)
	}

	var binNL, binNoNL, text, textCRLF bytes.Buffer
	for _, b := range []*bytes.Buffer{&binNL, &binNoNL, &text} {
		b.WriteString("3 3\n")
	}
	textCRLF.WriteString("3 3\r\n")
	for i, w := range words {
		binNL.WriteString(w + " ")
		binNL.Write(f32(vals[i]...))
		binNL.WriteString("\n")
		binNoNL.WriteString(w + " ")
		binNoNL.Write(f32(vals[i]...))
		text.WriteString(w + " ")
		textCRLF.WriteString(w + " ")
		for _, x := range vals[i] {
			fmt.Fprintf(&text, "%f ", x) // C's "%lf " of a float promoted to double
			fmt.Fprintf(&textCRLF, "%f ", x)
		}
		text.WriteString("\n")
		textCRLF.WriteString("\r\n")
	}
	for name, content := range map[string][]byte{
		"binary": binNL.Bytes(), "binary-no-newline": binNoNL.Bytes(),
		"text": text.Bytes(), "text-crlf": textCRLF.Bytes(),
	} {
		t.Run(name, func(t *testing.T) {
			got, err := ReadVectors(writeTemp(t, "vectors", content))
			if err != nil {
				t.Fatal(err)
			}
			w := want
			if strings.HasPrefix(name, "text") {
				// "%f" rounds to 6 decimals; -0.000001 stays, 0.001234 stays.
				w = &Vectors{Words: words, Dim: 3}
				for _, r := range vals {
					for _, x := range r {
						w.Data = append(w.Data, float32(mustParse(t, fmt.Sprintf("%f", x))))
					}
				}
			}
			sameVectors(t, got, w)
		})
	}
}

func mustParse(t *testing.T, s string) float64 {
	t.Helper()
	var f float32
	if _, err := fmt.Sscan(s, &f); err != nil {
		t.Fatal(err)
	}
	return float64(f)
}

// TestReadVectorsTinyBinary checks that one-dimensional binary files whose
// value bytes happen to be printable are still read as binary.
func TestReadVectorsTinyBinary(t *testing.T) {
	x := math.Float32frombits(binary.LittleEndian.Uint32([]byte("abcd")))
	y := math.Float32frombits(binary.LittleEndian.Uint32([]byte("1234")))
	for _, nl := range []string{"\n", ""} {
		content := []byte("2 1\nx abcd" + nl + "yy 1234" + nl)
		got, err := ReadVectors(writeTemp(t, "v", content))
		if err != nil {
			t.Fatalf("newline %q: %v", nl, err)
		}
		sameVectors(t, got, &Vectors{Words: []string{"x", "yy"}, Dim: 1, Data: []float32{x, y}})
	}
	// ...while the same bytes as a well-formed text row are text.
	got, err := ReadVectors(writeTemp(t, "v", []byte("2 1\nx 1234\nyy 5e-1\n")))
	if err != nil {
		t.Fatal(err)
	}
	sameVectors(t, got, &Vectors{Words: []string{"x", "yy"}, Dim: 1, Data: []float32{1234, 0.5}})
}

func TestReadVectorsErrors(t *testing.T) {
	row := func(w string, xs ...float32) string { return w + " " + string(f32(xs...)) + "\n" }
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	for _, tc := range []struct {
		name, content, want string
	}{
		{"empty", "", "empty file"},
		{"header words", "abc\nx 1\n", `bad header "abc"`},
		{"header one field", "3\n", "bad header"},
		{"header three fields", "3 4 5\n", "bad header"},
		{"header dim 0", "2 0\n", "dimension from 1"},
		{"header negative", "-1 3\n", "at least 0"},
		{"header huge", "9223372036854775807 1000\n", "too large"},
		{"header no newline", strings.Repeat("x", 5000), "no line break"},
		{"glove", "the 0.1 0.2\nof 0.3 0.4\n", "bad header"},
		{"text few values", "2 3\na 1 2 3\nb 1 2\n", `row 2 (line 3): word "b" has 2 values, want 3`},
		{"text many values", "2 3\na 1 2 3\nb 1 2 3 4 5\n", `word "b" has 5 values, want 3`},
		{"text no values", "2 3\na 1 2 3\nb\n", `word "b" has no values`},
		{"text first row bad", "2 3\na 1 2\nb 1 2 3\n", `row 1 (line 2): word "a" has 2 values, want 3`},
		{"text non-numeric", "2 3\na 1 2 3\nb 1 x 3\n", `row 2 (line 3): word "b": value 2 "x" is not a number`},
		{"text non-numeric first", "1 2\na 1,5 2\n", `value 1 "1,5" is not a number`},
		{"text nan", "2 3\na 1 2 3\nb 1 NaN 3\n", "value 2 is NaN"},
		{"text inf", "2 3\na 1 2 3\nb 1 2 -inf\n", "value 3 is infinite"},
		{"text overflow", "2 3\na 1 2 3\nb 1 2 1e39\n", `value 3 "1e39" overflows float32`},
		{"text fewer rows", "3 2\na 1 2\nb 3 4\n", "file ends after 2 rows, but the header says 3"},
		{"text more rows", "2 2\na 1 2\nb 3 4\nc 5 6\n", "line 4: more rows than the 2 the header says"},
		{"text empty line", "3 2\na 1 2\n\nb 3 4\n", "row 2 (line 3): empty line"},
		{"binary fewer rows", "3 2\n" + row("a", 1, 2) + row("b", 3, 4), "file ends after 2 rows, but the header says 3"},
		{"binary more rows", "1 2\n" + row("a", 1, 2) + row("b", 3, 4), "more rows than the 1 the header says"},
		{"binary truncated values", "2 2\n" + row("a", 1, 2) + row("b", 3, 4)[:5], `truncated binary file: row 2 ("b") has 3 of 8 bytes`},
		{"binary truncated word", "2 2\n" + row("a", 1, 2) + "bb", `truncated binary file: row 2: word "bb"`},
		{"binary nan", "2 2\n" + row("a", 1, 2) + row("b", 3, nan), `row 2 ("b"): value 2 is NaN`},
		{"binary inf", "2 2\n" + row("a", inf, 2) + row("b", 3, 4), `row 1 ("a"): value 1 is +Inf`},
		{"binary dim too large", "2 3\n" + row("a", 1, 2) + row("b", 3, 4), "row 2"},
		{"binary huge dim", "1 16000000\na \x00\x00\x80\x3f", `row 1 ("a") has 4 of 64000000 bytes`},
		{"binary garbage", "1 1\n" + strings.Repeat("\x00", 5000), `truncated binary file: row 1: word "\x00\x00`},
		{"binary dim too small", "2 1\n" + row("a", 1, 2) + row("b", 3, 4), "row 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeTemp(t, "vec", []byte(tc.content))
			v, err := ReadVectors(path)
			if err == nil {
				t.Fatalf("read %d words, want an error saying %q", len(v.Words), tc.want)
			}
			msg := err.Error()
			if !strings.Contains(msg, tc.want) || !strings.Contains(msg, path) || strings.Contains(msg, "\n") || len(msg) > 400 {
				t.Errorf("error %q, want one short line naming the file and saying %q", msg, tc.want)
			}
		})
	}
	if _, err := ReadVectors(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("reading a missing file succeeded")
	}
}

// TestReadVectorsTruncated cuts valid files at every length: binary files
// must fail (except for losing the final "\n"), and neither may panic.
func TestReadVectorsTruncated(t *testing.T) {
	dir := t.TempDir()
	v := testVectors(4, 3, 0)
	for _, bin := range []bool{true, false} {
		path := filepath.Join(dir, "full")
		if err := WriteVectors(path, v, bin); err != nil {
			t.Fatal(err)
		}
		full, _ := os.ReadFile(path)
		for n := 0; n < len(full); n++ {
			cut := filepath.Join(dir, "cut")
			if err := os.WriteFile(cut, full[:n], 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := ReadVectors(cut)
			if bin && err == nil && n < len(full)-1 {
				t.Errorf("binary file cut to %d of %d bytes read without error", n, len(full))
			}
		}
	}
}

func FuzzReadVectors(f *testing.F) {
	f.Add([]byte("2 2\na 1 2\nb 3 4\n"))
	f.Add([]byte("1 2\n</s> \x00\x00\x80\x3f\x00\x00\x00\x40\n"))
	f.Add([]byte("1 1\nx abcd"))
	f.Add([]byte("0 5\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, content []byte) {
		path := filepath.Join(dir, "fuzz")
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
		v, err := ReadVectors(path)
		if err != nil {
			return
		}
		// Whatever reads must write and read back unchanged, except that a
		// binary file whose values are all printable bytes may read as text
		// (the format cannot tell them apart, and real vectors never do
		// that) and that words which are not valid UTF-8 are refused.
		for _, bin := range []bool{true, false} {
			if bin && len(v.Words) > 0 && printableBytes(v.Row(0)) {
				continue
			}
			out := filepath.Join(dir, "out")
			if err := WriteVectors(out, v, bin); err != nil {
				if errors.Is(err, ErrInvalidUTF8) && !allValidUTF8(v.Words) {
					return
				}
				t.Fatalf("read %d words but cannot write them: %v", len(v.Words), err)
			}
			got, err := ReadVectors(out)
			if err != nil {
				t.Fatal(err)
			}
			sameVectors(t, got, v)
		}
	})
}

func allValidUTF8(words []string) bool {
	for _, w := range words {
		if !utf8.ValidString(w) {
			return false
		}
	}
	return true
}

func printableBytes(row []float32) bool {
	for _, b := range f32(row...) {
		if b < 0x20 || b > 0x7e {
			return false
		}
	}
	return true
}

// TestReadVectorsInvalidUTF8: WriteVectors refuses words that are not valid
// UTF-8, but ReadVectors reads them in the files of other tools (word2vec.c
// trained on a Latin-1 corpus), in both formats.
func TestReadVectorsInvalidUTF8(t *testing.T) {
	bin := slices.Concat([]byte("2 2\ncaf\xe9 "), f32(1, 2), []byte("\n\x80 "), f32(3, 4), []byte("\n"))
	for name, content := range map[string][]byte{
		"text":   []byte("2 2\ncaf\xe9 1 2\n\x80 3 4\n"),
		"binary": bin,
	} {
		v, err := ReadVectors(writeTemp(t, name, content))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if want := []string{"caf\xe9", "\x80"}; !slices.Equal(v.Words, want) || !slices.Equal(v.Data, []float32{1, 2, 3, 4}) {
			t.Errorf("%s: %q %v", name, v.Words, v.Data)
		}
	}
}
