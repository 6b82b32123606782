package speed

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/start"
	"github.com/wipsvec/wipsvec/vocab"
)

// fakeReport is a report with made-up measurements whose ratios are easy to
// check by hand.
func fakeReport() *ThroughputReport {
	return &ThroughputReport{
		Corpus: "corpus.txt.zst", LimitBytes: 20 << 20, Tokens: 3_400_000, Vocab: 40_000,
		Window: 5, Negative: 5, Sample: 1e-4, MinCount: 5, Iter: 1, Alpha: 0.025, Repeat: 3,
		CPUs: 2, GOARCH: "amd64",
		Ceilings: []Ceiling{{Dim: 100, UpdatesPerSec: 40e6, UpdatesPerWord: 40, WordsPerSec: 1e6, PerWordFrom: "sidecar"}},
		Rows: []ThroughputRow{
			{Trainer: "wipsvec", Model: "sg", Dim: 100, Threads: 1, WordsPerSec: 500e3, WordsPerSecPerThread: 500e3, PeakRSS: 120e6, FloorBytes: 45e6, Loss: 2.4351},
			{Trainer: "wipsvec", Model: "sg", Dim: 100, Threads: 2, WordsPerSec: 900e3, WordsPerSecPerThread: 450e3, PeakRSS: 125e6, FloorBytes: 45e6, Loss: 2.44568},
			{Trainer: "wipsvec", Model: "wips", Dim: 100, Threads: 2, WordsPerSec: 600e3, WordsPerSecPerThread: 300e3},
			{Trainer: "wipsvec", Model: "sg", Dim: 300, Threads: 1, WordsPerSec: 200e3, WordsPerSecPerThread: 200e3},
			{Trainer: "gensim", Model: "sg", Dim: 100, Threads: 1, WordsPerSec: 250e3, WordsPerSecPerThread: 250e3},
			{Trainer: "gensim", Model: "sg", Dim: 100, Threads: 2, WordsPerSec: 400e3, WordsPerSecPerThread: 200e3},
			{Trainer: "separate", Model: "sg", Dim: 100, Threads: 2, WordsPerSec: 950e3, WordsPerSecPerThread: 475e3},
		},
		GensimNote: "gensim 4.2.0, corpus_file mode",
		CoreToCore: &CoreToCoreSummary{Probes: 6, MedianNs: 64, MinNs: 58, MaxNs: 371},
	}
}

