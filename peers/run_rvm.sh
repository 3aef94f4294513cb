#!/bin/sh
# Reproduces peers/results/rvm.jsonl: rvm.py (relevance vector machine after Tipping, 2001) on the
# two-class sets and the regression sets, first 10 realisations each. Benchmark, not a test:
# about 15 minutes on one core.
# Usage: sh peers/run_rvm.sh [DATA_DIR]   (default /work/shared/data; run from the repository root)
set -e
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
D=${1:-/work/shared/data}
OUT=peers/results/rvm.jsonl
: > "$OUT"
for s in banana breast_cancer diabetis flare_solar german heart image ringnorm splice thyroid titanic \
         twonorm waveform wdbc moons hastie housevotes boston diabetes_reg friedman2_reg friedman3_reg; do
  nice -n 10 /usr/bin/python3 peers/rvm.py -k 10 -o "$OUT" "$D/$s" > /dev/null
done
