#!/bin/sh
# Reproduces peers/results/svc.jsonl (sklearn SVC/SVR grid search, K = 100 realisations each;
# ripley_synth has 1). Benchmark, not a test: about an hour of CPU on one core.
# Usage: sh peers/run_svc.sh [DATA_DIR]   (default /work/shared/data; run from the repository root)
set -e
# one thread for numpy's BLAS (libsvm itself is single-threaded)
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
D=${1:-/work/shared/data}
OUT=peers/results/svc.jsonl
: > "$OUT"
for s in ripley_synth heart breast_cancer thyroid titanic bupa diabetis pima banana waveform flare_solar german boston; do
  nice -n 10 /usr/bin/python3 peers/svc.py -k 100 -o "$OUT" "$D/$s" > /dev/null
done
