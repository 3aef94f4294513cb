"""Writes benchmark folders (x.csv, y.csv, train.csv, test.csv; 10 random realisations each) of
nine generated sets with traits none of the development sets has, made to check the default on
them before a release, never to tune it: imbalanced classes (imb2: two classes, 10 % positive;
imb3: three classes at 75/20/5 %), heavy label noise (noisy2: 20 % of labels flipped), many
irrelevant inputs (irrel50: 5 relevant of 50), one-hot coded categories (catbin: 10 categorical
variables, 38 binary columns), a linear regression (linreg), a target of huge offset and scale
(bigscale: Friedman's first function times 1e5 plus 1e8), 20 classes of 15 training points each
(blobs20) and more inputs than training points (wide: 400 inputs, 150 training points). Needs
Debian's python3-sklearn.
Usage: /usr/bin/python3 results/fresh-sets.py OUT_DIR
"""
import os
import sys

import numpy as np
from sklearn.datasets import make_blobs, make_classification, make_friedman1, make_regression

root = sys.argv[1] if len(sys.argv) > 1 else "fresh-sets"
rng = np.random.default_rng(20261125)


def seed():
    return int(rng.integers(1 << 31))


def out(name, X, y, ntrain, labels=True, K=10):
    """Two classes are written -1 and +1 (as the benchmark sets are, which peers/rvm.py needs),
    more as c0, c1, ..."""
    d = os.path.join(root, name)
    os.makedirs(d, exist_ok=True)
    np.savetxt(f"{d}/x.csv", X, delimiter=",", fmt="%.6g")
    two = labels and len(set(y)) == 2
    with open(f"{d}/y.csv", "w") as f:
        f.write("".join((f"{2 * v - 1:d}\n" if two else f"c{v}\n" if labels else f"{v:.10g}\n") for v in y))
    n = len(y)
    tr, te = [], []
    for _ in range(K):
        p = rng.permutation(n)
        tr.append(",".join(map(str, sorted(p[:ntrain]))))
        te.append(",".join(map(str, sorted(p[ntrain:]))))
    with open(f"{d}/train.csv", "w") as f:
        f.write("\n".join(tr) + "\n")
    with open(f"{d}/test.csv", "w") as f:
        f.write("\n".join(te) + "\n")


X, y = make_classification(n_samples=1500, n_features=10, n_informative=5, n_redundant=2,
                           weights=[0.9], flip_y=0.01, random_state=seed())
out("imb2", X, y, 500)

X, y = make_classification(n_samples=1500, n_features=8, n_informative=5, n_redundant=1, n_classes=3,
                           n_clusters_per_class=1, weights=[0.75, 0.2, 0.05], flip_y=0.01, random_state=seed())
out("imb3", X, y, 500)

X, y = make_classification(n_samples=1000, n_features=20, n_informative=6, n_redundant=2, flip_y=0.2,
                           random_state=seed())
out("noisy2", X, y, 400)

# irrel50: the class is whether the squared distance from the origin in 5 inputs exceeds its median
# (a sphere), with 45 inputs of pure noise beside them
n = 1000
X = rng.standard_normal((n, 50))
r = (X[:, :5] ** 2).sum(axis=1)
out("irrel50", X, (r > np.median(r)).astype(int), 400)

# catbin: 10 categorical variables of 3 to 5 levels, one-hot coded; the class is a logistic draw
# from the sum of random level effects
n = 1200
levels = rng.integers(3, 6, 10)
cols, score = [], np.zeros(n)
for L in levels:
    v = rng.integers(0, L, n)
    eff = rng.standard_normal(L)
    score += eff[v]
    cols.append(np.eye(L)[v])
X = np.hstack(cols)
p = 1 / (1 + np.exp(-1.5 * (score - score.mean())))
out("catbin", X, (rng.random(n) < p).astype(int), 400)

X, y = make_regression(n_samples=600, n_features=15, n_informative=8, noise=20, random_state=seed())
out("linreg", X, y, 200, labels=False)

X, y = make_friedman1(n_samples=800, n_features=10, noise=1, random_state=seed())
out("bigscale", X, y * 1e5 + 1e8, 300, labels=False)

X, y = make_blobs(n_samples=600, n_features=5, centers=20, cluster_std=1.5, random_state=seed())
out("blobs20", X, y, 300)

X, y = make_classification(n_samples=500, n_features=400, n_informative=10, n_redundant=5,
                           random_state=seed())
out("wide", X, y, 150)
