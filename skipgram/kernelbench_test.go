package skipgram

import "testing"

// TestWindowBench: the benchmarked window is SG's batch kernel, and it
// counts the pairs it updates: window+1 contexts against the centre word
// and the noise words that are not it.
func TestWindowBench(t *testing.T) {
	window, err := WindowBench(100, 5, 5)
	if err != nil {
		t.Fatal(err)
	}
	for range 1000 {
		if n := window(); n < 6 || n > 6*6 || n%6 != 0 {
			t.Fatalf("a window updated %d pairs, want 6 contexts times 1 to 6 targets", n)
		}
	}
	if _, err := WindowBench(100, 0, 5); err == nil {
		t.Error("window 0 accepted")
	}
}
