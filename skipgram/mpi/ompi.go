//go:build mpi && !mpich

package mpi

// #cgo pkg-config: ompi
import "C"
