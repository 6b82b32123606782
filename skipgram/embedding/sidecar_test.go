package embedding

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/subword"
)

func TestSidecarPath(t *testing.T) {
	if got := SidecarPath("out/vec.bin"); got != "out/vec.bin.json" {
		t.Errorf("SidecarPath = %q", got)
	}
}

// legacyModels are the models of sidecars without similarities.
var legacyModels = []string{"ips", "sips", "ipds", "wips", "sg", "hsg"}

// validMeta is a sidecar of one of legacyModels as trainer version 0.1 wrote
// it: the similarities follow from the model.
func validMeta(kind string, dim, words int) *Meta {
	m := &Meta{Model: kind, Dim: dim, Words: words, Version: "0.1.0",
		Hyper:  Hyper{Window: 5, Negative: 5, Sample: 1e-4, Alpha: 0.025, Iter: 5, MinCount: 5, Threads: 4, Seed: 1},
		Corpus: CorpusInfo{Path: "text8", Tokens: 17005207, Vocab: words},
		Stats:  RunStats{WordsProcessed: 85026035, Seconds: 12.5, WordsPerSec: 6.8e6, FinalLoss: 2.25},
	}
	switch kind {
	case "ipds":
		m.NegDim = dim / 4
	case "wips":
		m.Lambda = make([]float32, dim)
		for i := range m.Lambda {
			m.Lambda[i] = 1 - float32(i)/float32(dim)*0.7
		}
	case "hsg":
		m.Theta = 3
	}
	return m
}

func TestMetaRoundTrip(t *testing.T) {
	dir := t.TempDir()
	v := testVectors(5, 8, 0)
	vpath := filepath.Join(dir, "vec.bin")
	for _, kind := range legacyModels {
		m := validMeta(kind, 8, 5)
		if err := WriteMeta(SidecarPath(vpath), m); err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if m.Format != "" {
			t.Errorf("%s: WriteMeta changed its argument", kind)
		}
		got, err := ReadMeta(vpath, v)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		want := *m
		want.Format = SidecarFormat
		if !reflect.DeepEqual(got, &want) {
			t.Errorf("%s: read back %+v, want %+v", kind, got, &want)
		}
		if sims := got.Similarities(); len(sims) == 0 {
			t.Errorf("%s: no similarities", kind)
		}
		// Checking against the vectors is optional.
		if _, err := ReadMeta(vpath, nil); err != nil {
			t.Errorf("%s: without vectors: %v", kind, err)
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("WriteMeta left %d files, want 1: %v", len(ents), ents)
	}
}

func TestReadMetaMissing(t *testing.T) {
	m, err := ReadMeta(filepath.Join(t.TempDir(), "vec.bin"), nil)
	if m != nil || err != nil {
		t.Errorf("ReadMeta without a sidecar = %v, %v; want nil, nil", m, err)
	}
}

func TestReadMetaMismatch(t *testing.T) {
	v := testVectors(5, 8, 0)
	for _, tc := range []struct{ name, json, want string }{
		{"not json", `{"format": "wipsvec-sidecar",`, "unexpected end"},
		{"trailing garbage", `{"format":"wipsvec-sidecar","model":"sg","dim":8,"words":5} x`, "invalid character"},
		{"wrong type", `{"format":"wipsvec-sidecar","model":"sg","dim":"8","words":5}`, "cannot unmarshal"},
		{"no format", `{"model":"sg","dim":8,"words":5}`, `format "", want "wipsvec-sidecar"`},
		{"other format", `{"format":"gensim","model":"sg","dim":8,"words":5}`, `format "gensim"`},
		{"unknown model", `{"format":"wipsvec-sidecar","model":"glove","dim":8,"words":5}`, `unknown model "glove"`},
		{"no model", `{"format":"wipsvec-sidecar","dim":8,"words":5}`, `unknown model ""`},
		{"upper-case model", `{"format":"wipsvec-sidecar","model":"IPS","dim":8,"words":5}`, `unknown model "IPS"`},
		{"dim", `{"format":"wipsvec-sidecar","model":"sg","dim":10,"words":5}`, "dim 10, but"},
		{"words", `{"format":"wipsvec-sidecar","model":"ips","dim":8,"words":6}`, "words 6, but"},
		{"ipds no neg_dim", `{"format":"wipsvec-sidecar","model":"ipds","dim":8,"words":5}`, "neg_dim 0 outside (0, dim=8)"},
		{"ipds neg_dim = dim", `{"format":"wipsvec-sidecar","model":"ipds","dim":8,"words":5,"neg_dim":8}`, "neg_dim 8 outside"},
		{"ipds negative", `{"format":"wipsvec-sidecar","model":"ipds","dim":8,"words":5,"neg_dim":-1}`, "neg_dim -1 outside"},
		{"wips no lambda", `{"format":"wipsvec-sidecar","model":"wips","dim":8,"words":5}`, "lambda has 0 weights, want dim=8"},
		{"wips short lambda", `{"format":"wipsvec-sidecar","model":"wips","dim":8,"words":5,"lambda":[1,2,3]}`, "lambda has 3 weights"},
		{"sips dim 1", `{"format":"wipsvec-sidecar","model":"sips","dim":1,"words":5}`, "at least 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vpath := filepath.Join(t.TempDir(), "vec.txt")
			if err := os.WriteFile(SidecarPath(vpath), []byte(tc.json), 0o644); err != nil {
				t.Fatal(err)
			}
			m, err := ReadMeta(vpath, v)
			if err == nil {
				t.Fatalf("ReadMeta = %+v, want an error saying %q", m, tc.want)
			}
			msg := err.Error()
			if !strings.Contains(msg, tc.want) || !strings.Contains(msg, SidecarPath(vpath)) || strings.Contains(msg, "\n") {
				t.Errorf("error %q, want one line naming the sidecar and saying %q", msg, tc.want)
			}
		})
	}
}

