#!/usr/bin/env bash
# Speed side by side, in one run: for each set, the scikit-learn SVC grid search (peers/svc.py,
# one core) and sparsekernel's default method (bench -workers 1) on the same K realisations,
# one after the other, then a table of seconds per fit and their ratio; the raw bench -json
# lines go to $OUT (a new temporary folder if unset). Needs Debian's python3-sklearn.
# Usage: [OUT=DIR] results/speed.sh DATA_DIR [K] [sets...]
set -euo pipefail
data=${1:?usage: results/speed.sh DATA_DIR [K] [sets...]}
k=${2:-3}
shift $(($# < 2 ? $# : 2))
sets=${*:-"banana breast_cancer diabetis flare_solar german heart image ringnorm splice thyroid titanic twonorm waveform wdbc moons hastie housevotes"}
bin=$(mktemp -d)/sparsekernel
go build -o "$bin" ./cmd/sparsekernel
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
for s in $sets; do
	: >"$out/svc-$s.jsonl" # peers/svc.py appends
	OMP_NUM_THREADS=1 /usr/bin/python3 peers/svc.py -q -k "$k" -o "$out/svc-$s.jsonl" "$data/$s" >/dev/null 2>&1
	"$bin" bench -workers 1 -realisations "$k" -quiet -json "$data/$s" >"$out/auto-$s.jsonl"
done
echo "raw output in $out" >&2
/usr/bin/python3 - "$out" $sets <<'PY'
import json, sys
out, sets = sys.argv[1], sys.argv[2:]
print(f"{'set':14s} {'SVC grid s/fit':>15s} {'auto s/fit':>11s} {'ratio':>7s}")
for s in sets:
    svc = json.loads(open(f"{out}/svc-{s}.jsonl").readline())
    auto = json.loads(open(f"{out}/auto-{s}.jsonl").readline())
    a, b = svc["fit_seconds_mean"], auto["fit_seconds_mean"]
    print(f"{s:14s} {a:15.3f} {b:11.3f} {a / b:7.1f}")
PY
