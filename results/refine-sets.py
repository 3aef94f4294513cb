"""Writes benchmark folders (x.csv, y.csv, train.csv, test.csv) of generated sets made for the
check of the default's joint refinement (docs/ALGORITHMS.md, section 4.11) and never used for
anything else. Four of 6,000 training points (3 random realisations): make_classification with
8 classes in 15 inputs (mc8x15), Gaussian quantiles of 5 classes in 8 inputs (quant5x8),
Friedman's problem 1 with noise sd 2 (fr1noisy), a regression on 6 of 12 inputs with a quadratic
term (regq12). Seven of 1,200 to 2,500 (5 realisations), made after the rule's threshold of
1,000 points was proposed, to test it: make_classification with 6 classes in 20 inputs (mc6x20)
and 4 in 40 (mc4x40), 10 overlapping blobs in 6 inputs (blobs10), Gaussian quantiles of 3
classes in 5 inputs (quant3x5), Friedman's problems 1 and 3 (fr1mid, fr3mid) and a regression on
5 of 10 inputs with a quadratic term (regq10). Needs Debian's python3-sklearn.
Usage: /usr/bin/python3 results/refine-sets.py OUT_DIR
"""
import importlib.util
import os
import sys

from sklearn.datasets import (make_blobs, make_classification, make_friedman1, make_friedman3, make_gaussian_quantiles,
                              make_regression)

# large-sets.py's folder writer (the same files for the same arguments).
_spec = importlib.util.spec_from_file_location("large_sets", os.path.join(os.path.dirname(os.path.abspath(__file__)), "large-sets.py"))
_large = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_large)


def write(root, name, X, y, ntrain, classes=True, reps=3, seed=5):
    _large.write(root, name, X, y, ntrain, reps=reps, seed=seed, classes=classes)


def main(root):
    X, y = make_classification(8000, 15, n_informative=8, n_redundant=3, n_classes=8, n_clusters_per_class=2,
                               flip_y=0.02, random_state=3)
    write(root, "mc8x15", X, y, 6000)
    X, y = make_gaussian_quantiles(n_samples=8000, n_features=8, n_classes=5, random_state=4)
    write(root, "quant5x8", X, y, 6000)
    X, y = make_friedman1(9000, 10, noise=2.0, random_state=5)
    write(root, "fr1noisy", X, y, 6000, classes=False)
    X, y = make_regression(9000, 12, n_informative=6, noise=5.0, random_state=6)
    write(root, "regq12", X, y + 0.02 * y**2, 6000, classes=False)

    X, y = make_classification(3000, 20, n_informative=10, n_redundant=4, n_classes=6, n_clusters_per_class=2,
                               flip_y=0.02, random_state=21)
    write(root, "mc6x20", X, y, 2000, reps=5, seed=3)
    X, y = make_blobs(3500, centers=10, n_features=6, cluster_std=2.5, random_state=22)
    write(root, "blobs10", X, y, 2500, reps=5, seed=3)
    X, y = make_gaussian_quantiles(n_samples=2500, n_features=5, n_classes=3, random_state=23)
    write(root, "quant3x5", X, y, 1500, reps=5, seed=3)
    X, y = make_classification(2000, 40, n_informative=10, n_redundant=5, n_classes=4, n_clusters_per_class=3,
                               flip_y=0.03, random_state=24)
    write(root, "mc4x40", X, y, 1200, reps=5, seed=3)
    X, y = make_friedman1(2500, 10, noise=1.0, random_state=31)
    write(root, "fr1mid", X, y, 1500, classes=False, reps=5, seed=3)
    X, y = make_regression(3000, 10, n_informative=5, noise=3.0, random_state=32)
    write(root, "regq10", X, y + 0.03 * y**2, 2000, classes=False, reps=5, seed=3)
    X, y = make_friedman3(3000, noise=0.05, random_state=33)
    write(root, "fr3mid", X, y, 2000, classes=False, reps=5, seed=3)


if __name__ == "__main__":
    main(sys.argv[1])
