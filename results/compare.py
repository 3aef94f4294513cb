#!/usr/bin/env python3
"""Two runs of bench -json side by side, set by set: test error (MSE for a regression), nodes and
test log-loss, which sets got better or worse, and the geometric means of the ratios over the
sets both runs hold (sets of zero error left out of the error's mean). A change is a rule when
it wins on most sets of both the development runs and the sets never used, not on a few.

Usage: results/compare.py BEFORE.jsonl AFTER.jsonl
(results/develop.sh writes such files; so do results/run-default.sh and bench -json.)
"""
import json
import math
import sys


def load(path):
    runs = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                run = json.loads(line)
                runs[run["dataset"]] = run
    return runs


def geo(ratios):
    return math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else float("nan")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    a, b = load(sys.argv[1]), load(sys.argv[2])
    common = [s for s in a if s in b]
    if not common:
        sys.exit("compare.py: the two files have no set in common")
    err, nodes, ll = [], [], []
    counts = {"error": [0, 0], "log-loss": [0, 0]}
    print(f"{'set':16s} {'error before -> after':>26s} {'nodes':>16s} {'log-loss':>20s}")
    for s in common:
        ea, eb = a[s]["test_error_mean"], b[s]["test_error_mean"]
        na, nb = a[s]["size_mean"], b[s]["size_mean"]
        la, lb = a[s].get("test_logloss_mean"), b[s].get("test_logloss_mean")
        marks = []
        if ea > 0 and eb > 0:
            err.append(eb / ea)
        if na > 0 and nb > 0:
            nodes.append(nb / na)
        if abs(eb - ea) > 1e-9 * max(abs(ea), 1):
            better = eb < ea
            counts["error"][0 if better else 1] += 1
            marks.append("better" if better else "WORSE")
        lls = ""
        if la is not None and lb is not None:
            ll.append(lb / la)
            lls = f"{la:8.4f} -> {lb:8.4f}"
            if abs(lb - la) > 1e-4:
                better = lb < la
                counts["log-loss"][0 if better else 1] += 1
                marks.append("ll-better" if better else "ll-WORSE")
        print(f"{s:16s} {ea:11.5g} -> {eb:11.5g} {na:6.1f} -> {nb:6.1f} {lls:>20s} {' '.join(marks)}")
    only = sorted(set(a) ^ set(b))
    if only:
        print("in one file only:", " ".join(only))
    print(f"{len(common)} sets: error x{geo(err):.4f} (better {counts['error'][0]}, worse {counts['error'][1]}), "
          f"nodes x{geo(nodes):.3f}, log-loss x{geo(ll):.4f} (better {counts['log-loss'][0]}, worse {counts['log-loss'][1]})")


if __name__ == "__main__":
    main()
