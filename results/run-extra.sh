#!/usr/bin/env bash
# The default beside the SVC (SVR) grid and a relevance vector machine (peers/rvm.py; two
# classes and regression, "-" for several classes) on sets it was never developed on: the
# mlbench, kernlab and MASS sets of results/extra-sets.R (generated into DIR when missing;
# needs Debian's r-cran-mlbench, r-cran-kernlab, r-cran-mass and python3-sklearn), 10
# realisations each, one core each, then a table of test error % (MSE for regression), sizes
# and the speed-up over the SVC grid (the runs of results/speed.sh); the raw output goes to
# $OUT (a new temporary folder if unset). The RVM starts from every training point: spam's
# 3,220 took it more than 90 minutes (not finished), so each set's RVM run is stopped after
# $RVM_SECONDS (default 3600) and shown as "-". Usage: [OUT=DIR] results/run-extra.sh DIR [sets...]
set -euo pipefail
dir=${1:?usage: results/run-extra.sh DIR [sets...]}
shift
sets=${*:-"circle xor spirals threenorm ionosphere sonar pima2 spam musk promoters biopsy shapes vehicle vowel zoo crabs servo friedman1 peak mcycle cpus"}
[ -d "$dir/cpus" ] || Rscript "$(dirname "$0")/extra-sets.R" "$dir"
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
OUT=$out bash "$(dirname "$0")/speed.sh" "$dir" 10 $sets >/dev/null # the same runs, side by side
for s in $sets; do # the RVM refuses several classes (rvm.py exits non-zero): no file, "-"
	rm -f "$out/rvm-$s.jsonl"
	OMP_NUM_THREADS=1 timeout "${RVM_SECONDS:-3600}" /usr/bin/python3 "$(dirname "$0")/../peers/rvm.py" -q -k 10 -o "$out/rvm-$s.jsonl" "$dir/$s" >/dev/null 2>&1 || rm -f "$out/rvm-$s.jsonl"
done
/usr/bin/python3 - "$out" $sets <<'PY'
import json, os, sys
out, sets = sys.argv[1], sys.argv[2:]


def load(peer, s):
    path = f"{out}/{peer}-{s}.jsonl"
    return json.loads(open(path).readline()) if os.path.exists(path) else None


def cell(d, size_width=5):
    """error ± sd (size), or "-" when the peer did not run."""
    if d is None:
        return "-"
    return f"{d['test_error_mean']:9.4g} ± {d['test_error_std']:<7.3g} ({d['size_mean']:{size_width}.1f})"


print(f"{'set':11s} {'auto: error (nodes)':>26s} {'SVC/SVR grid: error (SVs)':>28s} {'RVM: error (nodes)':>26s} "
      f"{'within 1 sd of the better':>25s} {'speed-up':>8s}")
for s in sets:
    a, v, r = load("auto", s), load("svc", s), load("rvm", s)
    p = min((q for q in (v, r) if q), key=lambda q: q["test_error_mean"])
    ok = a["test_error_mean"] <= p["test_error_mean"] + p["test_error_std"]
    print(f"{s:11s} {cell(a)} {cell(v, 7)} {cell(r):>26s} "
          f"{'yes' if ok else 'no':>25s} {v['fit_seconds_mean'] / a['fit_seconds_mean']:8.1f}")
PY
