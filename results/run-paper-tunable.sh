#!/usr/bin/env bash
# Regenerates the papers' tunable-node results (pso and rwbs with -paper), 100 realisations.
# Usage: results/run-paper-tunable.sh DATA_DIR
set -euo pipefail
data=${1:?usage: results/run-paper-tunable.sh DATA_DIR}
bin=$(mktemp -d)/sparsekernel
go build -o "$bin" ./cmd/sparsekernel
sets="$data/ripley_synth $data/breast_cancer $data/diabetis $data/thyroid"
"$bin" bench -method pso -paper -json $sets >results/pso.jsonl
"$bin" bench -method pso -paper -json "$data/boston" >results/pso-boston.jsonl
"$bin" bench -method rwbs -paper -ps 21 -ng 11 -mi 200 -json "$data/boston" >results/rwbs-boston.jsonl
"$bin" bench -method rwbs -paper -ps 7 -ng 11 -mi 400 -json $sets >results/rwbs.jsonl
