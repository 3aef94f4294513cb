#!/usr/bin/python3
"""Size of an RBF SVM on the data of docs/export/measure.sh, for comparison with the exports.

For each problem (the CSV files written by `go run ./docs/export/measure`), fits a
scikit-learn SVC with an RBF kernel on standardised inputs, choosing C and gamma by 5-fold
cross-validation on a small grid, and prints the number of support vectors, the floats an
exported SVM would carry (support vectors x inputs, plus one coefficient per support vector
and the intercept, plus the scaling), and the test error. Benchmark material only.

    /usr/bin/python3 docs/export/svm_count.py DIR
"""
import csv
import sys

import numpy as np
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC


def load(path):
    with open(path) as f:
        rows = list(csv.reader(f))[1:]
    X = np.array([[float(v) for v in r[:-1]] for r in rows])
    y = np.array([r[-1] for r in rows])
    return X, y


def main(folder):
    print("problem\tinputs\tC\tgamma\tSVs\tSVs x inputs\tall floats\ttest error")
    for name in ("2d", "10d"):
        X, y = load(f"{folder}/{name}_train.csv")
        Xt, yt = load(f"{folder}/{name}_test.csv")
        d = X.shape[1]
        grid = {"svc__C": [0.1, 1, 10, 100], "svc__gamma": [g / d for g in (0.1, 0.3, 1, 3, 10)]}
        search = GridSearchCV(make_pipeline(StandardScaler(), SVC(kernel="rbf")), grid, cv=5, n_jobs=1)
        search.fit(X, y)
        svc = search.best_estimator_.named_steps["svc"]
        n_sv = int(svc.n_support_.sum())
        floats = n_sv * d + n_sv + 1 + 2 * d
        err = float(np.mean(search.predict(Xt) != yt))
        print(f"{name}\t{d}\t{svc.C:g}\t{svc.gamma:.4g}\t{n_sv}\t{n_sv * d}\t{floats}\t{100 * err:.2f}%")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
