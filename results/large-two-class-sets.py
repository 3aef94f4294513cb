#!/usr/bin/env python3
"""Writes the generated two-class sets of 20,000 to 50,000 training points on which the restart
with more random candidates was measured (docs/ALGORITHMS.md, section 4.2), as DIR/NAME_tr.csv
and DIR/NAME_te.csv (inputs, then the label 0 or 1; one split each). Run the default on them
with `sparsekernel eval DIR/NAME_tr.csv DIR/NAME_te.csv`. Needs Debian's python3-sklearn.

Usage: /usr/bin/python3 results/large-two-class-sets.py DIR
"""
import os
import sys

import numpy as np
from sklearn.datasets import make_classification, make_gaussian_quantiles, make_moons


def save(out, name, X, y, ntr):
    np.savetxt(os.path.join(out, name + "_tr.csv"), np.column_stack([X[:ntr], y[:ntr]]), delimiter=",", fmt="%.5g")
    np.savetxt(os.path.join(out, name + "_te.csv"), np.column_stack([X[ntr:], y[ntr:]]), delimiter=",", fmt="%.5g")


def main(out):
    os.makedirs(out, exist_ok=True)
    # 50,000 training points, 20 inputs (8 informative, 4 redundant), three clusters a class.
    X, y = make_classification(n_samples=60000, n_features=20, n_informative=8, n_redundant=4,
                               n_clusters_per_class=3, flip_y=0.02, random_state=1)
    save(out, "c50k", X, y, 50000)
    rs = np.random.RandomState(5)
    X, y = make_classification(n_samples=25000, n_features=10, n_informative=6, n_redundant=2,
                               n_clusters_per_class=4, flip_y=0.05, random_state=11)
    save(out, "cA", X, y, 20000)
    X, y = make_gaussian_quantiles(n_samples=25000, n_features=6, n_classes=2, random_state=12)
    X += 0.3 * rs.randn(*X.shape)
    save(out, "cB", X, y, 20000)
    X, y = make_moons(n_samples=25000, noise=0.3, random_state=13)
    X = np.column_stack([X, rs.randn(25000, 8)])
    save(out, "cC", X, y, 20000)
    X, y = make_classification(n_samples=25000, n_features=30, n_informative=15, n_redundant=5,
                               n_clusters_per_class=2, flip_y=0.01, class_sep=0.8, random_state=14)
    save(out, "cD", X, y, 20000)
    rs = np.random.RandomState(21)
    n = 25000
    X = rs.uniform(0, 8, (n, 2))  # an 8 x 8 checkerboard, 5 % of the labels flipped
    y = (X[:, 0].astype(int) + X[:, 1].astype(int)) % 2
    f = rs.rand(n) < 0.05
    y[f] = 1 - y[f]
    save(out, "cE", X, y, 20000)
    t = rs.uniform(0, 4 * np.pi, n)  # two spirals and three noise inputs
    s = rs.randint(0, 2, n)
    r = t / (4 * np.pi) * 5 + 0.15 * rs.randn(n)
    X = np.column_stack([r * np.cos(t + np.pi * s), r * np.sin(t + np.pi * s), rs.randn(n, 3)])
    save(out, "cF", X, s, 20000)
    X, y = make_classification(n_samples=n, n_features=40, n_informative=20, n_redundant=0,
                               n_clusters_per_class=4, flip_y=0.02, class_sep=1.0, random_state=22)
    save(out, "cG", X, y, 20000)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
