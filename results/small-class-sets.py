"""Writes benchmark folders (x.csv, y.csv, train.csv, test.csv; 10 random realisations each) of
seven generated several-class sets with few training points for their inputs and classes (90
to 150 training points, 12 to 40 inputs, 3 to 5 classes; the rest of 500 or 600 points are
test points), made to check the class map's linear terms on such data, never to tune the
default: scikit-learn's make_classification with 3 classes in 12 inputs, 4 in 30, 5 in 20, 3 in
40 and 4 in 25 (two clusters a class), make_blobs with 5 classes in 30 inputs, and four
Gaussian classes sharing one correlated covariance in 20 inputs (a linear boundary). Needs
Debian's python3-sklearn.
Usage: /usr/bin/python3 results/small-class-sets.py OUT_DIR
"""
import os
import sys

import numpy as np
from sklearn.datasets import make_blobs, make_classification

root = sys.argv[1] if len(sys.argv) > 1 else "small-class-sets"


def out(rng, name, X, y, ntrain, K=10):
    """Classes are written c0, c1, ..."""
    d = os.path.join(root, name)
    os.makedirs(d, exist_ok=True)
    np.savetxt(os.path.join(d, "x.csv"), X, delimiter=",", fmt="%.6g")
    with open(os.path.join(d, "y.csv"), "w") as f:
        f.write("".join(f"c{v}\n" for v in y))
    tr, te = [], []
    for _ in range(K):
        p = rng.permutation(len(y))
        tr.append(",".join(map(str, sorted(p[:ntrain]))))
        te.append(",".join(map(str, sorted(p[ntrain:]))))
    with open(os.path.join(d, "train.csv"), "w") as f:
        f.write("\n".join(tr) + "\n")
    with open(os.path.join(d, "test.csv"), "w") as f:
        f.write("\n".join(te) + "\n")


rng = np.random.default_rng(20261129)
for name, n, C, m, inf in [("mcs5x20", 600, 5, 20, 8), ("mcs4x30", 600, 4, 30, 6), ("mcs3x12", 500, 3, 12, 4)]:
    X, y = make_classification(n_samples=n, n_features=m, n_informative=inf, n_redundant=2, n_classes=C,
                               n_clusters_per_class=1, flip_y=0.03, random_state=int(rng.integers(1 << 31)))
    out(rng, name, X, y, 150)

rng = np.random.default_rng(20261130)
X, y = make_classification(n_samples=600, n_features=40, n_informative=6, n_redundant=4, n_classes=3,
                           n_clusters_per_class=1, flip_y=0.03, random_state=int(rng.integers(1 << 31)))
out(rng, "mcs3x40", X, y, 100)
X, y = make_classification(n_samples=600, n_features=25, n_informative=5, n_redundant=5, n_classes=4,
                           n_clusters_per_class=2, flip_y=0.02, random_state=int(rng.integers(1 << 31)))
out(rng, "mcs4x25", X, y, 90)
X, y = make_blobs(n_samples=600, n_features=30, centers=5, cluster_std=4.0, random_state=int(rng.integers(1 << 31)))
out(rng, "blobs5x30", X, y, 100)
A = rng.normal(size=(20, 20))
L = np.linalg.cholesky(A @ A.T / 20 + 0.1 * np.eye(20))
mu = rng.normal(scale=0.8, size=(4, 20))
y = rng.integers(4, size=600)
X = mu[y] + rng.normal(size=(600, 20)) @ L.T
out(rng, "shared4x20", X, y, 100)
