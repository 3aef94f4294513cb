"""Writes benchmark folders (x.csv, y.csv, train.csv, test.csv; 5 random realisations each) of
large generated sets that the default method was never developed on, for the checks of the
many-class size cap and the one-fold race on large data (docs/ALGORITHMS.md, sections 4.5 and
4.9): two classes (Hastie et al.'s 10-input problem, noisy moons, ringnorm, twonorm; 6,000 of
10,000 points for training) and several (20 classes of scikit-learn's make_classification,
6,000 of 8,000; 15 classes of 4 Gaussian blobs each in 8 inputs, 7,000 of 9,000) and
regression (Friedman's problems 1, 2 and 3, 6,000 of 9,000); and three several-class sets for
the check of the finer class centroids (docs/ALGORITHMS.md, section 4.2): make_classification
with 5 classes in 20 inputs (2,000 of 4,000) and with 8 classes in 10 (2,500 of 5,000), and
Gaussian quantiles, 4 classes in 6 inputs (2,000 of 4,000). results/large-sets.R writes two
more from R's mlbench. Needs Debian's python3-sklearn. Usage: /usr/bin/python3 results/large-sets.py OUT_DIR
"""
import os
import sys

import numpy as np
from sklearn.datasets import (make_classification, make_friedman1, make_friedman2, make_friedman3,
                              make_gaussian_quantiles, make_hastie_10_2, make_moons)


def write(root, name, X, y, ntrain, reps=5, seed=11, classes=True):
    d = os.path.join(root, name)
    os.makedirs(d, exist_ok=True)
    np.savetxt(os.path.join(d, "x.csv"), X, delimiter=",", fmt="%.6g")
    with open(os.path.join(d, "y.csv"), "w") as f:
        f.writelines(f"c{int(v)}\n" if classes else f"{v:.6g}\n" for v in y)
    r = np.random.default_rng(seed)
    with open(os.path.join(d, "train.csv"), "w") as tr, open(os.path.join(d, "test.csv"), "w") as te:
        for _ in range(reps):
            p = r.permutation(len(y))
            tr.write(",".join(map(str, sorted(p[:ntrain]))) + "\n")
            te.write(",".join(map(str, sorted(p[ntrain:]))) + "\n")


def main(root):
    X, y = make_classification(n_samples=8000, n_features=16, n_informative=12, n_redundant=2,
                               n_classes=20, n_clusters_per_class=2, class_sep=1.5, flip_y=0.01,
                               random_state=3)
    write(root, "classes20", X, y, 6000, seed=7)
    r = np.random.default_rng(5)
    Xs, ys = [], []
    for c in range(15):
        for _ in range(4):
            mu, A = r.normal(0, 3, 8), r.normal(0, 1, (8, 8)) * 0.6
            Xs.append(r.normal(size=(150, 8)) @ A + mu)
            ys += [c] * 150
    write(root, "blobs15", np.vstack(Xs), np.array(ys), 7000, seed=7)

    r = np.random.default_rng(1)
    X, y = make_hastie_10_2(n_samples=10000, random_state=2)
    write(root, "hastie10k", X, y, 6000)
    n = 10000
    y = r.integers(0, 2, n)
    a = 2 / np.sqrt(20)
    write(root, "twonorm10k", r.normal(size=(n, 20)) + np.where(y[:, None] == 1, a, -a), y, 6000)
    a = 1 / np.sqrt(20)
    X = np.where(y[:, None] == 1, r.normal(size=(n, 20)) * 2, r.normal(size=(n, 20)) + a)
    write(root, "ringnorm10k", X, y, 6000)
    X, y = make_moons(n_samples=10000, noise=0.35, random_state=4)
    write(root, "moons10k", X, y, 6000)

    for name, make, noise, seed in (("friedman1_9k", make_friedman1, 1.0, 1),
                                    ("friedman2_9k", make_friedman2, 125, 2),
                                    ("friedman3_9k", make_friedman3, 0.1, 3)):
        X, y = make(n_samples=9000, noise=noise, random_state=seed)
        write(root, name, X, y, 6000, seed=3, classes=False)

    X, y = make_classification(n_samples=4000, n_features=20, n_informative=8, n_redundant=4,
                               n_classes=5, n_clusters_per_class=2, flip_y=0.03, random_state=5)
    write(root, "cls5", X, y, 2000)
    X, y = make_gaussian_quantiles(n_samples=4000, n_features=6, n_classes=4, random_state=6)
    write(root, "quant4", X, y, 2000)
    X, y = make_classification(n_samples=5000, n_features=10, n_informative=6, n_redundant=0,
                               n_classes=8, n_clusters_per_class=1, class_sep=1.5, random_state=7)
    write(root, "cls8", X, y, 2500)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "large-sets")
