"""Measures missing values filled with the training medians (sparsekernel -missing median)
on data sets that have them (results/missing-sets.R writes them), on 10 random 70/30 splits
(stratified for classes; split k drawn with seed k): the test error (MSE for a regression) of
the default with -missing median on all test rows, and on the complete test rows beside the
default trained on the complete training rows only (what could be done without filling);
with --svc, scikit-learn's SVC (SVR) after SimpleImputer(strategy="median") and
StandardScaler, its 8 x 8 grid of C and gamma chosen by shuffled (stratified) 5-fold
cross-validation, on all test rows of the same splits; with --complete-case, the default
trained on the complete training rows alone with -missing median (so that it fills the test
rows' missing values with those rows' medians), on all test rows. Writes one line a split: set,
split, then the three figures (or the SVC's, or the complete-case model's), and the default's
nodes with -missing median.
Usage: /usr/bin/python3 results/missing-values.py [--svc|--complete-case] [--bin sparsekernel] FILE.csv...
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

from holdout import options, split, svm_grid

switches, binary, args = options({"--svc", "--complete-case"})
svc, complete_case = "--svc" in switches, "--complete-case" in switches


def read(path):
    lines = open(path).read().splitlines()
    rows = [l.split(",") for l in lines[1:] if l.strip()]
    X = np.array([[np.nan if v == "NA" else float(v) for v in r[:-1]] for r in rows])
    y = np.array([r[-1] for r in rows])
    return lines[0], lines[1:], X, y


def regression(y):
    try:
        v = y.astype(float)
    except ValueError:
        return False
    return len(set(v)) > 30


def ours(header, lines, X, k, reg, tmp):
    y = np.array([l.split(",")[-1] for l in lines])
    a, b = split(y, k, reg)
    ok = ~np.isnan(X).any(axis=1)
    files = {}
    for name, idx in (("train", a), ("test", b), ("train_cc", a[ok[a]]), ("test_cc", b[ok[b]])):
        f = os.path.join(tmp, name + ".csv")
        with open(f, "w") as out:
            out.write(header + "\n")
            out.writelines(lines[i] + "\n" for i in idx)
        files[name] = f
    pattern = r"test MSE: ([\d.e+-]+)" if reg else r"test error: ([\d.]+)%"
    task = ["-task", "regression"] if reg else []
    res = []
    runs = ((["-missing", "median"], "train", "test"), (["-missing", "median"], "train", "test_cc"),
            ([], "train_cc", "test_cc"))
    if complete_case:
        runs = ((["-missing", "median"], "train_cc", "test"),)
    for flags, tr, te in runs:
        r = subprocess.run([binary, "eval", "-quiet"] + task + flags + [files[tr], files[te]],
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(r.stderr)
        res.append(re.search(pattern, r.stdout).group(1))
        if len(res) == 1:
            nodes = re.search(r": (\d+) nodes?,", r.stdout).group(1)
    return res + [nodes]


def peer(X, y, k, reg):
    from sklearn.impute import SimpleImputer
    from sklearn.preprocessing import StandardScaler
    a, b = split(y, k, reg)
    figure, _ = svm_grid([SimpleImputer(strategy="median"), StandardScaler()], X, y, a, b, k, reg)
    return [figure]


with tempfile.TemporaryDirectory() as tmp:
    for path in args:
        header, lines, X, y = read(path)
        reg = regression(y)
        for k in range(1, 11):
            line = peer(X, y, k, reg) if svc else ours(header, lines, X, k, reg, tmp)
            print("\t".join([os.path.basename(path)[:-4], str(k)] + line), flush=True)