func TestThroughputDerive(t *testing.T) {
	r := fakeReport()
	r.derive()
	want := []struct{ speedUp, ofCeiling, vsGensim float64 }{
		{0, 0.5, 2},
		{1.8, 0.45, 2.25},
		{0, 0.3, 1.5}, // no one-thread wips cell: speed-up unknown
		{0, 0, 0},     // no ceiling or gensim at K=300
		{0, 0.25, 0},
		{1.6, 0.2, 0},   // gensim is not compared with itself
		{1.9, 0.475, 0}, // the control reads against wipsvec's one-thread run
	}
	for i, row := range r.Rows {
		w := want[i]
		if !near(row.SpeedUp, w.speedUp) || !near(row.OfCeiling, w.ofCeiling) || !near(row.VsGensim, w.vsGensim) {
			t.Errorf("row %d (%s %s K=%d T=%d): speed-up %g, of ceiling %g, vs gensim %g; want %g, %g, %g",
				i, row.Trainer, row.Model, row.Dim, row.Threads, row.SpeedUp, row.OfCeiling, row.VsGensim,
				w.speedUp, w.ofCeiling, w.vsGensim)
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// TestOfSeparate: a multi-threaded row's speed-up is compared with the
// separate control's in the same round, and its placement read from the
// probes before and after its runs.
func TestOfSeparate(t *testing.T) {
	r := fakeReport()
	r.Rows[0].RunWordsPerSecPerThread = []float64{500e3, 400e3, 500e3}                                                     // sg, 1 thread
	r.Rows[1].RunWordsPerSecPerThread, r.Rows[1].RunCoreToCoreNs = []float64{450e3, 200e3, 475e3}, []float64{60, 400, 70}  // sg, 2 threads
	r.Rows[6].RunWordsPerSecPerThread, r.Rows[6].RunCoreToCoreNs = []float64{475e3, 400e3, 500e3}, []float64{61, 380, 500} // separate
	r.derive()
	// Round by round: sg's speed-up 1.8, 1.0, 1.9 against the control's 1.9, 2.0, 2.0.
	got := r.Rows[1]
	want := []float64{1.8 / 1.9, 1.0 / 2.0, 1.9 / 2.0}
	for i := range want {
		if !near(got.RunOfSeparate[i], want[i]) {
			t.Fatalf("round fractions %v, want %v", got.RunOfSeparate, want)
		}
	}
	if !near(got.OfSeparate, 1.8/1.9) || got.Placement != "2 near, 1 far" || r.Rows[6].Placement != "1 near, 2 far" {
		t.Errorf("of separate %v (placement %q, control's %q)", got.OfSeparate, got.Placement, r.Rows[6].Placement)
	}
	if r.Rows[2].OfSeparate != 0 || r.Rows[5].OfSeparate != 0 {
		t.Errorf("rows without a one-thread run, or gensim's, have a fraction of the control")
	}
	for _, tc := range []struct {
		before, after []float64
		want          string
	}{
		{[]float64{0, 0}, nil, ""},
		{[]float64{149}, nil, "near"},
		{[]float64{151}, nil, "far"},
		{nil, []float64{151}, "far"},
		{[]float64{0}, []float64{140}, "near"},
		{[]float64{60, 400, 70}, []float64{60, 380, 330}, "1 near, 1 far, 1 moved"},
		{[]float64{400, 350}, []float64{60, 0}, "1 far, 1 moved"},
		{[]float64{400, 70}, []float64{60, 500}, "moved"},
	} {
		if got := placement(tc.before, tc.after); got != tc.want {
			t.Errorf("placement(%v, %v) = %q, want %q", tc.before, tc.after, got, tc.want)
		}
	}
}

func TestThroughputTable(t *testing.T) {
	r := fakeReport()
	r.Rows[1].PeakRSSAnon, r.Rows[1].PeakRSSFile = 100e6, 2.5e6
	r.derive()
	var b bytes.Buffer
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"corpus: first 20 MiB of corpus.txt.zst: 3.40M in-vocabulary words, vocabulary 40000",
		"median of 3 run(s)",
		"ceiling: 40.0M pair updates/s in batch windows at K=100 in L1 = 1.00M words/sec/thread (40.0 updates per word, from sidecar)",
		"gensim 4.2.0, corpus_file mode",
		"core-to-core round trip before and after the multi-threaded runs (6 probes): median 64 ns, 58 to 371 ns",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	// Find the rows by their leading cells; tabwriter aligns with spaces.
	rows := map[string][]string{}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) == 15 {
			rows[strings.Join(f[:4], " ")] = f[4:]
		}
	}
	if !strings.Contains(out, "trainer  model    K  threads  words/s/thread    loss  speed-up  of separate  placement  of ceiling  peak RSS MB  anon MB  file MB  floor MB  vs gensim") {
		t.Errorf("table lacks its header:\n%s", out)
	}
	for key, want := range map[string]string{
		"wipsvec sg 100 1":  "500k 2.4351 - - - 50% 120 n/a n/a 45 2.00x",
		"wipsvec sg 100 2":  "450k 2.4457 1.80x - - 45% 125 100 2.5 45 2.25x",
		"wipsvec sg 300 1":  "200k - - - - - - n/a n/a 0 -",
		"gensim sg 100 2":   "200k - 1.60x - - 20% - n/a n/a 0 -",
		"separate sg 100 2": "475k - 1.90x - - 48% - n/a n/a 0 -",
	} {
		got, ok := rows[key]
		if !ok {
			t.Errorf("table lacks row %q:\n%s", key, out)
			continue
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("row %q = %q, want %q", key, g, want)
		}
	}
}

func TestThroughputJSON(t *testing.T) {
	r := fakeReport()
	r.derive()
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var back ThroughputReport
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatalf("report JSON does not decode: %v\n%s", err, b.String())
	}
	if len(back.Rows) != len(r.Rows) || back.Rows[1].SpeedUp != r.Rows[1].SpeedUp || back.Ceilings[0].WordsPerSec != 1e6 {
		t.Errorf("JSON round trip lost data:\n%s", b.String())
	}
	if strings.Contains(b.String(), `"vs_gensim": 0`) {
		t.Errorf("unmeasured ratios should be omitted:\n%s", b.String())
	}
}

