package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/checkpoint"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// pretrained writes a vectors file as word2vec.c writes one (text: "%lf "
// per value, a trailing space; binary: the word, a space, the floats and
// "\n") with the words of writeCorpus's groups 0 and 1 and two words the
// corpus does not have, and returns its vectors by word.
func pretrained(t *testing.T, path string, dim int, bin bool) map[string][]float32 {
	t.Helper()
	r := kernel.SplitMix(3)
	vecs := map[string][]float32{}
	var words []string
	for g := range 2 {
		for w := range 10 {
			words = append(words, fmt.Sprintf("g%dw%d", g, w))
		}
	}
	words = append(words, "absent", "</s>")
	var b []byte
	b = fmt.Appendf(b, "%d %d\n", len(words), dim)
	for _, w := range words {
		v := make([]float32, dim)
		b = append(b, w...)
		b = append(b, ' ')
		for k := range v {
			v[k] = float32(int(r.Next()%2001)-1000) / 1000
			if bin {
				b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v[k]))
			} else {
				b = fmt.Appendf(b, "%f ", v[k])
			}
		}
		b = append(b, '\n')
		vecs[w] = v
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return vecs
}

func readRows(t *testing.T, path string) map[string][]float32 {
	t.Helper()
	v, err := embedding.ReadVectors(path)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]float32{}
	for i, w := range v.Words {
		rows[w] = v.Row(i)
	}
	return rows
}

// sameBits reports whether two float32 slices hold the same bits.
func sameBits(a, b []float32) bool {
	return slices.EqualFunc(a, b, func(x, y float32) bool { return math.Float32bits(x) == math.Float32bits(y) })
}

// TestInitFromVectors: -init takes a word2vec file, text or binary. At
// -alpha 0 every word the file has keeps its vector bit for bit, and the
// others have the rows a new run gives them; SG's output matrix starts at
// zero; the file's dimension is the run's.
func TestInitFromVectors(t *testing.T) {
	dir, corpus := corpusFile(t, 300)
	for _, bin := range []bool{false, true} {
		file := filepath.Join(dir, fmt.Sprintf("pre%v.vec", bin))
		pre := pretrained(t, file, 12, bin)
		if !bin { // what the reader made of "%f"
			pre = readRows(t, file)
		}
		for _, model := range []string{"sg", "ips", "sips", "ipds", "wips"} {
			name := fmt.Sprintf("%s binary %v", model, bin)
			out := filepath.Join(dir, model+".bin")
			ckpt := filepath.Join(dir, model+".ckpt")
			common := []string{"train", "-train", corpus, "-model", model, "-min-count", "1", "-alpha", "0", "-iter", "1", "-threads", "2", "-binary", "1", "-quiet"}
			if _, se, err := runCmd(append(common, "-init", file, "-output", out, "-checkpoint", ckpt)...); err != nil {
				t.Fatalf("%s: %v\n%s", name, err, se)
			}
			fresh := filepath.Join(dir, model+".new.bin")
			if _, se, err := runCmd(append(common, "-size", "12", "-output", fresh)...); err != nil {
				t.Fatalf("%s: %v\n%s", name, err, se)
			}
			got, newRun := readRows(t, out), readRows(t, fresh)
			kept := 0
			for w, row := range got {
				want, inFile := pre[w]
				if !inFile {
					want = newRun[w]
				} else {
					kept++
				}
				if !sameBits(row, want) {
					t.Errorf("%s: %s (in the file: %v) = %v, want %v", name, w, inFile, row, want)
				}
			}
			if kept != 20 || len(got) != 50 {
				t.Errorf("%s: %d of %d words from the file, want 20 of 50", name, kept, len(got))
			}
			m := readSidecar(t, out)
			if m.Hyper.InitVectors != file || m.Hyper.InitWords != 20 || m.Dim != 12 {
				t.Errorf("%s: sidecar init %q, %d words, dim %d", name, m.Hyper.InitVectors, m.Hyper.InitWords, m.Dim)
			}
			if model == "wips" && !strings.HasPrefix(m.Hyper.LambdaStart, "neg:") {
				t.Errorf("wips: lambda start %q, want the spectral start resolved as in a new run", m.Hyper.LambdaStart)
			}
			snap, err := skipgram.ReadCheckpoint(ckpt)
			if err != nil {
				t.Fatal(err)
			}
			for i, x := range snap.Model.Out {
				if x != 0 {
					t.Fatalf("%s: output matrix [%d] = %v, want it zero as it started", name, i, x)
				}
			}
		}
	}
}

// TestInitFromVectorsTrains: with a learning rate the run trains from the
// file's vectors, and its words end nearer them than a new run's.
func TestInitFromVectorsTrains(t *testing.T) {
	dir, corpus := corpusFile(t, 300)
	file := filepath.Join(dir, "pre.bin")
	pre := pretrained(t, file, 12, true)
	run := func(out string, extra ...string) map[string][]float32 {
		args := append([]string{"train", "-train", corpus, "-output", out, "-min-count", "1", "-size", "12", "-iter", "1", "-threads", "1", "-alpha", "0.001", "-quiet"}, extra...)
		mustRun(t, args...)
		return readRows(t, out)
	}
	from, fresh := run(filepath.Join(dir, "a.txt"), "-init", file), run(filepath.Join(dir, "b.txt"))
	dist := func(a, b []float32) (d float64) {
		for k := range a {
			d += float64(a[k]-b[k]) * float64(a[k]-b[k])
		}
		return d
	}
	moved := false
	for w, v := range pre {
		if from[w] == nil {
			continue
		}
		if !sameBits(from[w], v) {
			moved = true
		}
		if dist(from[w], v) >= dist(fresh[w], v) {
			t.Errorf("%s: as far from the file's vector as a new run's", w)
		}
	}
	if !moved {
		t.Error("at -alpha 0.001 no vector moved")
	}
}