func TestWriteMetaRejects(t *testing.T) {
	dir := t.TempDir()
	vpath := filepath.Join(dir, "vec.bin")
	if err := os.WriteFile(vpath, []byte("1 1\na 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The vectors path instead of the sidecar path must not clobber vectors.
	if err := WriteMeta(vpath, validMeta("sg", 1, 1)); err == nil || !strings.Contains(err.Error(), "SidecarPath") {
		t.Errorf("WriteMeta(vectors path) = %v, want an error pointing to SidecarPath", err)
	}
	if b, _ := os.ReadFile(vpath); string(b) != "1 1\na 1\n" {
		t.Error("WriteMeta overwrote the vectors")
	}
	bad := validMeta("wips", 8, 5)
	bad.Lambda = bad.Lambda[:7]
	if err := WriteMeta(SidecarPath(vpath), bad); err == nil || !strings.Contains(err.Error(), "lambda") {
		t.Errorf("WriteMeta with short lambda = %v", err)
	}
	if err := WriteMeta(SidecarPath(vpath), nil); err == nil {
		t.Error("WriteMeta(nil) succeeded")
	}
	if _, err := os.Stat(SidecarPath(vpath)); !os.IsNotExist(err) {
		t.Error("a refused WriteMeta left a sidecar")
	}
}

func TestSubwordsInSidecar(t *testing.T) {
	dir := t.TempDir()
	vpath := filepath.Join(dir, "vec.bin")
	m := validMeta("sg", 8, 5)
	m.Subwords = &SubwordsInfo{File: "vec.bin.subwords.bin", Settings: subword.Default()}
	if err := WriteMeta(SidecarPath(vpath), m); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(SidecarPath(vpath))
	if !strings.Contains(string(data), `"subwords": {
    "file": "vec.bin.subwords.bin",
    "minn": 3,
    "maxn": 6,
    "bucket": 2000000
  }`) {
		t.Errorf("sidecar:\n%s", data)
	}
	got, err := ReadMeta(vpath, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Subwords, m.Subwords) {
		t.Errorf("read %+v, wrote %+v", got.Subwords, m.Subwords)
	}
	if p := got.SubwordsPath(vpath); p != filepath.Join(dir, "vec.bin.subwords.bin") {
		t.Errorf("SubwordsPath = %q", p)
	}
	if p := (*Meta)(nil).SubwordsPath(vpath); p != "" {
		t.Errorf("no sidecar: SubwordsPath = %q", p)
	}
	for name, sw := range map[string]*SubwordsInfo{
		"minn above maxn": {File: "x.bin", Settings: subword.Settings{Minn: 7, Maxn: 6, Bucket: 10}},
		"no file":         {Settings: subword.Default()},
		"maxn 0":          {File: "x.bin", Settings: subword.Settings{Minn: 3, Bucket: 10}},
	} {
		m.Subwords = sw
		if err := WriteMeta(SidecarPath(vpath), m); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestArchitecture(t *testing.T) {
	for _, tc := range []struct {
		h    Hyper
		want string
	}{
		{Hyper{Negative: 5}, ""},
		{Hyper{Negative: 5, CBOW: true}, "CBOW"},
		{Hyper{HS: true}, "hierarchical softmax"},
		{Hyper{Negative: 5, HS: true}, "hierarchical softmax and negative sampling"},
		{Hyper{CBOW: true, HS: true}, "CBOW, hierarchical softmax"},
	} {
		if got := tc.h.Architecture(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.h, got, tc.want)
		}
	}
}

func TestStartedLambda(t *testing.T) {
	for _, tc := range []struct{ init, start, want string }{
		{"spectral", "neg:3", "spectral -> neg:3"},
		{"ones", "ones", "ones"},
	} {
		if got := (Hyper{LambdaInit: tc.init, LambdaStart: tc.start}).StartedLambda(); got != tc.want {
			t.Errorf("%s, %s: %q, want %q", tc.init, tc.start, got, tc.want)
		}
	}
}
