#!/usr/bin/env bash
# Usage: scripts/get-text9.sh [DEST_DIR]
#
# Produces DEST_DIR/text9 (default: data/ in the repository, which git
# ignores): Matt Mahoney's Text9, the first 10^9 bytes of a 2006 English
# Wikipedia dump (enwik9) cleaned by wikifil.pl's rules with
# `wipsvec corpus clean`. The download is resumed if interrupted and its
# size checked, so a partial file is never cleaned or trained on.
#
# Offline, it uses the corpus every checkout has beside it instead,
# ../shared/data/enwiki17m.txt.zst (a 17M-token, text8-style sample, not
# Text9): DEST_DIR/text9 becomes a symbolic link to it, since the shared
# data is read in place, never copied. wipsvec reads the zstd data
# transparently. "Offline" is WIPSVEC_OFFLINE=1, or, when WIPSVEC_OFFLINE is
# unset, mattmahoney.net not answering; WIPSVEC_OFFLINE=0 always downloads.
set -euo pipefail

root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
dest=${1:-$root/data}
shared=$root/../shared/data/enwiki17m.txt.zst

url=http://mattmahoney.net/dc/enwik9.zip
zip_size=322592222      # bytes of enwik9.zip
xml_size=1000000000     # bytes of enwik9, by definition
# Of the decompressed shared corpus, from ../shared/README.md.
shared_sha256=ac1ae27c2a3af43006760e94183a57c92db348f47a3260e583a77596b5021f45

say() { printf 'get-text9: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }
# size prints a file's size in bytes, 0 if it does not exist.
size() { if [[ -e $1 ]]; then wc -c <"$1" | tr -d ' '; else echo 0; fi; }
sha256() { if command -v sha256sum >/dev/null; then sha256sum; else shasum -a 256; fi | cut -d' ' -f1; }

mkdir -p -- "$dest"
dest=$(cd -- "$dest" && pwd)
# Keep downloads out of git when they land in the repository's data/.
if [[ $dest == "$root/data" || $dest == "$root/data/"* ]] && [[ ! -e $root/data/.gitignore ]]; then
	printf '*\n' >"$root/data/.gitignore"
fi
text9=$dest/text9

offline=${WIPSVEC_OFFLINE:-}
if [[ -z $offline ]]; then
	if curl -fsI --max-time 15 -o /dev/null "$url"; then
		offline=0
	else
		offline=1
		say "cannot reach $url: working offline"
	fi
fi

if [[ $offline == 1 ]]; then
	[[ -f $shared ]] || die "offline, and there is no $shared to fall back on"
	shared=$(cd -- "$(dirname -- "$shared")" && pwd)/$(basename -- "$shared")
	say "offline: using $shared INSTEAD of Text9"
	say "(English Wikipedia 2014/15, text8-style, ~17M tokens; Text9 has ~124M)"
	command -v zstd >/dev/null || die "zstd is needed to check $shared"
	sum=$(zstd -dc -- "$shared" | sha256)
	[[ $sum == "$shared_sha256" ]] || die "$shared is corrupt: sha256 $sum, want $shared_sha256"
	if [[ -e $text9 && ! -L $text9 ]]; then
		say "$text9 already exists and is not a link; leaving it alone"
		exit 0
	fi
	ln -sf -- "$shared" "$text9.tmp"
	mv -f -- "$text9.tmp" "$text9"
	say "$text9 -> $shared (zstd; wipsvec reads it as is)"
	say "tokens: $(zstd -dc <"$text9" | wc -w | tr -d ' ')"
	exit 0
fi

if [[ -s $text9 && ! -L $text9 ]]; then
	say "$text9 exists ($(size "$text9") bytes); delete it to rebuild"
	say "tokens: $(wc -w <"$text9" | tr -d ' ')"
	exit 0
fi

# 1. enwik9.zip, resumably: curl -C - continues enwik9.zip.part.
zip=$dest/enwik9.zip
if [[ $(size "$zip") != "$zip_size" ]]; then
	part=$zip.part
	# A short enwik9.zip (say, from an earlier download by hand) is resumed too.
	if [[ -e $zip ]]; then
		if (($(size "$zip") > $(size "$part"))); then mv -f -- "$zip" "$part"; else rm -f -- "$zip"; fi
	fi
	if (($(size "$part") > zip_size)); then
		say "$part is larger than enwik9.zip should be; starting over"
		rm -f -- "$part"
	fi
	# curl's own --retry does not resume a transfer that broke off, so
	# each attempt here continues where the last stopped.
	for attempt in 1 2 3 4 5; do
		(($(size "$part") < zip_size)) || break
		say "downloading $url ($zip_size bytes) to $part, from byte $(size "$part") (attempt $attempt)"
		curl -fL --retry 3 --retry-delay 5 -C - -o "$part" "$url" || sleep 5
	done
	got=$(size "$part")
	[[ $got == "$zip_size" ]] ||
		die "$part has $got bytes, want $zip_size; run again to resume, or delete it to start over"
	unzip -tqq -- "$part" || die "$part is corrupt (CRC check failed); delete it and run again"
	mv -f -- "$part" "$zip"
fi

# 2. enwik9 itself, checked to be exactly 10^9 bytes.
xml=$dest/enwik9
if [[ $(size "$xml") != "$xml_size" ]]; then
	say "unzipping $zip"
	unzip -p -- "$zip" enwik9 >"$xml.part"
	got=$(size "$xml.part")
	[[ $got == "$xml_size" ]] || die "$xml.part has $got bytes, want $xml_size; delete $zip and run again"
	mv -f -- "$xml.part" "$xml"
fi

# 3. Clean. The command writes a temporary file and renames it when done.
say "cleaning $xml to $text9"
rm -f -- "$text9" # a link left by an offline run
(cd -- "$root" && go run . corpus clean -o "$text9" "$xml")
say "tokens: $(wc -w <"$text9" | tr -d ' ')"
say "done; $xml ($xml_size bytes) and $zip may be deleted"
