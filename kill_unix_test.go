//go:build unix

package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/wipsvec/wipsvec/corpus/encoded"
	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// names lists a directory.
func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// TestKilledRunsLeaveNothing kills encode, train on ids on disk, and train
// with a large final write, with SIGKILL at several moments of each: while
// reading, encoding, training and writing, and checks that the directories
// hold nothing but the inputs and, when the kill came after the run ended,
// complete outputs. Temporaries are unnamed (O_TMPFILE) on Linux; elsewhere
// a later run removes what a kill left.
func TestKilledRunsLeaveNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 30 MB corpus and kills a dozen runs")
	}
	_, text := corpusFile(t, 300_000)
	for _, tc := range []struct {
		name string
		args func(out string) []string
		outs []string // what a finished run leaves in the output directory
	}{
		{"encode", func(out string) []string {
			return []string{"encode", "-train", text, "-output", filepath.Join(out, "c.wvc"), "-min-count", "1", "-quiet"}
		}, []string{"c.wvc"}},
		{"train -ids disk", func(out string) []string {
			return []string{"train", "-train", text, "-output", filepath.Join(out, "v.bin"), "-ids", "disk", "-min-count", "1",
				"-iter", "1", "-size", "20", "-threads", "1", "-quiet"}
		}, []string{"v.bin", "v.bin.json"}},
		{"train, a large text write", func(out string) []string {
			return []string{"train", "-train", text, "-output", filepath.Join(out, "v.txt"), "-min-count", "1", "-sample", "0.1",
				"-iter", "1", "-size", "2000", "-window", "1", "-negative", "1", "-threads", "2", "-quiet"}
		}, []string{"v.txt", "v.txt.json"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, after := range []time.Duration{20 * time.Millisecond, 100 * time.Millisecond, 300 * time.Millisecond,
				700 * time.Millisecond, 1500 * time.Millisecond, 3 * time.Second} {
				out, tmp := t.TempDir(), t.TempDir()
				cmd := startHelper(t, tmp, nil, tc.args(out)...)
				time.Sleep(after)
				cmd.Process.Signal(syscall.SIGKILL)
				err := cmd.Wait()
				got := names(t, out)
				if left := names(t, tmp); len(left) > 0 {
					t.Errorf("killed after %v: left in TMPDIR: %v", after, left)
				}
				if err == nil { // finished before the kill: complete outputs
					if !slices.Equal(got, tc.outs) {
						t.Errorf("finished run wrote %v, want %v", got, tc.outs)
					}
					checkOutputsComplete(t, out, got)
					continue
				}
				for _, name := range got {
					if !slices.Contains(tc.outs, name) {
						t.Errorf("killed after %v: left %s in the output directory (%v)", after, name, got)
					}
				}
				// Whatever is there appeared whole: the vectors before the
				// sidecar, each complete.
				checkOutputsComplete(t, out, got)
			}
		})
	}
}

// checkOutputsComplete reads every output a run left: a vectors file, an
// encoded corpus or a sidecar that is there must be whole.
func checkOutputsComplete(t *testing.T, dir string, files []string) {
	t.Helper()
	for _, name := range files {
		p := filepath.Join(dir, name)
		switch {
		case strings.HasSuffix(name, ".wvc"):
			c, err := encoded.Open(p)
			if err != nil {
				t.Errorf("%s is not a whole encoded corpus: %v", name, err)
				continue
			}
			c.Close()
		case strings.HasSuffix(name, ".json"):
			if _, err := embedding.ReadMeta(strings.TrimSuffix(p, ".json"), nil); err != nil {
				t.Errorf("%s is not a whole sidecar: %v", name, err)
			}
		default:
			if _, err := embedding.ReadVectors(p); err != nil {
				t.Errorf("%s is not a whole vectors file: %v", name, err)
			}
		}
	}
}

