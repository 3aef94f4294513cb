#!/bin/sh
# Reproduces peers/results/svc_proba_large.jsonl: svc.py --proba --cv-table on the larger
# multi-class sets: dna and satellite (first 5 realisations, full 8 x 8 grid), letter (realisation 1,
# the standard 16,000 / 4,000 split, full grid). Benchmark, not a test: about two hours on one core
# (letter alone about one hour). See results/README.md for what else was run on letter.
# Usage: sh peers/run_svc_large.sh [DATA_DIR]   (default /work/shared/data; run from the repository root)
set -e
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
D=${1:-/work/shared/data}
OUT=peers/results/svc_proba_large.jsonl
: > "$OUT"
for s in dna satellite; do
  nice -n 10 /usr/bin/python3 peers/svc.py --proba --cv-table -k 5 -o "$OUT" "$D/$s" > /dev/null
done
nice -n 10 /usr/bin/python3 peers/svc.py --proba --cv-table -k 1 -o "$OUT" "$D/letter" > /dev/null
