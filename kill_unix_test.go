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
