#!/usr/bin/env python3
"""Prints the README's results tables (Markdown) from bench -json files and the peers' figures.

Usage: results/tables.py PEERS_DIR [-p PEER.jsonl]... [-c | -l] RESULT.jsonl...
PEERS_DIR holds two_class.tsv, multi_class.tsv and regression.tsv (set, peer, realisations, mean,
std, size, seconds per fit): the SVC grid, the relevance vector machine and the SVR grid on the
same splits; -p adds or replaces peers' figures from their JSON lines (peers/results/*.jsonl). The verdict columns apply these targets: test error at most the better peer's mean
plus that peer's standard deviation; size at most the RVM's; size at most a fifth of the SVC's
support vectors. With -c, one table compares the methods of the result files side by side (the
first method is the reference): each row gives every method's error and size, the better peer,
and for each other method whether its error is within one standard deviation of the reference's
and its size at most half the reference's. With -l, one table per method gives the test log-loss
beside the SVC's with Platt probabilities (peers' JSON lines that carry test_logloss_mean).
"""
import json
import os
import sys


def peers(path):
    out = {}
    if not os.path.exists(path):
        return out
    for line in open(path).read().splitlines()[1:]:
        f = line.split("\t")
        out.setdefault(f[0], {})[f[1]] = dict(err=float(f[3]), sd=float(f[4]), size=float(f[5]), t=float(f[6]))
    return out


def fmt(v, ref=None):
    ref = v if ref is None else ref
    return f"{v:.4g}" if ref < 1 else f"{v:.2f}" if ref < 1000 else f"{v:.0f}"


def main():
    pdir, args = sys.argv[1], sys.argv[2:]
    tables = {t: peers(os.path.join(pdir, f"{t}.tsv")) for t in ("two_class", "multi_class", "regression")}
    files, compare = [], False
    while args:
        a = args.pop(0)
        if a == "-c":
            compare = True
            continue
        if a == "-l":
            compare = "logloss"
            continue
        if a == "-p":
            for line in open(args.pop(0)):
                o = json.loads(line)
                kind = "regression" if o["task"] == "regression" else "two_class"
                if kind == "two_class" and (o["dataset"] in tables["multi_class"] or o.get("classes", 2) > 2):
                    kind = "multi_class"
                tables[kind].setdefault(o["dataset"], {})[o["method"]] = dict(
                    err=o["test_error_mean"], sd=o["test_error_std"], size=o["size_mean"], t=o["fit_seconds_mean"],
                    ll=o.get("test_logloss_mean"), n=o["realisations"])
            continue
        files.append(a)
    rows = {}
    for f in files:
        for line in open(f):
            o = json.loads(line)
            rows.setdefault(o["method"], []).append(o)
    if compare == "logloss":
        return logloss(rows, tables)
    if compare:
        return side_by_side(rows, tables)
    for method, results in rows.items():
        print(f"\n**{method}**\n")
        print("| set | task | ours: error (nodes) | SVC grid: error (SVs) | RVM: error (nodes) | target error | error | size <= RVM | size <= SVs/5 |")
        print("|---|---|---|---|---|---|---|---|---|")
        counts = [0, 0, 0, 0, 0]
        for o in results:
            s, task = o["dataset"], o["task"]
            kind = "regression" if task == "regression" else "two_class"
            if kind == "two_class" and (o.get("classes", 2) > 2 or s not in tables["two_class"] and s in tables["multi_class"]):
                kind = "multi_class"
            p = tables[kind].get(s, {})
            svc = p.get("svc-grid") or p.get("svr-grid")
            rvm = p.get("rvm-tipping")
            e, sd, z = o["test_error_mean"], o["test_error_std"], o["size_mean"]
            cand = [x for x in (svc, rvm) if x]
            best = min(cand, key=lambda x: x["err"]) if cand else None
            tgt = best["err"] + best["sd"] if best else None
            ok = [tgt is not None and e <= tgt, rvm is not None and z <= rvm["size"], svc is not None and z <= svc["size"] / 5]
            counts[0] += 1
            for i, v in enumerate(ok):
                counts[i + 1] += v
            counts[4] += tgt is not None
            peer = lambda x: f"{fmt(x['err'])} ± {fmt(x['sd'], x['err'])} ({x['size']:.0f})" if x else "-"
            mark = lambda b, have: ("yes" if b else "**no**") if have else "-"
            label = {"two_class": "2 classes", "multi_class": "classes", "regression": "regression"}[kind]
            print(f"| {s} | {label} | {fmt(e)} ± {fmt(sd, e)} ({z:.1f}) | {peer(svc)} | {peer(rvm)} | "
                  f"{fmt(tgt) if tgt is not None else '-'} | {mark(ok[0], tgt is not None)} | {mark(ok[1], rvm is not None)} | {mark(ok[2], svc is not None)} |")
        print(f"\nerror target met on {counts[1]} of {counts[4]} sets with a peer; size at most the RVM's on {counts[2]}; at most SVs/5 on {counts[3]}.")



