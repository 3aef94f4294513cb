#!/usr/bin/env python3
"""Glass on the development realisations (11-20): an SVC grid and other peers on the same splits.

scikit-learn's SVC (RBF; C in 2^-2..2^10, gamma in 2^-10..2^2, steps of 4x; shuffled stratified
5-fold grid search), a logistic regression, a kernel logistic regression on 200 Nystroem
features (gamma and C by the same kind of grid) and a random forest of 300 trees; inputs
standardised on each training part. Prints the mean and standard deviation of the test error %.
Usage: /usr/bin/python3 results/glass-development.py GLASS_DIR [FIRST LAST]   (0-based, default 10 20)
"""
import sys
import warnings

import numpy as np
from sklearn.ensemble import RandomForestClassifier
from sklearn.kernel_approximation import Nystroem
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

warnings.filterwarnings("ignore")
d = sys.argv[1]
first, last = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (10, 20)
X = np.loadtxt(f"{d}/x.csv", delimiter=",")
y = np.array(open(f"{d}/y.csv").read().split())
TR = [list(map(int, l.split(","))) for l in open(f"{d}/train.csv")]
TE = [list(map(int, l.split(","))) for l in open(f"{d}/test.csv")]
res = {}
for k in range(first, last):
    sc = StandardScaler().fit(X[TR[k]])
    A, B = sc.transform(X[TR[k]]), sc.transform(X[TE[k]])
    cv = StratifiedKFold(5, shuffle=True, random_state=k)
    models = {
        "svc grid": GridSearchCV(SVC(), {"C": 2.0 ** np.arange(-2, 12, 2), "gamma": 2.0 ** np.arange(-10, 4, 2)}, cv=cv),
        "logistic regression": LogisticRegression(max_iter=2000, C=10),
        "kernel logistic (Nystroem)": GridSearchCV(
            make_pipeline(Nystroem(n_components=min(200, len(A)), random_state=0), LogisticRegression(max_iter=3000)),
            {"nystroem__gamma": [0.05, 0.2, 0.8], "logisticregression__C": [1, 10, 100, 1000]}, cv=cv),
        "random forest": RandomForestClassifier(300, random_state=0),
    }
    for name, m in models.items():
        m.fit(A, y[TR[k]])
        res.setdefault(name, []).append(100 * (m.predict(B) != y[TE[k]]).mean())
for name, v in res.items():
    print(f"{name}: {np.mean(v):.2f} +- {np.std(v):.2f}")
