package mpi

import (
	"errors"
	"os"
	"slices"
	"testing"
)

// comm is the Comm of the test process: under mpirun, with a build tagged
// mpi, one rank of several; else Single. It is initialised once (TestMain),
// as MPI may be.
var comm Comm

func TestMain(m *testing.M) {
	c, err := Init()
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(2)
	}
	comm = c
	code := m.Run()
	if err := c.Close(); err != nil && code == 0 {
		code = 1
	}
	os.Exit(code)
}

// TestSums sums known values: rank r contributes r+1 (and r+1.5, and a
// large int64), so every rank must end with n(n+1)/2 and the rest.
func TestSums(t *testing.T) {
	n, r := comm.Size(), comm.Rank()
	f32 := []float32{float32(r + 1), 0.5, -float32(r)}
	f64 := []float64{float64(r) + 1.5}
	i64 := []int64{int64(r+1) << 40, -1}
	if err := comm.SumFloat32(f32); err != nil {
		t.Fatal(err)
	}
	if err := comm.SumFloat64(f64); err != nil {
		t.Fatal(err)
	}
	if err := comm.SumInt64(i64); err != nil {
		t.Fatal(err)
	}
	tri := n * (n + 1) / 2
	if want := []float32{float32(tri), 0.5 * float32(n), -float32(tri - n)}; !slices.Equal(f32, want) {
		t.Errorf("float32 sum on rank %d of %d: %v, want %v", r, n, f32, want)
	}
	if want := float64(tri-n) + 1.5*float64(n); f64[0] != want {
		t.Errorf("float64 sum: %v, want %v", f64[0], want)
	}
	if want := []int64{int64(tri) << 40, -int64(n)}; !slices.Equal(i64, want) {
		t.Errorf("int64 sum: %v, want %v", i64, want)
	}
	if err := comm.SumFloat32(nil); err != nil {
		t.Errorf("an empty sum: %v", err)
	}
}

// TestBroadcast sends the last rank's bytes, of a length only it knows.
func TestBroadcast(t *testing.T) {
	n, r := comm.Size(), comm.Rank()
	root := n - 1
	var b []byte
	if r == root {
		b = []byte("from the last rank")
	}
	got, err := BroadcastBytes(comm, b, root)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "from the last rank" && n > 1 {
		t.Errorf("rank %d got %q", r, got)
	}
	if err := comm.Barrier(); err != nil {
		t.Fatal(err)
	}
}

func TestLaunched(t *testing.T) {
	env := map[string]string{}
	get := func(k string) string { return env[k] }
	if n, v := Launched(get); n != 1 || v != "" {
		t.Errorf("no launcher: %d, %q", n, v)
	}
	env["SLURM_STEP_NUM_TASKS"] = "1"
	if n, _ := Launched(get); n != 1 {
		t.Errorf("a one-task srun step: %d ranks", n)
	}
	env["PMI_SIZE"] = "4"
	if n, v := Launched(get); n != 4 || v != "PMI_SIZE" {
		t.Errorf("PMI_SIZE=4: %d, %q", n, v)
	}
	if err := notBuilt(4, "PMI_SIZE"); !errors.Is(err, ErrNotBuilt) {
		t.Errorf("%v is not ErrNotBuilt", err)
	}
}
