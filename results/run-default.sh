#!/usr/bin/env bash
# Benchmarks the default method (auto) on every set of a benchmark folder, one fit at a time
# on one core (-workers 1, so that seconds per fit compare with the peers' one-core figures):
# the first 10 realisations of the two-class and regression sets, the first 5 of the
# multi-class sets. Usage: results/run-default.sh DATA_DIR [OUT_DIR]
set -euo pipefail
data=${1:?usage: results/run-default.sh DATA_DIR [OUT_DIR]}
out=${2:-results}
bin=$(mktemp -d)/sparsekernel
go build -o "$bin" ./cmd/sparsekernel
run() { # file K sets...
	local file=$1 k=$2
	shift 2
	: >"$out/$file"
	for s in "$@"; do
		"$bin" bench -workers 1 -realisations "$k" -json "$data/$s" >>"$out/$file"
	done
}
run auto-two-class.jsonl 10 banana breast_cancer diabetis flare_solar german heart image ringnorm splice \
	thyroid titanic twonorm waveform wdbc moons hastie housevotes
run auto-regression.jsonl 10 boston diabetes_reg friedman2_reg friedman3_reg
run auto-multi-class.jsonl 5 iris wine glass cassini smiley digits dna satellite letter