// TestInterruptThenResume interrupts a one-thread training with SIGINT
// once it has written a checkpoint, and resumes it: the vectors are those
// of the uninterrupted run to the byte, text and graph.
func TestInterruptThenResume(t *testing.T) {
	if testing.Short() {
		t.Skip("trains three runs of a few seconds")
	}
	dir, text := corpusFile(t, 30_000)
	tree := treeFile(t, dir)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"text", []string{"-train", text, "-model", "wips", "-size", "20", "-iter", "40", "-min-count", "1", "-sample", "0"}},
		{"graph", []string{"-graph", tree, "-model", "hsg", "-size", "5", "-iter", "40000"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			common := append([]string{"train", "-threads", "1", "-seed", "3", "-binary", "1"}, tc.args...)
			want := filepath.Join(out, "full.bin")
			mustRun(t, append(common, "-output", want, "-quiet")...)
			got, ckpt := filepath.Join(out, "r.bin"), filepath.Join(out, "r.ckpt")
			stderr, err := interruptAfterCheckpoint(t, ckpt, append(common, "-output", got)...)
			if err == nil || !strings.Contains(stderr, "-resume "+ckpt) {
				t.Fatalf("interrupted run: %v\n%s", err, stderr)
			}
			if _, err := os.Stat(got); err == nil {
				t.Fatal("the interrupted run wrote vectors")
			}
			mustRun(t, "train", "-resume", ckpt, "-quiet")
			sameFiles(t, "the resumed run against the uninterrupted one", want, got)
		})
	}
}

// TestResumeTakesTheCheckpointsSettings: a checkpoint keeps the settings
// whole (a graph's -directed and -neg-dist among them), so a run resumes
// from one that keeps no command line, given its files anew, to the
// uninterrupted run's bytes.
func TestResumeTakesTheCheckpointsSettings(t *testing.T) {
	if testing.Short() {
		t.Skip("trains two runs of a few seconds")
	}
	dir := t.TempDir()
	tree := treeFile(t, dir)
	common := []string{"train", "-threads", "1", "-seed", "3", "-binary", "1", "-graph", tree, "-model", "ips",
		"-size", "5", "-iter", "40000", "-directed", "-neg-dist", "unigram"}
	want := filepath.Join(dir, "full.bin")
	mustRun(t, append(common, "-output", want, "-quiet")...)
	ckpt := filepath.Join(dir, "r.ckpt")
	if stderr, err := interruptAfterCheckpoint(t, ckpt, append(common, "-output", filepath.Join(dir, "r.bin"))...); err == nil {
		t.Fatalf("the interrupted run ended well:\n%s", stderr)
	}
	snap, err := skipgram.ReadCheckpoint(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Data == nil || snap.Data.Graph == nil || !snap.Data.Graph.Directed || snap.Data.Graph.Noise != "unigram" || snap.Data.MinCount != 1 {
		t.Fatalf("the checkpoint keeps the settings %+v", snap.Data)
	}
	snap.Command = nil
	if err := skipgram.WriteCheckpoint(ckpt, snap); err != nil {
		t.Fatal(err)
	}
	got := filepath.Join(dir, "got.bin")
	mustRun(t, "train", "-resume", ckpt, "-graph", tree, "-output", got, "-binary", "1", "-quiet")
	sameFiles(t, "the resumed run against the uninterrupted one", want, got)
}

// TestTemporaryCorpusRemovedOnInterrupt interrupts a training on a
// scratch encoded corpus (as Ctrl-C does) once the scratch corpus is
// written and mapped, and checks that nothing is left or written.
func TestTemporaryCorpusRemovedOnInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 30 MB corpus")
	}
	dir, text := corpusFile(t, 300_000)
	out := filepath.Join(dir, "out", "v.bin")
	os.Mkdir(filepath.Dir(out), 0o755)
	var stderr lockedBuilder
	cmd := startHelper(t, filepath.Dir(out), &stderr, "train", "-train", text, "-output", out,
		"-ids", "disk", "-min-count", "1", "-iter", "100", "-threads", "1")
	// Wait for training to start: the scratch corpus is then written and
	// mapped.
	waitFor(t, cmd, &stderr, "ids in a scratch encoded corpus", 20*time.Second)
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if err == nil || !strings.Contains(stderr.String(), "interrupted") {
		t.Fatalf("err = %v, stderr %q: want an interrupted run", err, stderr.String())
	}
	if ents, _ := os.ReadDir(filepath.Dir(out)); len(ents) != 0 {
		t.Errorf("left behind: %v", ents)
	}
}
