#!/usr/bin/env bash
# The default beside the SVC (SVR) grid on sets it was never developed on: the mlbench,
# kernlab and MASS sets of results/extra-sets.R (generated into DIR when missing; needs
# Debian's r-cran-mlbench, r-cran-kernlab, r-cran-mass and python3-sklearn), 10 realisations
# each, one core each, then a table of test error % (MSE for regression), sizes and the
# speed-up (the runs of results/speed.sh). Usage: results/run-extra.sh DIR [sets...]
set -euo pipefail
dir=${1:?usage: results/run-extra.sh DIR [sets...]}
shift
sets=${*:-"circle xor spirals threenorm ionosphere sonar pima2 spam musk promoters biopsy shapes vehicle vowel zoo crabs servo friedman1 peak mcycle cpus"}
[ -d "$dir/cpus" ] || Rscript "$(dirname "$0")/extra-sets.R" "$dir"
out=$(mktemp -d)
OUT=$out bash "$(dirname "$0")/speed.sh" "$dir" 10 $sets >/dev/null # the same runs, side by side
/usr/bin/python3 - "$out" $sets <<'PY'
import json, sys
out, sets = sys.argv[1], sys.argv[2:]
print(f"{'set':11s} {'auto: error (nodes)':>26s} {'SVC/SVR grid: error (SVs)':>28s} {'within 1 sd':>11s} {'speed-up':>8s}")
for s in sets:
    a = json.loads(open(f"{out}/auto-{s}.jsonl").readline())
    v = json.loads(open(f"{out}/svc-{s}.jsonl").readline())
    ok = a["test_error_mean"] <= v["test_error_mean"] + v["test_error_std"]
    print(f"{s:11s} {a['test_error_mean']:9.4g} ± {a['test_error_std']:<7.3g} ({a['size_mean']:5.1f}) "
          f"{v['test_error_mean']:9.4g} ± {v['test_error_std']:<7.3g} ({v['size_mean']:7.1f}) "
          f"{'yes' if ok else 'no':>11s} {v['fit_seconds_mean'] / a['fit_seconds_mean']:8.1f}")
PY
