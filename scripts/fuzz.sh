#!/usr/bin/env bash
# Runs every fuzz target for a fixed number of calls beyond its seed corpus
# (testdata/fuzz/<target>; the seeds also run in every plain `go test`).
# Go fuzzes one target per invocation. FUZZTIME (default 3000x) is passed to
# -fuzztime: a count by default, because a time limit can fail a target
# with a bare "context deadline exceeded" when the deadline fires (Go's
# coordinator reads the deadline before its workers' context is cancelled,
# go.dev/issue/75804), and a count never arms that deadline. A failure
# leaves the crashing input in testdata/fuzz and stops the script.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime="${FUZZTIME:-3000x}"
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
  ./skipgram/flagvalue:FuzzSet
)
# Every FuzzXxx in the tree must be listed, so a new parser's target runs.
listed=$(printf '%s\n' "${targets[@]}" | sed 's/.*://' | sort)
found=$(grep -rhoE --include='*_test.go' '^func Fuzz[A-Za-z0-9_]+' . | sed 's/^func //' | sort)
if [[ "$listed" != "$found" ]]; then
  echo "scripts/fuzz.sh: the target list differs from the FuzzXxx functions in the tree:" >&2
  diff <(echo "$listed") <(echo "$found") >&2 || true
  exit 1
fi
# A FUZZTIME given as a duration can still meet the deadline race: a bare
# "context deadline exceeded" with no "Failing input written" is tried once
# more; a real finding fails at once.
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