def side_by_side(rows, tables):
    """Prints the methods' results per set beside the better peer (see the module's doc)."""
    methods = list(rows)
    ref, others = methods[0], methods[1:]
    by = {m: {o["dataset"]: o for o in rows[m]} for m in methods}
    cell = lambda o: f"{fmt(o['test_error_mean'])} ± {fmt(o['test_error_std'], o['test_error_mean'])} ({o['size_mean']:.1f})"
    head = " | ".join(methods)
    verdicts = " | ".join(f"{m} within 1 sd of {ref}, at most half its nodes" for m in others)
    print(f"| set | {head} | better peer: error (size) | {verdicts} |")
    print("|---" * (2 + len(methods) + len(others)) + "|")
    counts = {m: [0, 0, 0] for m in others}
    for s, r in by[ref].items():
        p = {}
        for kind in ("two_class", "multi_class", "regression"):
            p = tables[kind].get(s) or p
        cand = [x for x in p.values() if x]
        best = min(cand, key=lambda x: x["err"]) if cand else None
        bp = f"{fmt(best['err'])} ± {fmt(best['sd'], best['err'])} ({best['size']:.0f})" if best else "-"
        cells, marks = [], []
        for m in methods:
            o = by[m].get(s)
            cells.append(cell(o) if o else "-")
        for m in others:
            o = by[m].get(s)
            if not o:
                marks.append("-")
                continue
            ok1 = o["test_error_mean"] <= r["test_error_mean"] + r["test_error_std"]
            ok2 = o["size_mean"] <= r["size_mean"] / 2
            counts[m][0] += 1
            counts[m][1] += ok1
            counts[m][2] += ok2
            marks.append(", ".join("yes" if b else "**no**" for b in (ok1, ok2)))
        print(f"| {s} | {' | '.join(cells)} | {bp} | {' | '.join(marks)} |")
    for m, (n, a, b) in counts.items():
        print(f"\n{m}: within one standard deviation of {ref} on {a} of {n} sets; at most half its nodes on {b}.")



def logloss(rows, tables):
    """Prints each method's test log-loss beside the SVC's Platt probabilities (see the doc)."""
    for method, results in rows.items():
        print(f"| set | classes | {method}: log-loss | SVC grid, Platt: log-loss (realisations) | at most the SVC's |")
        print("|---|---|---|---|---|")
        n = met = 0
        for o in results:
            s = o["dataset"]
            svc = None
            for kind in ("two_class", "multi_class"):
                svc = tables[kind].get(s, {}).get("svc-grid") or svc
            ours = o.get("test_logloss_mean")
            theirs = svc.get("ll") if svc else None
            ok = ours is not None and theirs is not None and ours <= theirs
            n += theirs is not None and ours is not None
            met += ok
            mark = ("yes" if ok else "**no**") if theirs is not None and ours is not None else "-"
            f = lambda v: f"{v:.4f}" if v is not None else "-"
            print(f"| {s} | {o.get('classes', '-')} | {f(ours)} | {f(theirs)} ({svc['n'] if svc and 'n' in svc else '-'}) | {mark} |")
        print(f"\nlog-loss at most the SVC's on {met} of {n} sets.")


main()
