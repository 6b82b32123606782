package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// benchHelperEnv makes the test binary act as `wipsvec` in
// TestBenchTrainHelper, so that bench's training subprocesses run the code
// under test.
const benchHelperEnv = "WIPSVEC_BENCH_TRAIN_HELPER"

// benchFailEnv names a model whose trainings the helper fails.
const benchFailEnv = "WIPSVEC_BENCH_FAIL_MODEL"

// TestBenchTrainHelper is not a test: run by bench as its trainer, it runs
// the command after "--" and exits with its status.
func TestBenchTrainHelper(t *testing.T) {
	if os.Getenv(benchHelperEnv) != "1" {
		t.Skip("helper process for TestBenchEndToEnd")
	}
	args := os.Args
	for i, a := range args {
		if a == "--" {
			args = args[i+1:]
			break
		}
	}
	if fail := os.Getenv(benchFailEnv); fail != "" {
		for i, a := range args[:len(args)-1] {
			if a == "-model" && args[i+1] == fail {
				fmt.Fprintln(os.Stderr, "wipsvec: training diverged (a test's failure)")
				os.Exit(1)
			}
		}
	}
	if err := run(args, stdio{in: os.Stdin, out: os.Stdout, err: os.Stderr}); err != nil {
		fmt.Fprintln(os.Stderr, "wipsvec:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// useTestBinaryAsTrainer points bench at TestBenchTrainHelper for the rest
// of the test.
func useTestBinaryAsTrainer(t *testing.T) {
	t.Helper()
	t.Setenv(benchHelperEnv, "1")
	saved := trainCommand
	trainCommand = func() ([]string, error) {
		return []string{os.Args[0], "-test.run=^TestBenchTrainHelper$", "--", "train"}, nil
	}
	t.Cleanup(func() { trainCommand = saved })
}

// tinyCorpus writes a small Zipf-like corpus that trains in a fraction of a
// second.
func tinyCorpus(t *testing.T) string {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	z := rand.NewZipf(r, 1.1, 1, 299)
	var b strings.Builder
	for i := range 30_000 {
		b.WriteString("w")
		b.WriteString(strconv.FormatUint(z.Uint64(), 10))
		if i%25 == 24 {
			b.WriteString("\n")
		} else {
			b.WriteString(" ")
		}
	}
	path := filepath.Join(t.TempDir(), "tiny.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestBenchEndToEnd(t *testing.T) {
	useTestBinaryAsTrainer(t)
	corpusPath := tinyCorpus(t)
	common := []string{"-train", corpusPath, "-models", "sg", "-sizes", "16", "-threads", "1,2", "-repeat", "2",
		"-gensim=false", "-ceiling-time", "10ms", "-quiet"}
	checkBenchTable(t, common)

	// The same through -json, which gives the number exactly.
	checkBenchJSON(t, runBenchJSON(t, common))
}

// checkBenchTable runs bench with args and checks its table: a ceiling
// line, and a row for sg at K=16 on one thread with its memory, a positive
// speed and a plausible final loss.
func checkBenchTable(t *testing.T, args []string) {
	var out, errOut bytes.Buffer
	if err := runBench(args, stdio{out: &out, err: &errOut}); err != nil {
		t.Fatalf("bench: %v\n%s", err, errOut.String())
	}
	table := out.String()
	if !strings.Contains(table, "ceiling: ") || !strings.Contains(table, "at K=16 in L1") {
		t.Errorf("no ceiling line:\n%s", table)
	}
	var row []string
	for _, line := range strings.Split(table, "\n") {
		if f := strings.Fields(line); len(f) == 15 && f[0] == "wipsvec" && f[1] == "sg" && f[2] == "16" && f[3] == "1" {
			row = f
		}
	}
	if row == nil {
		t.Fatalf("no row for sg K=16 threads=1:\n%s", table)
	}
	if runtime.GOOS == "linux" && (row[9] == "n/a" || row[10] == "n/a") {
		t.Errorf("no anonymous or file-backed RSS on Linux:\n%s", table)
	}
	if row[4] == "0" || row[4] == "-" || strings.HasPrefix(row[4], "-") {
		t.Errorf("words/sec/thread %q is not positive:\n%s", row[4], table)
	}
	if loss, err := strconv.ParseFloat(row[5], 64); err != nil || !(loss > 0 && loss < 10) {
		t.Errorf("final loss %q is not a loss:\n%s", row[5], table)
	}
}

// benchJSONReport is the part of bench -json's report that
// TestBenchEndToEnd checks.
type benchJSONReport struct {
	Tokens int64 `json:"tokens"`
	Rows   []struct {
		Trainer     string    `json:"trainer"`
		Model       string    `json:"model"`
		Threads     int       `json:"threads"`
		Runs        int       `json:"runs"`
		WordsPerSec float64   `json:"words_per_sec_per_thread"`
		Loss        float64   `json:"final_loss"`
		PeakRSS     int64     `json:"peak_rss_bytes"`
		FloorBytes  int64     `json:"floor_bytes"`
		RunWPS      []float64 `json:"run_words_per_sec_per_thread"`
		RunC2C      []float64 `json:"run_core_to_core_ns"`
	} `json:"rows"`
	Ceilings []struct {
		WordsPerSec float64 `json:"words_per_sec"`
	} `json:"ceilings"`
}

// runBenchJSON runs bench -json with args and decodes its report.
func runBenchJSON(t *testing.T, args []string) benchJSONReport {
	var out bytes.Buffer
	if err := runBench(append(args, "-json"), stdio{out: &out, err: io.Discard}); err != nil {
		t.Fatalf("bench -json: %v", err)
	}
	var rep benchJSONReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out.String())
	}
	return rep
}

// checkBenchJSON checks the rows of a report from runBenchJSON: sg on one
// and two threads and the control, with per-run speeds, core-to-core
// probes where there are several threads, losses, memory and a ceiling.
func checkBenchJSON(t *testing.T, rep benchJSONReport) {
	if len(rep.Rows) != 3 || rep.Rows[0].Model != "sg" || !(rep.Rows[0].WordsPerSec > 0) ||
		rep.Rows[1].Threads != 2 || rep.Rows[1].Runs != 2 || !(rep.Rows[1].WordsPerSec > 0) {
		t.Fatalf("rows = %+v", rep.Rows)
	}
	for _, r := range rep.Rows {
		if len(r.RunWPS) != 2 || !(r.RunWPS[0] > 0) {
			t.Errorf("%s %s on %d threads: per-run speeds %v", r.Trainer, r.Model, r.Threads, r.RunWPS)
		}
		if (r.Threads > 1) != (len(r.RunC2C) == 2) {
			t.Errorf("%s %s on %d threads: core-to-core probes %v", r.Trainer, r.Model, r.Threads, r.RunC2C)
		}
	}
	// The control: two one-thread runs at once, each about as fast as one alone.
	for _, r := range rep.Rows[:2] {
		if !(r.Loss > 0 && r.Loss < 10) {
			t.Errorf("%s %s on %d threads: final loss %g", r.Trainer, r.Model, r.Threads, r.Loss)
		}
	}
	if r := rep.Rows[2]; r.Trainer != "separate" || r.Model != "sg" || r.Threads != 2 || r.Runs != 2 ||
		!(r.WordsPerSec > 0) || r.PeakRSS <= 0 || r.Loss != 0 {
		t.Fatalf("separate row = %+v", r)
	}
	if r := rep.Rows[0]; r.PeakRSS <= 0 || r.FloorBytes <= 4*rep.Tokens || rep.Tokens < 25_000 {
		t.Errorf("peak RSS %d, floor %d bytes, %d tokens", r.PeakRSS, r.FloorBytes, rep.Tokens)
	}
	if len(rep.Ceilings) != 1 || !(rep.Ceilings[0].WordsPerSec > 0) {
		t.Errorf("ceilings = %+v", rep.Ceilings)
	}
}

// TestBenchKeepsRowsBeforeAFailedRun: a run that fails ends bench with
// its error, after the table of the runs made before it.
func TestBenchKeepsRowsBeforeAFailedRun(t *testing.T) {
	useTestBinaryAsTrainer(t)
	t.Setenv(benchFailEnv, "ips")
	args := []string{"-train", tinyCorpus(t), "-models", "sg,ips", "-sizes", "16", "-threads", "1", "-repeat", "2",
		"-gensim=false", "-ceiling-time", "10ms", "-quiet"}
	var out bytes.Buffer
	err := runBench(args, stdio{out: &out, err: io.Discard})
	if err == nil || !strings.Contains(err.Error(), "ips K=16 threads=1") || !strings.Contains(err.Error(), "diverged") {
		t.Fatalf("bench with a failing model: %v", err)
	}
	table := out.String()
	if !strings.Contains(table, "incomplete: the rows hold the runs made before throughput: ips K=16 threads=1") {
		t.Errorf("no incomplete line:\n%s", table)
	}
	var sg, ips bool
	for _, line := range strings.Split(table, "\n") {
		f := strings.Fields(line)
		sg = sg || len(f) > 4 && f[0] == "wipsvec" && f[1] == "sg" && f[4] != "0"
		ips = ips || len(f) > 1 && f[0] == "wipsvec" && f[1] == "ips"
	}
	if !sg || ips {
		t.Errorf("want the sg row and no ips row:\n%s", table)
	}
}

func TestBenchBadFlags(t *testing.T) {
	useTestBinaryAsTrainer(t)
	corpusPath := tinyCorpus(t)
	for _, args := range [][]string{
		{"-train", corpusPath, "-models", "cbow"},
		{"-train", corpusPath, "-sizes", "0"},
		{"-train", corpusPath, "-threads", "x"},
		{"-train", corpusPath, "-limit-mb", "-1"},
		{"-train", filepath.Join(t.TempDir(), "missing.txt")},
		{"-train", corpusPath, "extra"},
	} {
		err := runBench(args, stdio{out: io.Discard, err: io.Discard})
		var ue usageError
		if err == nil || !errors.As(err, &ue) {
			t.Errorf("bench %q: err = %v, want a usage error", args, err)
		}
	}
}
