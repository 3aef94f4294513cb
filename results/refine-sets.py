"""Writes benchmark folders (x.csv, y.csv, train.csv, test.csv; 3 random realisations each) of
four large generated sets, 6,000 points for training, made for the check of the default's joint
refinement on large data (docs/ALGORITHMS.md, section 4.11) and never used for anything else:
make_classification with 8 classes in 15 inputs (mc8x15), Gaussian quantiles of 5 classes in 8
inputs (quant5x8), Friedman's problem 1 with noise sd 2 (fr1noisy), and a regression on 6 of 12
inputs with a quadratic term (regq12). Needs Debian's python3-sklearn.
Usage: /usr/bin/python3 results/refine-sets.py OUT_DIR
"""
import importlib.util
import os
import sys

from sklearn.datasets import make_classification, make_friedman1, make_gaussian_quantiles, make_regression

# large-sets.py's folder writer (the same files for the same arguments).
_spec = importlib.util.spec_from_file_location("large_sets", os.path.join(os.path.dirname(os.path.abspath(__file__)), "large-sets.py"))
_large = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_large)


def write(root, name, X, y, ntrain, classes=True):
    _large.write(root, name, X, y, ntrain, reps=3, seed=5, classes=classes)


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


if __name__ == "__main__":
    main(sys.argv[1])
