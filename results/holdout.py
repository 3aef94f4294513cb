"""What the measurement scripts of results/ that split files themselves share: their command
line, their splits and the SVM grid they run beside the default.

options(switches) reads sys.argv[1:]: the switches among it that are in switches (a set), the
sparsekernel binary (--bin PATH; "sparsekernel" if not given) and the other arguments.
split(y, k, regression) draws split k: 70/30, stratified for classes (each class's rows
permuted by a generator seeded with k, the first 30 % of them held out), all rows as one group
for a regression; it returns the training and the test rows, in order.
svm_grid(steps, X, y, a, b, k, regression) fits scikit-learn's SVC (SVR with epsilon 0.1 on
the training targets standardised) after the pipeline steps on the rows a, its 8 x 8 grid of C
and gamma chosen by shuffled (stratified) 5-fold cross-validation seeded with k, and returns
its test error % on the rows b (the MSE, "%.4g", for a regression) and its support vectors.
"""
import sys

import numpy as np


def options(switches):
    args = sys.argv[1:]
    present = {a for a in args if a in switches}
    args = [a for a in args if a not in switches]
    binary = "sparsekernel"
    if "--bin" in args:
        i = args.index("--bin")
        binary = args[i + 1]
        del args[i:i + 2]
    return present, binary, args


def split(y, k, regression=False):
    rng = np.random.default_rng(k)
    test = []
    groups = [np.arange(len(y))] if regression else [np.flatnonzero(y == c) for c in sorted(set(y))]
    for g in groups:
        g = rng.permutation(g)
        test.extend(g[:int(round(0.3 * len(g)))])
    test = np.array(sorted(test))
    return np.setdiff1d(np.arange(len(y)), test), test


def svm_grid(steps, X, y, a, b, k, regression):
    from sklearn.model_selection import GridSearchCV, KFold, StratifiedKFold
    from sklearn.pipeline import make_pipeline
    from sklearn.svm import SVC, SVR
    grid = {"svc__C": 2.0 ** np.arange(-3, 13, 2), "svc__gamma": 2.0 ** np.arange(-13, 3, 2)}
    if regression:
        t = y.astype(float)
        mu, sd = t[a].mean(), t[a].std()
        grid = {k.replace("svc", "svr"): v for k, v in grid.items()}
        g = GridSearchCV(make_pipeline(*steps, SVR(epsilon=0.1)), grid, cv=KFold(5, shuffle=True, random_state=k),
                         scoring="neg_mean_squared_error")
        g.fit(X[a], (t[a] - mu) / sd)
        p = g.predict(X[b]) * sd + mu
        return "%.4g" % np.mean((p - t[b]) ** 2), len(g.best_estimator_[-1].support_)
    g = GridSearchCV(make_pipeline(*steps, SVC()), grid, cv=StratifiedKFold(5, shuffle=True, random_state=k))
    g.fit(X[a], y[a])
    return "%.2f" % (100 * np.mean(g.predict(X[b]) != y[b])), len(g.best_estimator_[-1].support_)
