#!/usr/bin/env bash
# Measures thread scaling on a machine with many cores: SG and WIPS, the
# defaults and exact per-pair Hogwild, at 1, 2, 4, 8 and 16 threads, each
# thread count beside its "separate" control (that many one-thread processes
# at once), with `wipsvec bench`; and, with `quality`, what a variant's
# flags do to the benchmarks on many threads, which a machine of two CPUs,
# where the workers take turns, cannot show. docs/scaling.md ("Many cores")
# says what the figures mean and holds the curves measured so far.
#
# It comes in two halves, because the machine with the cores may have no Go
# toolchain and no corpus:
#
#   scripts/many-cores.sh prepare [CORPUS]   # here: build .device/wipsvec (linux/amd64), copy the corpus and the benchmarks beside it
#   scripts/many-cores.sh run                # there, from the checkout's root, with .device carried along
#   scripts/many-cores.sh quality            # there: the default against VARIANT, 5 epochs, seeds 1-3
#
# prepare's corpus (plain, .gz or .zst) defaults to bench's: $WIPSVEC_CORPUS,
# data/text9 or ../shared/data/enwiki17m.txt.zst, whichever is there first,
# and the benchmarks come from $WIPSVEC_EVAL, data/eval or ../shared/eval;
# .device/ is ignored by git and never committed. run writes machine.txt,
# sg.txt, wips.txt and log.txt to $OUT (default out/many-cores), a model's
# table as soon as its runs end, so a run cut short keeps what it finished.
# quality writes machine.txt, log.txt, and quality-default.md and
# quality-variant.md (`wipsvec experiment`'s tables: the mean over the
# seeds of each benchmark) with their .jsonl (every run's scores and loss).
#
# Settings (environment): for prepare LIMIT_MB (40: how many MiB of the
# corpus's text travel, gzipped; 0: all of it); for run THREADS
# (1,2,4,8,16), REPEAT (2 rounds; medians), SIZE (100) and MODELS ("sg
# wips"); for quality THREADS (one count: 16), SEEDS (3), ITER (5), SIZE
# (100), MODELS ("sg sips wips") and VARIANT ("-hot-rows 64": the train
# flags weighed against the defaults).
#
# Time: one model's table is 14 trainings a round (5 thread counts, exact
# and default, and 4 separate controls). On 2 vCPUs of an AMD EPYC host
# (2026-11-25) one thread trained the 40 MiB (6.96M words) in 4.4 s (SG),
# 9.4 s (exact SG), 5.1 s (WIPS) and 10.1 s (exact WIPS), each child
# process about 1 s more; so a round of one model takes about a minute on
# 16 cores, and the defaults about 4-5 minutes: a device lease of 15 minutes
# has room for the machine's start, one run and a rerun of a model. On 16
# Intel vCPUs (2026-11-26) the machine started in about 35 s and the run took
# 299 s. quality trains 2 x MODELS x SEEDS runs of ITER epochs (SG twice:
# K and K/2); on those 16 vCPUs the defaults trained about 9M words/s, so
# 5 epochs of the 40 MiB take about 4 s a run, of the whole shared corpus
# (LIMIT_MB=0, about 35 MB gzipped) about 9 s.
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
  local limit=(head -c $((${LIMIT_MB:-40} << 20)))
  if [[ ${LIMIT_MB:-40} == 0 ]]; then
    limit=(cat)
  fi
  { "${decompress[@]}" "$corpus" || true; } | "${limit[@]}" | gzip -1 >"$dir/corpus.tmp"
  mv "$dir/corpus.tmp" "$dir/corpus"
  # The benchmarks, for quality.
  local eval=
  for e in "${WIPSVEC_EVAL:-}" data/eval ../shared/eval; do
    if [[ -n $e && -f $e/simlex999.csv ]]; then
      eval=$e
      break
    fi
  done
  if [[ -n $eval ]]; then
    rm -rf "$dir/eval"
    mkdir -p "$dir/eval"
    cp "$eval"/*.csv "$dir/eval/"
  else
    echo "many-cores: no benchmarks (simlex999.csv in \$WIPSVEC_EVAL, data/eval or ../shared/eval): quality will not run" >&2
  fi
  du -sh "$dir"/* >&2
  echo "many-cores: ready; carry $dir and run scripts/many-cores.sh run there" >&2
}

# ready checks what prepare left and describes the machine into $out.
ready() {
  if [[ ! -x $dir/wipsvec || ! -f $dir/corpus ]]; then
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
}

run() {
  local bin=$dir/wipsvec corpus=$dir/corpus
  ready
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

quality() {
  local bin=$dir/wipsvec corpus=$dir/corpus threads=${THREADS:-16}
  ready
  if [[ ! -f $dir/eval/simlex999.csv ]]; then
    echo "many-cores: $dir/eval has no benchmarks: run scripts/many-cores.sh prepare where ../shared/eval (or data/eval) is" >&2
    exit 2
  fi
  if [[ ! $threads =~ ^[0-9]+$ ]]; then
    echo "many-cores: quality takes one thread count, got THREADS=$threads" >&2
    exit 2
  fi
  # experiment encodes the corpus and checkpoints beside its results: keep
  # those out of $out, which brings back only a few files.
  work=$(mktemp -d "${TMPDIR:-/tmp}/many-cores.XXXXXX")
  trap 'rm -rf "${work:-}"' EXIT
  export WIPSVEC_EVAL=$PWD/$dir/eval
  local models name status=0
  models=$(echo ${MODELS:-sg sips wips} | tr ' ' ,)
  for name in default variant; do
    local flags=()
    if [[ $name == variant ]]; then
      read -r -a flags <<<"${VARIANT--hot-rows 64}"
    fi
    echo "== $name: ${flags[*]:-(the defaults)}" >>"$out/log.txt"
    "$bin" experiment -train "$corpus" -models "$models" -sizes "${SIZE:-100}" -alphas 0.025 \
      -seeds "${SEEDS:-3}" -iter "${ITER:-5}" -threads "$threads" "${flags[@]}" \
      -results "$work/$name.jsonl" -md "$work/$name.md" >>"$out/log.txt" 2>&1 || status=1
    for f in "$work/$name.md" "$work/$name.jsonl"; do
      if [[ -f $f ]]; then
        cp "$f" "$out/quality-${f##*/}"
      fi
    done
    cat "$out/quality-$name.md" 2>/dev/null || true
  done
  return $status
}

case ${1:-} in
prepare)
  shift
  prepare "$@"
  ;;
run) run ;;
quality) quality ;;
*)
  sed -n '2,/^set /p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
  exit 2
  ;;
esac