func TestPlainCorpus(t *testing.T) {
	words := make([]string, 2500)
	for i := range words {
		words[i] = fmt.Sprintf("w%d", i%7)
	}
	long := strings.Join(words, " ")
	for _, tc := range []struct {
		name, in string
		limit    int64
		want     string
	}{
		{"short lines unchanged", "a b c\nd e\n", 0, "a b c\nd e\n"},
		{"limit cuts at a word end", "alpha beta gamma", 8, "alpha beta"},
		{"limit on a separator", "alpha beta gamma", 5, "alpha"},
		{"limit past the end", "alpha beta", 100, "alpha beta"},
		{"long line is cut into sentences", long, 0,
			strings.Join(words[:1000], " ") + "\n" + strings.Join(words[1000:2000], " ") + "\n" + strings.Join(words[2000:], " ")},
	} {
		var b bytes.Buffer
		n, err := plainCorpus(&b, strings.NewReader(tc.in), tc.limit)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if b.String() != tc.want || n != int64(len(tc.want)) {
			t.Errorf("%s: got %d bytes %.60q, want %.60q", tc.name, n, b.String(), tc.want)
		}
	}
}

// TestPlainCorpusKeepsSentences checks the claim plainCorpus makes: the
// lines it writes are the sentences wipsvec's scanner reads from the
// original, so both trainers see the same text.
func TestPlainCorpusKeepsSentences(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var in strings.Builder
	for range 5000 {
		fmt.Fprintf(&in, "w%d", r.IntN(50))
		switch r.IntN(400) {
		case 0:
			in.WriteString("\n")
		case 1:
			in.WriteString(" \t ")
		default:
			in.WriteString(" ")
		}
	}
	var out bytes.Buffer
	if _, err := plainCorpus(&out, strings.NewReader(in.String()), 0); err != nil {
		t.Fatal(err)
	}
	sentences := func(s string) []string {
		sc := corpus.NewScanner(strings.NewReader(s))
		var all []string
		var cur []string
		for sc.Scan() {
			if sc.Boundary() {
				all = append(all, strings.Join(cur, " "))
				cur = cur[:0]
				continue
			}
			cur = append(cur, string(sc.Token()))
		}
		return all
	}
	a, b := sentences(in.String()), sentences(out.String())
	if strings.Join(a, "|") != strings.Join(b, "|") {
		t.Fatalf("scanner sentences differ: %d before, %d after", len(a), len(b))
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if n := len(strings.Fields(line)); n > corpus.MaxSentenceTokens {
			t.Fatalf("line of %d tokens", n)
		}
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		xs   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tc.xs); got != tc.want {
			t.Errorf("median(%v) = %g, want %g", tc.xs, got, tc.want)
		}
	}
}

func TestWipsvecFloor(t *testing.T) {
	// K=100 pads to 112 floats; SG has two matrices.
	if got, want := wipsvecFloor(mustModel(t, "sg"), 100, 1000, 10), int64(4*1000+2*10*112*4); got != want {
		t.Errorf("SG floor = %d, want %d", got, want)
	}
	if got, want := wipsvecFloor(mustModel(t, "wips"), 16, 1000, 10), int64(4*1000+10*16*4); got != want {
		t.Errorf("WIPS floor = %d, want %d", got, want)
	}
}

func TestParseModel(t *testing.T) {
	if got, err := ParseModel("SG"); err != nil || got.String() != "sg" {
		t.Errorf("ParseModel(SG) = %v, %v", got, err)
	}
	if _, err := ParseModel("word2vec"); err == nil {
		t.Error("ParseModel accepted an unknown model")
	}
}

