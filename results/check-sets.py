"""Writes benchmark folders (x.csv, y.csv, train.csv, test.csv; 10 random realisations each) of
four generated several-class sets made to check the class map on the inputs after it was built
(docs/ALGORITHMS.md, section 4.8): 4 classes of 6 size-correlated measurements that differ in
two ratios (sizes4, 200 of 600 points for training), scikit-learn's make_classification with 4
informative and 4 redundant of 10 inputs, 4 classes (mkred4, 300 of 900) and with two clusters
a class, 3 classes (mkclu3, 300 of 900), and 5 Gaussian classes sharing one anisotropic
covariance in 8 dimensions (lda5, 250 of 750). Needs Debian's python3-sklearn.
Usage: /usr/bin/python3 results/check-sets.py OUT_DIR
"""
import os
import sys

import numpy as np
from sklearn.datasets import make_classification

root = sys.argv[1] if len(sys.argv) > 1 else "check-sets"
rng = np.random.default_rng(20261124)


def out(name, X, y, ntrain, K=10):
    d = os.path.join(root, name)
    os.makedirs(d, exist_ok=True)
    np.savetxt(f"{d}/x.csv", X, delimiter=",", fmt="%.6g")
    with open(f"{d}/y.csv", "w") as f:
        f.write("".join(f"c{v}\n" for v in y))
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


# sizes: 4 classes, 6 measurements proportional to a log-normal size, classes differ in two ratios
n = 600
y = rng.integers(0, 4, n)
size = np.exp(rng.normal(0, 0.35, n))
ratio = np.array([[0, 0, 0, 0, 0, 0], [0.06, 0, 0, 0, 0, 0], [0, 0, 0.06, 0, 0, 0], [0.06, 0, 0.06, 0, 0, 0]])
X = size[:, None] * np.exp(ratio[y] + rng.normal(0, 0.04, (n, 6))) * np.array([10, 12, 8, 15, 9, 11])
out("sizes4", X, y, 200)
X, y = make_classification(900, n_features=10, n_informative=4, n_redundant=4, n_classes=4, n_clusters_per_class=1, class_sep=1.0, random_state=5)
out("mkred4", X, y, 300)
X, y = make_classification(900, n_features=8, n_informative=5, n_redundant=2, n_classes=3, n_clusters_per_class=2, class_sep=1.2, random_state=6)
out("mkclu3", X, y, 300)
# 5 Gaussian classes sharing one strongly anisotropic covariance in 8 dimensions
n = 750
y = rng.integers(0, 5, n)
L = rng.normal(size=(8, 8)) @ np.diag([5, 3, 1, 0.5, 0.3, 0.3, 0.2, 0.2])
mu = rng.normal(0, 0.6, (5, 8))
X = mu[y] + rng.normal(size=(n, 8)) @ L.T * 0.3
out("lda5", X, y, 250)
