#!/usr/bin/env bash
# Reproduces Kim et al. (2019), Table 3 (word similarity): trains every model
# over the grid on one corpus, prints the Markdown table beside the paper's
# numbers, and writes it with plots under out/. Runs are appended to
# out/table3.jsonl, so rerunning the same command resumes an interrupted grid.
#
#   scripts/table3.sh                   # -quick preview: 5 epochs, 1 seed, lr 0.025, q/K 0.01 and 0.5 (~11 minutes on 2 cores)
#   FULL=1 scripts/table3.sh            # the paper's grid: 5 epochs, 3 seeds, 2 lrs, 5 IPDS ratios (hours)
#   scripts/table3.sh -train data/text9 -threads 4 -models wips,sg
#
# Arguments go to `wipsvec experiment` (see `go run . experiment -h`) and win
# over the defaults here. Paths are taken relative to where you call from.
set -euo pipefail
here=$PWD
cd "$(dirname "$0")/.."

absolute() {
  if [[ $1 == /* || $1 == - || -z $1 ]]; then printf '%s' "$1"; else printf '%s' "$here/$1"; fi
}

args=()
path_next=0
for a in "$@"; do
  if ((path_next)); then
    a=$(absolute "$a")
    path_next=0
  else
    case $a in
    -train | --train | -results | --results | -md | --md | -plots | --plots)
      path_next=1
      ;;
    -train=* | --train=* | -results=* | --results=* | -md=* | --md=* | -plots=* | --plots=*)
      a="${a%%=*}=$(absolute "${a#*=}")"
      ;;
    esac
  fi
  args+=("$a")
done

if [[ ${FULL:-0} == 1 ]]; then
  defaults=(-md out/table3.md -plots out/plots)
else
  defaults=(-quick -md out/table3-quick.md -plots out/plots-quick)
fi
exec go run . experiment "${defaults[@]}" ${args[@]+"${args[@]}"}
