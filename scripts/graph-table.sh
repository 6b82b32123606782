#!/usr/bin/env bash
# Usage: scripts/graph-table.sh [EDGES] [OUT_DIR]
#
# The Graphs table of the README: every model (MODELS) at every dimension
# (SIZES) trained on EDGES (default data/wordnet/noun_closure.tsv, from
# scripts/get-wordnet.sh) with train -graph's defaults and THREADS threads,
# then scored by eval -graph (reconstruction: mean rank, MAP, ROC-AUC).
# IPDS runs once per q in IPDS_Q (a list of ratios of K, rounded; default
# the paper's range), so that the table can show its best q. Vectors and
# logs go to OUT_DIR (default out/graph-table); one TSV row per run goes to
# stdout and OUT_DIR/table.tsv:
#   model K q mean_rank MAP AUC train_seconds edges_per_sec eval_seconds
# EXTRA holds more train flags (e.g. EXTRA="-iter 50").
set -euo pipefail

root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
edges=${1:-$root/data/wordnet/noun_closure.tsv}
out=${2:-$root/out/graph-table}
models=${MODELS:-ips sips ipds wips sg hsg}
sizes=${SIZES:-5 10 50}
ratios=${IPDS_Q:-0.1 0.2 0.3 0.5}
threads=${THREADS:-2}
extra=${EXTRA:-}

[ -e "$edges" ] || { echo "graph-table: $edges not found (run scripts/get-wordnet.sh)" >&2; exit 1; }
mkdir -p "$out"
cd "$root"
go build -o "$out/wipsvec" .
bin=$out/wipsvec

printf 'model\tK\tq\tmean_rank\tMAP\tAUC\ttrain_seconds\tedges_per_sec\teval_seconds\n' | tee "$out/table.tsv"
run() { # model K flags...
  local model=$1 k=$2; shift 2
  local q=${Q:--}
  local name=$model-k$k${Q:+-q$Q}
  # shellcheck disable=SC2086
  "$bin" train -graph "$edges" -output "$out/$name.vec" -model "$model" -size "$k" -threads "$threads" -quiet $extra "$@" \
    2> "$out/$name.train.log"
  "$bin" eval -graph "$edges" -vectors "$out/$name.vec" -threads "$threads" -json > "$out/$name.eval.json"
  /usr/bin/python3 - "$out/$name.vec.json" "$out/$name.eval.json" "$model" "$k" "$q" <<'PY' | tee -a "$out/table.tsv"
import json, sys
meta, ev = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
st = meta["stats"]
for r in ev["results"]:
    model = sys.argv[3] if len(ev["results"]) == 1 else sys.argv[3] + "/" + r["sim"]
    print("\t".join([model, sys.argv[4], sys.argv[5], "%.2f" % r["mean_rank"], "%.3f" % r["map"],
                     "%.2f" % (100 * r["auc"]), "%.1f" % st["seconds"], "%.0f" % st["words_per_sec"],
                     "%.1f" % r["seconds"]]))
PY
}
for k in $sizes; do
  for model in $models; do
    if [ "$model" = ipds ]; then
      seen=" "
      for r in $ratios; do
        q=$(/usr/bin/python3 -c "print(max(1, min($k - 1, round($r * $k))))")
        case $seen in *" $q "*) continue ;; esac
        seen="$seen$q "
        Q=$q run ipds "$k" -neg-dim "$q"
      done
    else
      run "$model" "$k"
    fi
  done
done
