#!/usr/bin/env bash
# The project's test command (the README's second command), a few minutes
# on two cores: vet (also with -tags purego), every package's tests in
# -short mode, and the skipgram tests again with the assembly kernels
# switched off (-tags purego: the portable kernels every other platform
# runs). The tests that -short skips (training on the shared corpus or the
# built-in sample, killing and resuming runs, every numeric flag of every
# command) are the quality checks: scripts/quality.sh runs them, with the
# fuzzers and the race detector.
set -euo pipefail
cd "$(dirname "$0")/.."
go vet ./...
go vet -tags purego ./...
go test -short -count=1 -timeout 20m ./...
go test -short -count=1 -tags purego -timeout 20m ./skipgram/...
