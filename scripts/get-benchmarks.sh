#!/usr/bin/env bash
# Usage: scripts/get-benchmarks.sh [DEST_DIR]
#
# Puts the evaluation sets in DEST_DIR (default: data/eval in the
# repository, which git ignores), as CSV from the public collection
# vecto-ai/word-benchmarks: SimLex-999, YP-130, WordSim353 similarity and
# relatedness (header ",word1,word2,similarity") and the Google analogies
# (header ",type,word1,word2,word3,target").
#
# Every checkout has the same files beside it in ../shared/eval; when that
# exists they are linked from there, since the shared data is read in
# place, never copied. WIPSVEC_OFFLINE=0 downloads anyway; WIPSVEC_OFFLINE=1
# insists on ../shared/eval. Each file's header and number of rows are
# checked before it is put in place, so a failed download is reported and
# never evaluated on.
set -euo pipefail

root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
dest=${1:-$root/data/eval}
shared=$root/../shared/eval
base=https://raw.githubusercontent.com/vecto-ai/word-benchmarks/master

# file, path in the collection, header, rows (word pairs or questions).
# WordSim353's files also end with an empty row ",,,", which is not counted.
sets=(
	"simlex999.csv word-similarity/monolingual/en/simlex999.csv ,word1,word2,similarity 999"
	"yp-130.csv word-similarity/monolingual/en/yp-130.csv ,word1,word2,similarity 130"
	"wordsim353-sim.csv word-similarity/monolingual/en/wordsim353-sim.csv ,word1,word2,similarity 203"
	"wordsim353-rel.csv word-similarity/monolingual/en/wordsim353-rel.csv ,word1,word2,similarity 252"
	"google-analogies.csv word-analogy/monolingual/en/google-analogies.csv ,type,word1,word2,word3,target 19544"
)

say() { printf 'get-benchmarks: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

# check FILE HEADER ROWS fails unless FILE starts with HEADER and has ROWS
# rows after it that are not empty (second and third fields set).
check() {
	local got rows
	got=$(head -n 1 -- "$1" | tr -d '\r')
	[[ $got == "$2" ]] || { say "$1: header is '$got', want '$2'"; return 1; }
	rows=$(tail -n +2 -- "$1" | awk -F, '$2 != "" && $3 != ""' | wc -l | tr -d ' ')
	[[ $rows == "$3" ]] || { say "$1: $rows rows, want $3"; return 1; }
}

mode=${WIPSVEC_OFFLINE:-}
if [[ -z $mode ]]; then
	if [[ -d $shared ]]; then mode=1; else mode=0; fi
fi
if [[ $mode == 1 ]]; then
	[[ -d $shared ]] || die "WIPSVEC_OFFLINE=1, but there is no $shared"
	shared=$(cd -- "$shared" && pwd)
	say "linking the benchmarks from $shared"
fi

mkdir -p -- "$dest"
dest=$(cd -- "$dest" && pwd)
if [[ $dest == "$root/data" || $dest == "$root/data/"* ]] && [[ ! -e $root/data/.gitignore ]]; then
	printf '*\n' >"$root/data/.gitignore"
fi

for set in "${sets[@]}"; do
	read -r file path header rows <<<"$set"
	tmp=$dest/.$file.tmp
	if [[ $mode == 1 ]]; then
		check "$shared/$file" "$header" "$rows" || die "$shared/$file is not the expected file"
		ln -sf -- "$shared/$file" "$tmp"
	else
		curl -fsSL --retry 3 -o "$tmp" "$base/$path" || { rm -f -- "$tmp"; die "cannot download $base/$path"; }
		check "$tmp" "$header" "$rows" || { rm -f -- "$tmp"; die "$base/$path is not the expected file"; }
	fi
	mv -f -- "$tmp" "$dest/$file"
	say "$dest/$file: $rows rows"
done
