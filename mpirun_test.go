//go:build unix

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/wipsvec/wipsvec/skipgram/mpi"
)

var (
	mpiOnce sync.Once
	mpiBin  string
	mpiErr  error
)

// mpiWipsvec returns wipsvec built with -tags mpi, and the environment
// mpirun needs here (root, more ranks than cores); it skips without
// OpenMPI (Debian's openmpi-bin and libopenmpi-dev) and under -short.
func mpiWipsvec(t *testing.T) (string, []string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds wipsvec with -tags mpi and runs mpirun")
	}
	if _, err := exec.LookPath("mpirun"); err != nil {
		t.Skip("no mpirun (Debian's openmpi-bin)")
	}
	if err := exec.Command("pkg-config", "--exists", "ompi").Run(); err != nil {
		t.Skip("no OpenMPI headers (Debian's libopenmpi-dev)")
	}
	mpiOnce.Do(func() {
		dir, err := os.MkdirTemp("", "wipsvec-mpi")
		if err != nil {
			mpiErr = err
			return
		}
		mpiBin = filepath.Join(dir, "wipsvec-mpi")
		out, err := exec.Command("go", "build", "-tags", "mpi", "-o", mpiBin, ".").CombinedOutput()
		if err != nil {
			mpiErr = err
			mpiBin = string(out)
		}
	})
	if mpiErr != nil {
		t.Fatalf("go build -tags mpi: %v\n%s", mpiErr, mpiBin)
	}
	env := append(os.Environ(), "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1", "OMPI_MCA_rmaps_base_oversubscribe=1")
	return mpiBin, env
}

// startRanks starts cmd, an mpirun of bin, and returns the pid of one of
// its ranks once one runs.
func startRanks(t *testing.T, cmd *exec.Cmd, bin string) int {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		b, _ := exec.Command("pgrep", "-f", "-n", "^"+bin+" train").Output() // a rank, not mpirun
		if f := strings.Fields(string(b)); len(f) > 0 {
			if pid, err := strconv.Atoi(f[0]); err == nil {
				return pid
			}
		}
	}
	t.Fatal("no rank started")
	return 0
}

// mpirun runs bin under mpirun with n ranks.
func mpirun(ctx context.Context, env []string, n int, bin string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "mpirun", append([]string{"-np", strconv.Itoa(n), "--oversubscribe", bin}, args...)...)
	cmd.Env = env
	return cmd
}

// TestMPITrainIsReproducible trains with two ranks of one thread twice:
// the same bytes, rank 0's alone, with a sidecar that records the ranks.
func TestMPITrainIsReproducible(t *testing.T) {
	bin, env := mpiWipsvec(t)
	dir, corpus := corpusFile(t, 3000)
	var outs [][]byte
	for i := range 2 {
		out := filepath.Join(dir, string(rune('a'+i))+".bin")
		cmd := mpirun(context.Background(), env, 2, bin, "train", "-train", corpus, "-output", out, "-binary", "1", "-threads", "1",
			"-size", "12", "-iter", "3", "-min-count", "1", "-model", "wips", "-sync-words", "2000", "-quiet")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, b)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, b)
		var meta struct {
			Hyper struct {
				Ranks     int   `json:"ranks"`
				SyncWords int64 `json:"sync_words"`
			} `json:"hyper"`
		}
		sc, _ := os.ReadFile(out + ".json")
		if err := json.Unmarshal(sc, &meta); err != nil || meta.Hyper.Ranks != 2 || meta.Hyper.SyncWords != 2000 {
			t.Errorf("sidecar: ranks %d, sync words %d (%v); want 2 and 2000", meta.Hyper.Ranks, meta.Hyper.SyncWords, err)
		}
	}
	if !bytes.Equal(outs[0], outs[1]) {
		t.Error("two seeded runs of two ranks of one thread wrote different vectors")
	}
}

