#!/usr/bin/env bash
# Benchmarks the tunable-node methods (pso, rwbs: default settings) on the two-class and
# regression sets, first 10 realisations, one fit at a time on one core.
# Usage: results/run-tunable.sh DATA_DIR [OUT_DIR]
set -euo pipefail
data=${1:?usage: results/run-tunable.sh DATA_DIR [OUT_DIR]}
out=${2:-results}
bin=$(mktemp -d)/sparsekernel
go build -o "$bin" ./cmd/sparsekernel
for meth in pso rwbs; do
	: >"$out/$meth-default.jsonl"
	for s in banana breast_cancer diabetis flare_solar german heart image ringnorm splice thyroid titanic \
		twonorm waveform wdbc moons hastie housevotes boston diabetes_reg friedman2_reg friedman3_reg; do
		"$bin" bench -method $meth -workers 1 -realisations 10 -json "$data/$s" >>"$out/$meth-default.jsonl"
	done
done
