"""Measures whether a missing value's indicator helps: scikit-learn's cross-validated logistic
regression after SimpleImputer(strategy="median"), with and without add_indicator=True, on the
splits of results/missing-values.py (10 random stratified 70/30 splits, split k drawn with seed
k), mean test error %. Usage: /usr/bin/python3 results/missing-indicator.py FILE.csv...
"""
import os
import sys

import numpy as np
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegressionCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from holdout import split  # as results/missing-values.py splits classes


def read(path):
    rows = [l.split(",") for l in open(path).read().splitlines()[1:] if l.strip()]
    X = np.array([[np.nan if v == "NA" else float(v) for v in r[:-1]] for r in rows])
    return X, np.array([r[-1] for r in rows])


for path in sys.argv[1:]:
    X, y = read(path)
    err = {False: [], True: []}
    for k in range(1, 11):
        a, b = split(y, k)
        for ind in err:
            est = make_pipeline(SimpleImputer(strategy="median", add_indicator=ind), StandardScaler(),
                                LogisticRegressionCV(max_iter=2000))
            est.fit(X[a], y[a])
            err[ind].append(100 * np.mean(est.predict(X[b]) != y[b]))
    print("%s\tmedian %.2f\twith indicators %.2f" % (os.path.basename(path)[:-4], np.mean(err[False]), np.mean(err[True])), flush=True)
