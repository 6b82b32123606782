//go:build !mpi && !mpich

package mpi

import "os"

// Init returns the run's Comm: in this build, without MPI, Single, or
// ErrNotBuilt when an MPI launcher started the process as one of several
// ranks.
func Init() (Comm, error) {
	if n, variable := Launched(os.Getenv); n > 1 {
		return nil, notBuilt(n, variable)
	}
	return Single{}, nil
}

// Built reports whether this build links MPI.
const Built = false