func TestInitFromVectorsRefusals(t *testing.T) {
	dir, corpus := corpusFile(t, 100)
	file := filepath.Join(dir, "pre.vec")
	pretrained(t, file, 12, false)
	ft := filepath.Join(dir, "model.bin")
	os.WriteFile(ft, []byte("\xba\x16\x4f\x2f\x0c\x00\x00\x00"), 0o644)
	out := filepath.Join(dir, "out", "v.bin")
	os.Mkdir(filepath.Dir(out), 0o755)
	train := []string{"train", "-train", corpus, "-output", out, "-min-count", "1", "-quiet"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-init", file, "-size", "10"}, "-size 10, but the vectors of -init " + file + " have 12 dimensions"},
		{[]string{"-init", file, "-model", "hsg"}, "space of their own"},
		{[]string{"-init", file, "-update-vocab"}, "-update-vocab"},
		{[]string{"-init", ft}, "truncated fastText model"},
		{[]string{"-init", filepath.Join(dir, "nope.vec")}, "nope.vec"},
		{[]string{"-init", out}, "v.bin"},
	} {
		refuses(t, c.want, append(append([]string(nil), train...), c.args...)...)
	}
	if left, _ := os.ReadDir(filepath.Dir(out)); len(left) != 0 {
		t.Errorf("refused runs left %v", left)
	}
}

// TestContinueTraining trains with -checkpoint, then continues the finished
// model with -init: for more epochs on the same text, and on a new text
// with -update-vocab, which adds its new words and keeps the old ones.
func TestContinueTraining(t *testing.T) {
	dir, text := corpusFile(t, 2000)
	ckpt := filepath.Join(dir, "a.ckpt")
	mustRun(t, "train", "-train", text, "-output", filepath.Join(dir, "a.txt"), "-model", "sg", "-size", "10",
		"-iter", "2", "-min-count", "1", "-checkpoint", ckpt, "-quiet")
	snap, err := skipgram.ReadCheckpoint(ckpt)
	if err != nil || !snap.Done || snap.Model.Out == nil {
		t.Fatalf("the finished run's checkpoint: %v (done %v)", err, snap != nil && snap.Done)
	}

	more := filepath.Join(dir, "more.txt")
	mustRun(t, "train", "-init", ckpt, "-train", text, "-output", more, "-iter", "1", "-quiet")
	v, meta, err := embedding.Load(more)
	if err != nil || len(v.Words) != snap.Vocab.Len() || meta.Dim != 10 || meta.Model != "sg" {
		t.Fatalf("more epochs wrote %v, %+v", err, meta)
	}

	// A new text: the old words and three new ones.
	newText := filepath.Join(dir, "new.txt")
	writeCorpus(t, newText, 500)
	f, _ := os.OpenFile(newText, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(strings.Repeat("w1 zebra quagga okapi w2\n", 20))
	f.Close()
	upd := filepath.Join(dir, "upd.txt")
	mustRun(t, "train", "-init", ckpt, "-train", newText, "-output", upd, "-iter", "1",
		"-update-vocab", "-min-count", "5", "-quiet")
	v, _, err = embedding.Load(upd)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range append(slices.Clone(snap.Vocab.Words), "zebra", "quagga", "okapi") {
		if !slices.Contains(v.Words, w) {
			t.Errorf("the continued vocabulary lacks %q", w)
		}
	}
	if len(v.Words) < snap.Vocab.Len()+3 {
		t.Errorf("%d words, want the %d old ones and at least 3 new", len(v.Words), snap.Vocab.Len())
	}

	// What -init and -resume refuse.
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"train", "-init", ckpt, "-train", text, "-output", upd, "-size", "20"}, "-size is the checkpoint's"},
		{[]string{"train", "-resume", ckpt, "-output", upd}, "has finished"},
		{[]string{"train", "-resume", ckpt, "-iter", "3"}, "cannot change a resumed run"},
		{[]string{"train", "-train", text, "-output", upd, "-update-vocab"}, "goes with -init"},
		{[]string{"train", "-init", ckpt, "-train", text, "-output", upd, "-checkpoint", ckpt}, "same file"},
	} {
		refuses(t, tc.want, tc.args...)
	}
	cut := filepath.Join(dir, "cut.ckpt")
	b, _ := os.ReadFile(ckpt)
	os.WriteFile(cut, b[:len(b)/2], 0o644)
	_, _, err = runCmd("train", "-init", cut, "-train", text, "-output", upd)
	if !errors.Is(err, checkpoint.ErrTruncated) || !strings.Contains(err.Error(), cut) {
		t.Errorf("a truncated checkpoint: %v", err)
	}
}
