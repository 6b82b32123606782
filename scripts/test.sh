#!/usr/bin/env bash
# The project's test command (the README's second command): vet, the whole
# suite (quality tests on ../shared when present), the skipgram tests again
# with the assembly kernels switched off (-tags purego: the portable kernels
# every other platform runs), the fuzz targets for a few seconds each beyond
# their seed corpora, then the race detector over the single-threaded paths
# (Hogwild is excluded from race builds by a tag).
set -euo pipefail
cd "$(dirname "$0")/.."
go vet ./...
go vet -tags purego ./...
go test -count=1 -timeout 60m ./...
go test -count=1 -tags purego -timeout 20m ./skipgram/
scripts/fuzz.sh
go test -count=1 -race -short -timeout 20m ./...
