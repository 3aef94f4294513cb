#!/usr/bin/env bash
# The development protocol in one command: a build of the default (or of any bench flags) on the
# realisations that are not reported, one JSON line per set, for results/compare.py to set two
# runs side by side.
#
#   results/develop.sh shared DATA_DIR OUT.jsonl [bench flags...]
#       every set of the shared benchmark folder: realisations 11-20 (the first ten are the
#       reported ones), 6-10 of digits, dna and satellite (ten in all, the first five reported);
#       letter (five realisations, all reported) and ripley_synth are left out.
#   results/develop.sh sets DIR OUT.jsonl [bench flags...]
#       every set folder under DIR (a folder holding x.csv), realisations 1-10 (or as many as
#       it has): sets never used to develop the default, such as those the scripts in results/
#       write (extra-sets.R, fresh-sets.py, more-sets.R, ...).
#
# SETS="a b c" restricts either form to those sets. Realisations run in parallel on all cores
# (bench's default), so the seconds per fit are not for reporting; results/speed.sh measures
# time. Example, a change against the build before it:
#
#   git stash; results/develop.sh shared ../data /tmp/before.jsonl; git stash pop
#   results/develop.sh shared ../data /tmp/after.jsonl
#   results/compare.py /tmp/before.jsonl /tmp/after.jsonl
set -euo pipefail
usage="usage: results/develop.sh shared|sets DIR OUT.jsonl [bench flags...]"
mode=${1:?$usage}
dir=${2:?$usage}
out=${3:?$usage}
shift 3
bin=$(mktemp -d)/sparsekernel
go build -o "$bin" ./cmd/sparsekernel
: >"$out"
run() { # set first count [flags]
	local s=$1 first=$2 k=$3
	shift 3
	if ! "$bin" bench -quiet -first "$first" -realisations "$k" -json "$@" "$dir/$s" | tail -1 >>"$out"; then
		echo "develop.sh: $s failed" >&2
	fi
}
wanted() { [ -z "${SETS:-}" ] || [[ " $SETS " == *" $1 "* ]]; }
case $mode in
shared)
	for s in banana breast_cancer diabetis flare_solar german heart image ringnorm splice thyroid \
		titanic twonorm waveform wdbc moons hastie housevotes bupa pima \
		boston diabetes_reg friedman2_reg friedman3_reg iris wine glass cassini smiley; do
		wanted "$s" && run "$s" 11 10 "$@"
	done
	for s in digits dna satellite; do
		wanted "$s" && run "$s" 6 5 "$@"
	done
	;;
sets)
	for d in "$dir"/*/; do
		s=$(basename "$d")
		[ -f "$d/x.csv" ] && wanted "$s" || continue
		k=$(grep -c . "$d/train.csv")
		run "$s" 1 $((k < 10 ? k : 10)) "$@"
	done
	;;
*)
	echo "$usage" >&2
	exit 2
	;;
esac
echo "$(grep -c . "$out") sets written to $out" >&2
