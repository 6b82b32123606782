package mpi

// RunComm is the test process's Comm, for the external tests.
func RunComm() Comm { return comm }
