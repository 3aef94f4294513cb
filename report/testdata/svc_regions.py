#!/usr/bin/python3
"""Fit an RBF SVC on 2-D training data and write what `sparsekernel report -regions` needs to
draw its decision regions and support vectors: the scaler, the support vectors, their dual
coefficients, the intercept and gamma, plus a few of sklearn's own decision values so that
the report can check that it evaluates the model as sklearn does.

    /usr/bin/python3 report/testdata/svc_regions.py [-k K] [-o svc.json] DATA

DATA is a CSV file (features, then the label in the last column; an optional header line) or
a benchmark folder (x.csv, y.csv, train.csv), of which realisation K's training split is used
(0-based, default 0). The protocol is that of peers/svc.py: standardised inputs, grid
C in 2^-2, 2^0, ..., 2^12 x gamma in 2^-12, 2^-10, ..., 2^2, 5-fold StratifiedKFold(shuffle=True,
random_state=K) on accuracy, refit on the whole training split.
"""
import argparse
import csv
import json
import os
import sys

import numpy as np
import sklearn
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC


def read_csv(path):
    rows = list(csv.reader(open(path, newline="")))
    rows = [r for r in rows if r]
    try:
        float(rows[0][0])
    except ValueError:
        rows = rows[1:]  # header
    x = np.array([[float(v) for v in r[:-1]] for r in rows])
    y = np.array([r[-1].strip() for r in rows])
    return x, y


def read_folder(path, k):
    x = np.loadtxt(os.path.join(path, "x.csv"), delimiter=",", ndmin=2)
    y = np.array([l.strip() for l in open(os.path.join(path, "y.csv")) if l.strip()])
    lines = [l for l in open(os.path.join(path, "train.csv")) if l.strip()]
    idx = [int(v) for v in lines[k].split(",")]
    return x[idx], y[idx]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-k", type=int, default=0, help="realisation of a benchmark folder (0-based)")
    ap.add_argument("-o", default="-", help="output file (default: stdout)")
    ap.add_argument("data")
    a = ap.parse_args()
    if os.path.isdir(a.data):
        x, y = read_folder(a.data, a.k)
    else:
        x, y = read_csv(a.data)
    if x.shape[1] != 2 or len(set(y)) != 2:
        sys.exit("%s: want 2 inputs and 2 classes, found %d inputs and %d classes" % (a.data, x.shape[1], len(set(y))))
    grid = {"svc__C": [2.0 ** e for e in range(-2, 13, 2)], "svc__gamma": [2.0 ** e for e in range(-12, 3, 2)]}
    pipe = Pipeline([("scale", StandardScaler()), ("svc", SVC(kernel="rbf"))])
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=a.k)
    search = GridSearchCV(pipe, grid, cv=cv, scoring="accuracy").fit(x, y)
    best = search.best_estimator_
    scaler, svc = best.named_steps["scale"], best.named_steps["svc"]
    check = x[:5]
    out = {
        "method": "svc-grid",
        "data": a.data,
        "realisation": a.k,
        "C": svc.C,
        "gamma": svc.gamma,
        "classes": [str(c) for c in svc.classes_],
        "mean": scaler.mean_.tolist(),
        "scale": scaler.scale_.tolist(),
        "support_vectors": scaler.inverse_transform(svc.support_vectors_).tolist(),
        "dual_coef": svc.dual_coef_[0].tolist(),
        "intercept": float(svc.intercept_[0]),
        "cv_error": 100 * (1 - search.best_score_),
        "train_error": 100 * float(np.mean(best.predict(x) != y)),
        "check_x": check.tolist(),
        "check_decision": best.decision_function(check).tolist(),
        "sklearn_version": sklearn.__version__,
    }
    text = json.dumps(out) + "\n"
    if a.o == "-":
        sys.stdout.write(text)
    else:
        with open(a.o, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
