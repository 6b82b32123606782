#!/usr/bin/env bash
# Measures thread scaling on a machine with many cores: SG and WIPS, the
# defaults and exact per-pair Hogwild, at 1, 2, 4, 8 and 16 threads, each
# thread count beside its "separate" control (that many one-thread processes
# at once), with `wipsvec bench`. docs/scaling.md ("Many cores") says what
# the figures mean and holds the curves measured so far.
#
# It comes in two halves, because the machine with the cores may have no Go
# toolchain and no corpus:
#
#   scripts/many-cores.sh prepare [CORPUS]   # here: build .device/wipsvec (linux/amd64) and copy the corpus beside it
#   scripts/many-cores.sh run                # there, from the checkout's root, with .device carried along
#
# prepare's corpus (plain, .gz or .zst) defaults to bench's: $WIPSVEC_CORPUS,
# data/text9 or ../shared/data/enwiki17m.txt.zst, whichever is there first; .device/ is
# ignored by git and never committed. run writes machine.txt, sg.txt,
# wips.txt and log.txt to $OUT (default out/many-cores), a model's table as
# soon as its runs end, so a run cut short keeps what it finished.
#
# Settings (environment): for prepare LIMIT_MB (40: how many MiB of the
# corpus's text travel, gzipped); for run THREADS (1,2,4,8,16), REPEAT (2
# rounds; medians), SIZE (100) and MODELS ("sg wips").
#
# Time: one model's table is 14 trainings a round (5 thread counts, exact
# and default, and 4 separate controls). On 2 vCPUs of an AMD EPYC host
# (2026-11-25) one thread trained the 40 MiB (6.96M words) in 4.4 s (SG),
# 9.4 s (exact SG), 5.1 s (WIPS) and 10.1 s (exact WIPS), each child
# process about 1 s more; so a round of one model takes about a minute on
# 16 cores, and the defaults about 4-5 minutes: a device lease of 15 minutes
# has room for the machine's start, one run and a rerun of a model. On 16
# Intel vCPUs (2026-11-26) the machine started in about 35 s and the run took
# 299 s.
set -euo pipefail
here=$PWD
cd "$(dirname "$0")/.."

dir=.device
out=${OUT:-out/many-cores}

prepare() {
  local corpus=${1:-}
  if [[ -n $corpus && $corpus != /* ]]; then
    corpus=$here/$corpus
  fi
  if [[ -z $corpus ]]; then
    for c in "${WIPSVEC_CORPUS:-}" data/text9 ../shared/data/enwiki17m.txt.zst; do
      if [[ -n $c && -e $c ]]; then
        corpus=$c
        break
      fi
    done
  fi
  if [[ -z $corpus || ! -f $corpus ]]; then
    echo "many-cores: no corpus file (name one: scripts/many-cores.sh prepare FILE)" >&2
    exit 2
  fi
  mkdir -p "$dir"
  CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -trimpath -o "$dir/wipsvec.tmp" .
  mv "$dir/wipsvec.tmp" "$dir/wipsvec"
  # The first LIMIT_MB MiB of the text, compressed, so that it travels
  # (the device tool carries 64 MiB at most).
  local decompress=(cat)
  case $(head -c 4 "$corpus" | od -An -tx1 | tr -d ' \n') in
  28b52ffd) decompress=(zstd -dc) ;;
  1f8b*) decompress=(gzip -dc) ;;
  esac
  rm -f "$dir/corpus.tmp"
  { "${decompress[@]}" "$corpus" || true; } | head -c $((${LIMIT_MB:-40} << 20)) | gzip -1 >"$dir/corpus.tmp"
  mv "$dir/corpus.tmp" "$dir/corpus"
  du -sh "$dir"/* >&2
  echo "many-cores: ready; carry $dir and run scripts/many-cores.sh run there" >&2
}

run() {
  local bin=$dir/wipsvec corpus=$dir/corpus
  if [[ ! -x $bin || ! -f $corpus ]]; then
    echo "many-cores: $dir/wipsvec or its corpus is missing: run scripts/many-cores.sh prepare first, and carry $dir" >&2
    exit 2
  fi
  mkdir -p "$out"
  {
    date -u
    uname -a
    echo "nproc: $(nproc)"
    lscpu 2>/dev/null || true
    numactl --hardware 2>/dev/null || true
  } >"$out/machine.txt"
  local model status=0
  trap 'rm -f "$out"/*.tmp' EXIT
  for model in ${MODELS:-sg wips}; do
    # A run that fails ends that model's bench after the table of the runs
    # made before it (its log says which); the next model still runs.
    "$bin" bench -train "$corpus" -sizes "${SIZE:-100}" \
      -threads "${THREADS:-1,2,4,8,16}" -repeat "${REPEAT:-2}" -gensim=false \
      -models "$model,$model/exact" >"$out/$model.txt.tmp" 2>>"$out/log.txt" || status=1
    mv "$out/$model.txt.tmp" "$out/$model.txt"
    cat "$out/$model.txt"
  done
  return $status
}

case ${1:-} in
prepare)
  shift
  prepare "$@"
  ;;
run) run ;;
*)
  sed -n '2,/^set /p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
  exit 2
  ;;
esac
