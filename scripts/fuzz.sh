#!/usr/bin/env bash
# Runs every fuzz target for a few seconds beyond its seed corpus
# (testdata/fuzz/<target>; the seeds also run in every plain `go test`).
# Go fuzzes one target per invocation. FUZZTIME (default 3s) sets the time
# per target; a failure leaves the crashing input in testdata/fuzz and
# stops the script.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime="${FUZZTIME:-3s}"
targets=(
  ./corpus:FuzzOpen
  ./corpus:FuzzScanner
  ./corpus:FuzzClean
  ./corpus/phrase:FuzzJoin
  ./vocab:FuzzRead
  ./vocab:FuzzLearn
  ./skipgram/embedding:FuzzReadVectors
  ./skipgram/embedding:FuzzReadMeta
  ./skipgram/checkpoint:FuzzOpen
  ./skipgram/fasttext:FuzzRead
  ./bench/eval:FuzzReadDataset
  ./bench/eval:FuzzReadAnalogies
  ./bench/eval:FuzzParseQuery
  ./bench/experiment:FuzzReadResults
  ./corpus/encoded:FuzzParse
  ./corpus/graph:FuzzRead
  ./corpus/wordnet:FuzzReadData
)
# Every FuzzXxx in the tree must be listed, so a new parser's target runs.
listed=$(printf '%s\n' "${targets[@]}" | sed 's/.*://' | sort)
found=$(grep -rhoE --include='*_test.go' '^func Fuzz[A-Za-z0-9_]+' . | sed 's/^func //' | sort)
if [[ "$listed" != "$found" ]]; then
  echo "scripts/fuzz.sh: the target list differs from the FuzzXxx functions in the tree:" >&2
  diff <(echo "$listed") <(echo "$found") >&2 || true
  exit 1
fi
# Go before 1.27 can fail a target with a bare "context deadline exceeded"
# when -fuzztime ends while a worker is mid-call (go.dev/issue/75804): no
# input is at fault and none is written. Such a run is tried once more; a
# real finding says "Failing input written" and fails at once.
fuzz() {
  go test -run='^$' -fuzz="^$2\$" -fuzztime="$fuzztime" "$1" 2>&1
}
for t in "${targets[@]}"; do
  pkg=${t%%:*} name=${t##*:}
  if ! out=$(fuzz "$pkg" "$name"); then
    if grep -q 'context deadline exceeded' <<<"$out" && ! grep -q 'Failing input written' <<<"$out"; then
      echo "scripts/fuzz.sh: $pkg $name: the fuzzer's own deadline race (go.dev/issue/75804), no input at fault; once more" >&2
      out=$(fuzz "$pkg" "$name") || { echo "$out"; exit 1; }
    else
      echo "$out"
      exit 1
    fi
  fi
  printf '%-18s %-18s %s\n' "$pkg" "$name" "$(grep -o 'execs: [0-9]*' <<<"$out" | tail -1)"
done
