#!/usr/bin/env bash
# Usage: scripts/get-wordnet.sh [DEST_DIR]
#
# Produces DEST_DIR/noun_closure.tsv and DEST_DIR/mammal_closure.tsv
# (default DEST_DIR: data/wordnet in the repository, which git ignores):
# the transitive closure of WordNet 3.0's noun hierarchy (hypernym and
# instance-hypernym pointers; 82,115 nouns, 743,241 edges) and its mammal
# subtree, the graphs of Nickel and Kiela's (2017) reconstruction benchmark.
#
# WordNet comes from Debian's wordnet-base package (WordNet 3.0,
# /usr/share/wordnet), installed with apt-get when missing (as root, or
# through sudo); WORDNET_DICT=DIR reads another copy of the dictionary
# instead. The conversion is `wipsvec graph wordnet`; nothing else is
# downloaded.
set -euo pipefail

root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
dest=${1:-$root/data/wordnet}
dict=${WORDNET_DICT:-/usr/share/wordnet}

say() { printf 'get-wordnet: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

if [ ! -e "$dict/data.noun" ]; then
  [ -z "${WORDNET_DICT:-}" ] || die "$dict/data.noun not found"
  sudo=
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || die "wordnet-base is not installed and this is not root; run: apt-get install wordnet-base"
    sudo=sudo
  fi
  say "installing Debian's wordnet-base (WordNet 3.0)"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wordnet-base >/dev/null
  [ -e "$dict/data.noun" ] || die "wordnet-base installed, but $dict/data.noun is missing"
fi

mkdir -p "$dest"
cd "$root"
go run . graph wordnet -dict "$dict" -out "$dest"