// TestMPIRankKilled kills one rank of three mid-run: every rank ends, with
// a non-zero status, within seconds, and no file is left.
func TestMPIRankKilled(t *testing.T) {
	bin, env := mpiWipsvec(t)
	dir, corpus := corpusFile(t, 20000)
	outDir := t.TempDir()
	out := filepath.Join(outDir, "v.bin")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := mpirun(ctx, env, 3, bin, "train", "-train", corpus, "-output", out, "-threads", "1", "-size", "50", "-iter", "1000",
		"-min-count", "1", "-quiet")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pid := startRanks(t, cmd, bin)
	time.Sleep(time.Second)
	syscall.Kill(pid, syscall.SIGKILL)
	killed := time.Now()
	err := cmd.Wait()
	if err == nil {
		t.Fatal("mpirun exited 0 after a rank was killed")
	}
	if took := time.Since(killed); took > 20*time.Second {
		t.Errorf("the ranks took %v to end after one was killed", took)
	}
	if b, _ := exec.Command("pgrep", "-f", "^"+bin+" train").Output(); len(b) > 0 {
		t.Errorf("ranks still running after mpirun ended: %s", b)
	}
	for _, d := range []string{outDir, dir} {
		left, _ := os.ReadDir(d)
		for _, e := range left {
			if e.Name() != filepath.Base(corpus) {
				t.Errorf("left behind: %s", filepath.Join(d, e.Name()))
			}
		}
	}
}

// TestMPICheckpointAndResume interrupts one rank of two: both stop after a
// checkpoint that rank 0 writes, with no vectors written, and the same
// mpirun with -resume trains the run to its end.
func TestMPICheckpointAndResume(t *testing.T) {
	bin, env := mpiWipsvec(t)
	_, corpus := corpusFile(t, 20000)
	dir := t.TempDir()
	out, ckpt := filepath.Join(dir, "v.bin"), filepath.Join(dir, "run.ckpt")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := mpirun(ctx, env, 2, bin, "train", "-train", corpus, "-output", out, "-threads", "1", "-size", "50", "-iter", "60", "-sample", "0",
		"-min-count", "1", "-model", "wips", "-checkpoint", ckpt)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pid := startRanks(t, cmd, bin)
	time.Sleep(1500 * time.Millisecond)
	syscall.Kill(pid, syscall.SIGINT)
	if err := cmd.Wait(); err == nil {
		t.Fatalf("mpirun exited 0 after a rank was interrupted\n%s", stderr.Bytes())
	}
	if !strings.Contains(stderr.String(), "-resume "+ckpt) {
		t.Errorf("the interrupted ranks did not say how to go on:\n%s", stderr.Bytes())
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the interrupted ranks wrote the vectors")
	}
	other, err := mpirun(ctx, env, 3, bin, "train", "-resume", ckpt, "-quiet").CombinedOutput()
	if err == nil || !strings.Contains(string(other), "mpirun -np 2") {
		t.Errorf("three ranks resumed the checkpoint of two: %v\n%s", err, other)
	}
	resume := mpirun(ctx, env, 2, bin, "train", "-resume", ckpt, "-quiet")
	if b, err := resume.CombinedOutput(); err != nil {
		t.Fatalf("resume: %v\n%s", err, b)
	}
	left, _ := os.ReadDir(dir)
	var names []string
	for _, e := range left {
		names = append(names, e.Name())
	}
	if want := []string{"run.ckpt", "v.bin", "v.bin.json"}; !slices.Equal(names, want) {
		t.Errorf("the resumed run left %v, want %v", names, want)
	}
}

// TestTrainRefusesUnderALauncherWithoutMPI: the default build started as
// one of several ranks says which build to use, before it reads anything.
func TestTrainRefusesUnderALauncherWithoutMPI(t *testing.T) {
	if mpi.Built {
		t.Skip("this build links MPI")
	}
	t.Setenv("OMPI_COMM_WORLD_SIZE", "4")
	_, stderr, err := runCmd("train", "-train", "/no/such/file", "-output", filepath.Join(t.TempDir(), "v.bin"))
	if err == nil || !strings.Contains(err.Error(), "-tags mpi") || strings.Contains(err.Error(), "no/such") {
		t.Errorf("under a launcher of 4 ranks: %v %s; want the refusal naming -tags mpi, before the corpus is read", err, stderr)
	}
}
