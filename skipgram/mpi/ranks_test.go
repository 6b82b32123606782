package mpi_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/wipsvec/wipsvec/bench/planted"
	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/mpi"
	"github.com/wipsvec/wipsvec/vocab"
)

// These tests run as one process with the default build, and as every
// rank of a run under mpirun with a build tagged mpi (.ci/run runs them
// with -np 2 and -np 3): each rank then checks what it must share with
// the others.

// plantedText is a text whose sentences each draw their words from one of
// groups groups of 10 words: words of a group are similar, of two groups
// not.
func plantedText(groups, sentences int) string {
	return planted.NewTopics(groups, 10, 7, 11).Text(sentences, 12, 12)
}

// same reports whether b is the same on every rank of c: each compares
// rank 0's with its own, and they sum the mismatches.
func same(t *testing.T, c mpi.Comm, b []byte) bool {
	t.Helper()
	root, err := mpi.BroadcastBytes(c, bytes.Clone(b), 0)
	if err != nil {
		t.Fatal(err)
	}
	differ := []int64{0}
	if !bytes.Equal(root, b) {
		differ[0] = 1
	}
	if err := c.SumInt64(differ); err != nil {
		t.Fatal(err)
	}
	return differ[0] == 0
}

func floats(v []float32) []byte {
	if len(v) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), 4*len(v))
}

// TestRanksTrainOneModel reads a planted text in parts, one a rank, and
// trains SG and WIPS on it together: the ranks count one vocabulary, their
// parts hold every token once, every rank ends with the same rows, and the
// rows recover the planted groups as one process's do.
func TestRanksTrainOneModel(t *testing.T) {
	c := mpi.RunComm()
	text := plantedText(6, 3000)
	path := filepath.Join(t.TempDir(), "planted.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	opt := encoded.LoadOptions{MinCount: 1, IDs: encoded.Memory, Part: corpus.Part{Rank: c.Rank(), Of: c.Size()},
		Merge: func(part *vocab.Vocab) (*vocab.Vocab, error) { return mpi.SumVocab(c, part, 1) }}
	l, err := encoded.Load(context.Background(), []string{path}, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var vb bytes.Buffer
	l.Vocab.Write(&vb)
	if !same(t, c, vb.Bytes()) {
		t.Fatalf("rank %d of %d counted another vocabulary", c.Rank(), c.Size())
	}
	tokens := []int64{vocab.CountWords(l.IDs)}
	if err := c.SumInt64(tokens); err != nil {
		t.Fatal(err)
	}
	if want := int64(len(strings.Fields(text))); tokens[0] != want || l.Vocab.Total != want {
		t.Errorf("the parts hold %d tokens and the vocabulary counts %d; the text has %d", tokens[0], l.Vocab.Total, want)
	}
	for _, kind := range []skipgram.Kind{skipgram.SG, skipgram.WIPS} {
		o := skipgram.DefaultOptions()
		o.Model, o.Dim, o.Iter, o.Threads, o.Sample, o.Seed = kind, 16, 4, 1, 0, 3
		job := &skipgram.Job{Options: o, Vocab: l.Vocab, Text: l.IDs, Ranks: &skipgram.Ranks{Comm: c, SyncWords: 3000, SyncRows: 8}}
		res, err := job.Train(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		m := res.Model
		if !same(t, c, floats(m.In)) || !same(t, c, floats(m.Out)) {
			t.Errorf("%s: rank %d of %d ends with other rows", kind, c.Rank(), c.Size())
		}
		if c.Size() > 1 && res.Meta.Hyper.Ranks != c.Size() {
			t.Errorf("%s: the sidecar records %d ranks, want %d", kind, res.Meta.Hyper.Ranks, c.Size())
		}
		if kind == skipgram.SG {
			within, across := groupCosines(l.Vocab, m)
			if within < across+0.3 {
				t.Errorf("%d ranks: mean cosine within a group %.3f, across %.3f: the groups are not recovered", c.Size(), within, across)
			}
		}
	}
}

// groupCosines are the mean cosine of two words' rows within a planted
// group and across two.
func groupCosines(v *vocab.Vocab, m *skipgram.Model) (within, across float64) {
	var sw, sa float64
	var nw, na int
	for i, a := range v.Words {
		for j := i + 1; j < len(v.Words); j++ {
			b := v.Words[j]
			cos := embedding.Cosine(m.Row(i), m.Row(j))
			if strings.SplitN(a, "w", 2)[0] == strings.SplitN(b, "w", 2)[0] {
				sw, nw = sw+cos, nw+1
			} else {
				sa, na = sa+cos, na+1
			}
		}
	}
	return sw / float64(nw), sa / float64(na)
}