func TestThroughputOptionsValidate(t *testing.T) {
	base := DefaultThroughputOptions()
	base.Corpus, base.Trainer = "c.txt", []string{"wipsvec", "train"}
	if err := base.validate(); err != nil {
		t.Fatalf("defaults: %v", err)
	}
	for name, mutate := range map[string]func(*ThroughputOptions){
		"no corpus":   func(o *ThroughputOptions) { o.Corpus = "" },
		"no trainer":  func(o *ThroughputOptions) { o.Trainer = nil },
		"bad model":   func(o *ThroughputOptions) { o.Models = PlainModels("cbow") },
		"size 1":      func(o *ThroughputOptions) { o.Sizes = []int{1} },
		"threads 0":   func(o *ThroughputOptions) { o.Threads = []int{0} },
		"repeat 0":    func(o *ThroughputOptions) { o.Repeat = 0 },
		"negative 0":  func(o *ThroughputOptions) { o.Negative = 0 },
		"min-count 0": func(o *ThroughputOptions) { o.MinCount = 0 },
		"limit < 0":   func(o *ThroughputOptions) { o.LimitBytes = -1 },
	} {
		o := base
		mutate(&o)
		if err := o.validate(); err == nil {
			t.Errorf("%s: accepted", name)
		}
		if _, err := RunThroughput(context.Background(), o); err == nil {
			t.Errorf("%s: RunThroughput accepted", name)
		}
	}
	// What the trainer takes, bench takes: every model and its variants on
	// many threads, hot rows given included (they merge by projection, or
	// by the mean, on more than two).
	o := base
	o.Sizes, o.Threads = []int{10, 100, 300}, []int{1, 2, 4, 16}
	for _, k := range skipgram.Kinds() {
		for _, v := range []string{"", "/exact", "/hot0", "/share2"} {
			o.Models = append(o.Models, mustModel(t, string(k)+v))
		}
	}
	for _, m := range []string{"hsg/hot64", "sg/hot64/sync50000", "wips/hot4096"} {
		o.Models = append(o.Models, mustModel(t, m))
	}
	if err := o.validate(); err != nil {
		t.Errorf("every model and variant on 1-16 threads: %v", err)
	}
}

func TestMeasureWindowUpdates(t *testing.T) {
	n := MeasureWindowUpdates(100, 5, 5, 5*time.Millisecond)
	// Even the generic kernel on a slow machine does millions a second.
	if !(n > 1e5) {
		t.Errorf("MeasureWindowUpdates = %g updates/s", n)
	}
}

