#!/usr/bin/env bash
# The quality checks, after scripts/test.sh (.ci/run runs both): every test
# that skips itself under -short (they train on ../shared's corpus or on the
# built-in sample and check the scores, kill and resume runs, or drive every
# numeric flag of every command; found here by their testing.Short() call, so
# a new one joins by itself), the skipgram tests with the portable kernels
# in full, every fuzz target for FUZZTIME (scripts/fuzz.sh), and the race
# detector over the single-threaded paths (Hogwild is excluded from race
# builds by a tag).
set -euo pipefail
cd "$(dirname "$0")/.."
slow=$(awk '/^func /{fn=""} /^func (Test|Example)[A-Za-z0-9_]*\(/{fn=$2; sub(/\(.*/,"",fn)} /testing\.Short\(\)/{if(fn!="")print fn}' \
  $(find . -name '*_test.go' -not -path './shared/*') | sort -u | paste -sd'|')
if [[ -z "$slow" ]]; then
  echo "scripts/quality.sh: no test calls testing.Short()" >&2
  exit 1
fi
go test -count=1 -timeout 60m -run "^($slow)\$" ./...
go test -count=1 -tags purego -timeout 20m -run "^($slow)\$" ./skipgram/...
scripts/fuzz.sh
go test -count=1 -race -short -timeout 20m ./...
