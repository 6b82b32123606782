#!/usr/bin/env bash
# The MPI build's checks (needs OpenMPI: Debian's openmpi-bin and
# libopenmpi-dev): go vet with -tags mpi, then skipgram/mpi's tests run as
# every rank of 2 and of 3 processes. The end-to-end tests of train under
# mpirun (mpirun_test.go) are among scripts/quality.sh's.
set -euo pipefail
cd "$(dirname "$0")/.."
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
go vet -tags mpi ./...
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go test -c -tags mpi -o "$bin/mpi.test" ./skipgram/mpi
for n in 2 3; do
  echo "skipgram/mpi: $n ranks"
  mpirun -np "$n" --oversubscribe "$bin/mpi.test" -test.count=1 -test.timeout=5m
done
