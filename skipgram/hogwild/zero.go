package hogwild

// ZeroLines is Lines of n zeros, every page of which has been written: a
// zeroed parameter matrix (SG's output rows, a tree's). Fresh from the OS, its pages map nothing or the shared
// zero page, and the first write to each faults; with the process running
// on several CPUs, the kernel then flushes their TLBs with an interrupt (a
// hypervisor exit on a VM). SG's output matrix, zero until trained, took
// 7,400 such faults at 68k words and K = 100 in its workers' first epoch:
// written here, on one thread before they start, it takes them without the
// interrupts.
func ZeroLines(n int) []float32 {
	m := Lines[float32](n)
	clear(m)
	return m
}
