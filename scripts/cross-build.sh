#!/usr/bin/env bash
# Cross-compiles and vets every package for each supported OS/architecture,
# and once more with the assembly kernels switched off (-tags purego), so a
# Linux-only call or an amd64-only kernel cannot slip in unnoticed. Prints a
# table of results and fails if any target fails.
set -uo pipefail
cd "$(dirname "$0")/.."
targets="linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 freebsd/amd64"
fail=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
printf '%-16s %-6s %-6s %s\n' target tags build vet
for t in $targets; do
  for tags in "" purego; do
    b=ok; v=ok
    GOOS=${t%/*} GOARCH=${t#*/} CGO_ENABLED=0 go build -tags "$tags" ./... 2>"$log" || { b=FAIL; fail=1; cat "$log"; }
    GOOS=${t%/*} GOARCH=${t#*/} CGO_ENABLED=0 go vet -tags "$tags" ./... 2>"$log" || { v=FAIL; fail=1; cat "$log"; }
    printf '%-16s %-6s %-6s %s\n' "$t" "${tags:--}" "$b" "$v"
  done
done
exit $fail
