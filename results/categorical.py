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

args = sys.argv[1:]
svc = "--svc" in args
args = [a for a in args if a != "--svc"]
binary = "sparsekernel"
if "--bin" in args:
    i = args.index("--bin")
    binary = args[i + 1]
    del args[i:i + 2]
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


def split(y, k, reg):
    rng = np.random.default_rng(k)
    test = []
    groups = [np.arange(len(y))] if reg else [np.flatnonzero(y == c) for c in sorted(set(y))]
    for g in groups:
        g = rng.permutation(g)
        test.extend(g[:int(round(0.3 * len(g)))])
    test = np.array(sorted(test))
    return np.setdiff1d(np.arange(len(y)), test), test


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
    from sklearn.model_selection import GridSearchCV, KFold, StratifiedKFold
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler
    from sklearn.svm import SVC, SVR
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
    grid = {"svc__C": 2.0 ** np.arange(-3, 13, 2), "svc__gamma": 2.0 ** np.arange(-13, 3, 2)}
    if reg:
        t = y.astype(float)
        mu, sd = t[a].mean(), t[a].std()
        grid = {k.replace("svc", "svr"): v for k, v in grid.items()}
        g = GridSearchCV(make_pipeline(prep, SVR(epsilon=0.1)), grid, cv=KFold(5, shuffle=True, random_state=k),
                         scoring="neg_mean_squared_error")
        g.fit(X[a], (t[a] - mu) / sd)
        p = g.predict(X[b]) * sd + mu
        return ["%.4g" % np.mean((p - t[b]) ** 2), str(len(g.best_estimator_[-1].support_))]
    g = GridSearchCV(make_pipeline(prep, SVC()), grid, cv=StratifiedKFold(5, shuffle=True, random_state=k))
    g.fit(X[a], y[a])
    return ["%.2f" % (100 * np.mean(g.predict(X[b]) != y[b])), str(len(g.best_estimator_[-1].support_))]


with tempfile.TemporaryDirectory() as tmp:
    for path in args:
        name = os.path.basename(path)[:-4]
        header, rows, text = read(path)
        reg = name in REGRESSION
        for k in range(1, 11):
            line = peer(rows, text, k, reg) if svc else ours(path, header, rows, text, k, reg, tmp)
            print("\t".join([name, str(k)] + line), flush=True)
