package speed

import (
	"os/exec"
	"time"
)

// childMemory is the largest resident memory of a child process seen while
// it ran, split as /proc/PID/status splits it: anonymous memory (the heap,
// stacks: what the process cannot give back without swapping) and
// file-backed memory (its binary and mapped files, such as an encoded
// corpus, which the kernel can drop and read again). Known is false where
// the system does not say (anything but Linux).
type childMemory struct {
	Anon, File int64
	Known      bool
}

// memSampleEvery is how often a child's memory is sampled: often enough to
// catch the plateau of a training run, rarely enough to cost nothing.
const memSampleEvery = 20 * time.Millisecond

// runSampled runs cmd to its end like cmd.Run, sampling its memory.
func runSampled(cmd *exec.Cmd) (childMemory, error) {
	if err := cmd.Start(); err != nil {
		return childMemory{}, err
	}
	done := make(chan struct{})
	peak := make(chan childMemory, 1)
	go func() {
		var m childMemory
		t := time.NewTicker(memSampleEvery)
		defer t.Stop()
		for {
			if s, ok := readProcMemory(cmd.Process.Pid); ok {
				m.Anon, m.File, m.Known = max(m.Anon, s.Anon), max(m.File, s.File), true
			}
			select {
			case <-done:
				peak <- m
				return
			case <-t.C:
			}
		}
	}()
	err := cmd.Wait()
	close(done)
	return <-peak, err
}

// String is for log lines: "anon 120 MB, file 14 MB", or "anon n/a".
func (m childMemory) String() string {
	if !m.Known {
		return "anon n/a"
	}
	return "anon " + megabytes(m.Anon, "0") + " MB, file " + megabytes(m.File, "0") + " MB"
}
