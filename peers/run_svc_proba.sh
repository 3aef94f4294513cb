#!/bin/sh
# Reproduces peers/results/svc_proba.jsonl: svc.py --proba (grid-searched SVC, then Platt
# probabilities refitted at the chosen C, gamma) on the multi-class sets (first 5 realisations)
# and the two-class sets (first 10). dna, satellite and letter are run separately (see
# results/README.md). Benchmark, not a test: about an hour on one core.
# Usage: sh peers/run_svc_proba.sh [DATA_DIR]   (default /work/shared/data; run from the repository root)
set -e
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
D=${1:-/work/shared/data}
OUT=peers/results/svc_proba.jsonl
: > "$OUT"
for s in iris wine glass cassini smiley digits; do
  nice -n 10 /usr/bin/python3 peers/svc.py --proba -k 5 -o "$OUT" "$D/$s" > /dev/null
done
for s in banana breast_cancer diabetis flare_solar german heart image ringnorm splice thyroid titanic \
         twonorm waveform wdbc moons hastie housevotes; do
  nice -n 10 /usr/bin/python3 peers/svc.py --proba -k 10 -o "$OUT" "$D/$s" > /dev/null
done
