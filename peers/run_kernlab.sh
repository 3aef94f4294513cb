#!/bin/sh
# Reproduces peers/results/kernlab.jsonl (kernlab lssvm for the two-class sets, rvm for boston;
# K = 100 realisations each, ripley_synth has 1). Benchmark, not a test.
# Usage: sh peers/run_kernlab.sh [DATA_DIR]   (default /work/shared/data; run from the repository root)
set -e
# one thread: R may link a threaded BLAS (OpenBLAS); the other peers run single-threaded too
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
D=${1:-/work/shared/data}
OUT=peers/results/kernlab.jsonl
: > "$OUT"
for s in ripley_synth heart breast_cancer thyroid titanic bupa diabetis pima banana waveform flare_solar german boston; do
  nice -n 10 Rscript peers/rvm_lssvm.R -k 100 -o "$OUT" "$D/$s" > /dev/null
done
