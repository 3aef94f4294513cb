"""Measures categorical inputs (text columns read as categories, one 0/1 input each) on data
sets that have them (results/categorical-sets.R writes them), on 10 random 70/30 splits
(stratified for classes; split k drawn with seed k). Writes one line a split: set, split, the
default's test error (MSE for a regression) and nodes, then the default's with the text
columns left out (-drop: what could be done without them), then with --svc scikit-learn's
SVC (SVR) after one-hot encoding the text columns (OneHotEncoder, unknown categories
ignored) and standardising the numbers (missing values: the median of a number, the most
frequent category), its 8 x 8 grid of C and gamma chosen by shuffled (stratified) 5-fold
cross-validation, and its support vectors. A set whose file has NA is run with -missing
median; esoph and solder, whose targets are counts, with -task regression.
Usage: /usr/bin/python3 results/categorical.py [--svc] [--bin sparsekernel] FILE.csv...
"""
import csv
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

from holdout import options, split, svm_grid

switches, binary, args = options({"--svc"})
svc = "--svc" in switches
REGRESSION = {"esoph", "solder", "toothgrowth", "warpbreaks"}


def number(v):
    try:
        float(v)
        return True
    except ValueError:
        return False


def read(path):
    rows = list(csv.reader(open(path)))
    header, rows = rows[0], [r for r in rows[1:] if r]
    cols = list(zip(*[r[:-1] for r in rows]))
    text = [any(v != "NA" and not number(v) for v in c) for c in cols]
    return header, rows, text


def ours(path, header, rows, text, k, reg, tmp):
    y = np.array([r[-1] for r in rows])
    a, b = split(y, k, reg)
    files = {}
    for name, idx in (("train", a), ("test", b)):
        f = os.path.join(tmp, name + ".csv")
        with open(f, "w", newline="") as out:
            w = csv.writer(out)
            w.writerow(header)
            w.writerows(rows[i] for i in idx)
        files[name] = f
    flags = ["-task", "regression"] if reg else []
    if any("NA" in r for r in rows):
        flags += ["-missing", "median"]
    drop = ",".join(str(j + 1) for j, t in enumerate(text) if t)
    pattern = r"test MSE: ([\d.e+-]+)" if reg else r"test error: ([\d.]+)%"
    res = []
    for extra in ([], ["-categorical", "none", "-drop", drop]):
        if extra and all(text):  # (every feature is text: nothing is left)
            res += ["-", "-"]
            continue
        r = subprocess.run([binary, "eval", "-quiet"] + flags + extra + [files["train"], files["test"]],
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(r.stderr)
        res += [re.search(pattern, r.stdout).group(1), re.search(r": (\d+) nodes?,", r.stdout).group(1)]
    return res


def peer(rows, text, k, reg):
    from sklearn.compose import ColumnTransformer
    from sklearn.impute import SimpleImputer
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    y = np.array([r[-1] for r in rows])
    a, b = split(y, k, reg)
    X = np.array([r[:-1] for r in rows], dtype=object)
    cat = [j for j, t in enumerate(text) if t]
    num = [j for j, t in enumerate(text) if not t]
    for j in num:
        X[:, j] = [np.nan if v == "NA" else float(v) for v in X[:, j]]
    for j in cat:
        X[:, j] = [np.nan if v == "NA" else v for v in X[:, j]]
    prep = ColumnTransformer([
        ("num", make_pipeline(SimpleImputer(strategy="median"), StandardScaler()), num),
        ("cat", make_pipeline(SimpleImputer(strategy="most_frequent"), OneHotEncoder(handle_unknown="ignore")), cat)])
    figure, svs = svm_grid([prep], X, y, a, b, k, reg)
    return [figure, str(svs)]


with tempfile.TemporaryDirectory() as tmp:
    for path in args:
        name = os.path.basename(path)[:-4]
        header, rows, text = read(path)
        reg = name in REGRESSION
        for k in range(1, 11):
            line = peer(rows, text, k, reg) if svc else ours(path, header, rows, text, k, reg, tmp)
            print("\t".join([name, str(k)] + line), flush=True)