func TestSamplePairsPerWord(t *testing.T) {
	v, stream := zipfCorpus(50_000, 500, 1)
	path := filepath.Join(t.TempDir(), "corpus.txt")
	var b strings.Builder
	for _, id := range stream {
		if id == vocab.SentenceEnd {
			b.WriteString("\n")
			continue
		}
		b.WriteString(v.Words[id])
		b.WriteString(" ")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	o := DefaultThroughputOptions()
	o.Sample = 0 // every word kept: about window+1 pairs per word, less at sentence ends
	got, n, err := samplePairsPerWord(context.Background(), path, &o)
	if err != nil {
		t.Fatal(err)
	}
	if n < 40_000 || got < 4 || got > 6 {
		t.Errorf("pairs per word = %g over %d words, want about %d", got, n, o.Window+1)
	}
	o.Sample = 1e-3
	if sub, _, err := samplePairsPerWord(context.Background(), path, &o); err != nil || !(sub < got) {
		t.Errorf("subsampling should lower pairs per word: %g vs %g (%v)", sub, got, err)
	}
}

// zipfCorpus returns a vocabulary of words Zipf-distributed tokens and their
// stream, in sentences of 20 tokens: a stand-in for natural text whose
// noise and subsampling tables look like a real corpus's.
func zipfCorpus(tokens, words int, seed uint64) (*vocab.Vocab, []int32) {
	r := rand.New(rand.NewPCG(seed, 99))
	z := rand.NewZipf(r, 1.05, 2, uint64(words-1))
	raw := make([]int, tokens)
	counts := make([]int64, words)
	for i := range raw {
		raw[i] = int(z.Uint64())
		counts[raw[i]]++
	}
	var names []string
	var kept []int64
	for i, c := range counts {
		if c > 0 {
			names = append(names, fmt.Sprintf("w%d", i))
			kept = append(kept, c)
		}
	}
	v, err := vocab.New(names, kept)
	if err != nil {
		panic(err) // the names are well formed by construction
	}
	stream := make([]int32, 0, tokens+tokens/20+1)
	for i, w := range raw {
		id, _ := v.ID([]byte(fmt.Sprintf("w%d", w)))
		stream = append(stream, id)
		if i%20 == 19 {
			stream = append(stream, vocab.SentenceEnd)
		}
	}
	return v, append(stream, vocab.SentenceEnd)
}

// benchmarkTrain trains one epoch of a 300k-token Zipf corpus on one
// thread per iteration and reports the trainer's own figure, words/sec.
func benchmarkTrain(b *testing.B, model skipgram.Kind) {
	v, stream := zipfCorpus(300_000, 10_000, 1)
	opt := skipgram.DefaultOptions()
	opt.Model, opt.Dim, opt.Iter, opt.Threads, opt.Sample = model, 100, 1, 1, 1e-4
	var words int64
	for b.Loop() {
		res, err := (&skipgram.Job{Options: opt, Vocab: v, Text: [][]int32{stream}}).Train(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		words += res.Stats.Words
	}
	b.ReportMetric(float64(words)/b.Elapsed().Seconds(), "words/s")
}

func BenchmarkTrainSG(b *testing.B)   { benchmarkTrain(b, skipgram.SG) }
func BenchmarkTrainWIPS(b *testing.B) { benchmarkTrain(b, skipgram.WIPS) }
func BenchmarkTrainIPS(b *testing.B)  { benchmarkTrain(b, skipgram.IPS) }
func BenchmarkTrainHSG(b *testing.B)  { benchmarkTrain(b, skipgram.HSG) }

func mustModel(t *testing.T, s string) Model {
	t.Helper()
	m, err := ParseModel(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestParseModelsVariants(t *testing.T) {
	for _, tc := range []struct {
		model string
		args  []string
	}{
		{"sg", []string{"-model", "sg"}},
		{"sg/batch", []string{"-model", "sg", "-batch"}},
		{"wips/exact", []string{"-model", "wips", "-batch=false", "-hot-rows", "0"}},
		{"sg/batch/hot256", []string{"-model", "sg", "-batch", "-hot-rows", "256"}},
		{"wips/share1", []string{"-model", "wips", "-share-noise", "1"}},
		{"sg/hs/cbow", []string{"-model", "sg", "-cbow", "1", "-hs", "1", "-negative", "0"}},
		{"sg/exact/hot64/sync500", []string{"-model", "sg", "-batch=false", "-hot-rows", "64", "-hot-sync", "500"}},
		{"sg/hot64/exact", []string{"-model", "sg", "-batch=false", "-hot-rows", "0"}},
	} {
		if args := mustModel(t, tc.model).Args(); !slices.Equal(args, tc.args) {
			t.Errorf("%s: args %q, want %q", tc.model, args, tc.args)
		}
	}
	// train resolves the flags into the variant's settings.
	r, err := start.ParseArgs(append([]string{"-train", "c.txt", "-output", "v.bin", "-negative", "5"}, mustModel(t, "sg/hs/exact/sync500/share3").Args()...))
	if err != nil {
		t.Fatal(err)
	}
	if opt := r.Options; opt.Model != skipgram.SG || !opt.HS || opt.Negative != 0 || opt.Batch || opt.HotRows != 0 || opt.HotSync != 500 || opt.ShareNoise != 3 {
		t.Errorf("train resolves %+v", opt.Settings)
	}
	for _, bad := range []string{"glove/batch", "sg/fast", "sg/hotx", "sg/share0", "sg/sync0", "sg/Batch"} {
		if _, err := ParseModel(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	for m, want := range map[string]string{"sg": "sg", "wips/hot64": "sg", "wips/cbow/hs": "sg/cbow/hs", "sg/hs/exact": "sg/hs"} {
		if got, ok := gensimOf(m); !ok || got != want {
			t.Errorf("gensim run of %s: %q, want %q", m, got, want)
		}
	}
	if wipsvecFloor(mustModel(t, "sg/batch"), 100, 10, 10) != wipsvecFloor(mustModel(t, "sg"), 100, 10, 10) {
		t.Fatal("sg/batch floor differs from sg's")
	}
}
