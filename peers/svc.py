#!/usr/bin/python3
"""Peer benchmark: scikit-learn SVC / SVR (RBF kernel) with a cross-validated grid search.

This is a BENCHMARK, never a test: it prints numbers to compare sparsekernel with, it asserts
nothing. Run it with Debian's python (/usr/bin/python3, package python3-sklearn).

For each data folder (the format of /work/shared/data: x.csv, y.csv, train.csv, test.csv, where
line k of train.csv / test.csv is realisation k as 0-based row indices) and each of the first K
realisations:

  * features are standardised with the mean and standard deviation of the training split only
    (a StandardScaler inside the pipeline, so inside the grid search each CV fold is scaled by
    its own fitting part, and the final model by the whole training split);
  * classification (labels +1/-1): SVC(kernel="rbf") with a grid over
        C     in 2^{-2, 0, 2, ..., 12}   (8 values)
        gamma in 2^{-12, -10, ..., 2}    (8 values)
    chosen by 5-fold CV accuracy with StratifiedKFold(shuffle=True, random_state=k);
  * regression (any other labels, e.g. boston): SVR(kernel="rbf") with the same C and gamma
    grid times epsilon in {0.1, 0.5, 1, 2} (in the units of y, which is not rescaled), chosen by
    5-fold CV mean squared error with KFold(shuffle=True, random_state=k);
  * the best setting (ties: the first in grid order, GridSearchCV's rule) is refitted on the whole
    training split and measured on the test split: test error in percent misclassified
    (classification) or test MSE (regression), and the number of support vectors.

Output: one JSON line per folder, with the keys of `sparsekernel bench -json` (dataset, method,
task, realisations, test_error_mean, test_error_std (sample std, n-1), size_mean, size_std
(support vectors), evaluations_mean (SVM fits per realisation), fit_seconds_mean, wall_seconds)
and per_realisation (index, test_error, size, seconds, C, gamma, epsilon).

Usage:
  nice -n 10 /usr/bin/python3 peers/svc.py [-k K] [-o OUT.jsonl] FOLDER [FOLDER ...]
"""

import argparse
import json
import math
import os
import sys
import time

import numpy as np
import sklearn
from sklearn.model_selection import GridSearchCV, KFold, StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC, SVR

C_GRID = [2.0 ** e for e in range(-2, 13, 2)]       # 2^-2 .. 2^12, 8 values
GAMMA_GRID = [2.0 ** e for e in range(-12, 3, 2)]   # 2^-12 .. 2^2, 8 values
EPS_GRID = [0.1, 0.5, 1.0, 2.0]
FOLDS = 5


def read_matrix(path):
    return np.loadtxt(path, delimiter=",", ndmin=2)


def read_lines(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                out.append(np.array([int(v) for v in line.split(",")], dtype=np.int64))
    return out


def mean_std(v):
    n = len(v)
    m = sum(v) / n
    if n < 2:
        return m, 0.0
    return m, math.sqrt(sum((x - m) ** 2 for x in v) / (n - 1))


def is_classification(y):
    vals = set(np.unique(y).tolist())
    return vals <= {-1.0, 1.0}


def one(x, y, tr, te, k, classify):
    t0 = time.perf_counter()
    if classify:
        est = SVC(kernel="rbf", cache_size=500)
        grid = {"svm__C": C_GRID, "svm__gamma": GAMMA_GRID}
        cv = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=k)
        scoring = "accuracy"
    else:
        est = SVR(kernel="rbf", cache_size=500)
        grid = {"svm__C": C_GRID, "svm__gamma": GAMMA_GRID, "svm__epsilon": EPS_GRID}
        cv = KFold(n_splits=FOLDS, shuffle=True, random_state=k)
        scoring = "neg_mean_squared_error"
    pipe = Pipeline([("scale", StandardScaler()), ("svm", est)])
    gs = GridSearchCV(pipe, grid, scoring=scoring, cv=cv, refit=True, n_jobs=1, error_score="raise")
    gs.fit(x[tr], y[tr])
    pred = gs.predict(x[te])
    secs = time.perf_counter() - t0
    if classify:
        err = 100.0 * float(np.mean(pred != y[te]))
    else:
        err = float(np.mean((pred - y[te]) ** 2))
    svm = gs.best_estimator_.named_steps["svm"]
    n_fits = len(gs.cv_results_["params"]) * FOLDS + 1
    rec = {
        "index": k,
        "test_error": err,
        "size": int(svm.support_.shape[0]),
        "evaluations": n_fits,
        "seconds": secs,
        "C": gs.best_params_["svm__C"],
        "gamma": gs.best_params_["svm__gamma"],
    }
    if not classify:
        rec["epsilon"] = gs.best_params_["svm__epsilon"]
    return rec


def run(folder, K, progress=True):
    start = time.perf_counter()
    x = read_matrix(os.path.join(folder, "x.csv"))
    y = np.loadtxt(os.path.join(folder, "y.csv"), ndmin=1)
    trains = read_lines(os.path.join(folder, "train.csv"))
    tests = read_lines(os.path.join(folder, "test.csv"))
    if len(trains) != len(tests) or not trains:
        raise SystemExit(f"{folder}: train.csv / test.csv missing, empty or of different lengths")
    total = len(trains) if K <= 0 else min(K, len(trains))
    classify = is_classification(y)
    per = []
    for k in range(total):
        per.append(one(x, y, trains[k], tests[k], k, classify))
        if progress:
            r = per[-1]
            print(f"{os.path.basename(folder)} {k + 1}/{total} err={r['test_error']:.4g} "
                  f"sv={r['size']} C={r['C']:g} gamma={r['gamma']:g} "
                  f"{'eps=%g ' % r['epsilon'] if 'epsilon' in r else ''}t={r['seconds']:.2f}s",
                  file=sys.stderr, flush=True)
    em, es = mean_std([r["test_error"] for r in per])
    sm, ss = mean_std([float(r["size"]) for r in per])
    fm, _ = mean_std([r["seconds"] for r in per])
    return {
        "dataset": os.path.basename(os.path.normpath(folder)),
        "method": "svc-grid" if classify else "svr-grid",
        "task": "classification" if classify else "regression",
        "realisations": total,
        "test_error_mean": em,
        "test_error_std": es,
        "size_mean": sm,
        "size_std": ss,
        "evaluations_mean": float(per[0]["evaluations"]),
        "fit_seconds_mean": fm,
        "wall_seconds": time.perf_counter() - start,
        "sklearn_version": sklearn.__version__,
        "per_realisation": per,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+", help="data folders (x.csv, y.csv, train.csv, test.csv)")
    ap.add_argument("-k", type=int, default=0, help="first K realisations (0: all)")
    ap.add_argument("-o", "--out", help="append the JSON lines to this file as well")
    ap.add_argument("-q", "--quiet", action="store_true", help="no per-realisation progress on stderr")
    a = ap.parse_args()
    for folder in a.folders:
        res = run(folder, a.k, progress=not a.quiet)
        line = json.dumps(res)
        print(line, flush=True)
        if a.out:
            with open(a.out, "a") as f:
                f.write(line + "\n")


if __name__ == "__main__":
    main()
