"""Shared helpers of the peer benchmark scripts (svc.py, rvm.py): reading a benchmark folder,
choosing the realisations, summary statistics and probability scores. Not a test, not a library:
the scripts import it from their own folder."""

import math
import os

import numpy as np


def read_matrix(path):
    """x.csv: comma-separated numbers, one sample per row."""
    return np.loadtxt(path, delimiter=",", ndmin=2)


def read_lines(path):
    """train.csv / test.csv: one realisation per line, 0-based row indices."""
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                out.append(np.array([int(v) for v in line.split(",")], dtype=np.int64))
    return out


def read_targets(path):
    """y.csv, one value per row: returns (values as strings, values as floats or None if any is
    not a number)."""
    with open(path) as f:
        raw = [line.strip() for line in f]
    raw = [v for v in raw if v != ""]
    try:
        num = np.array([float(v) for v in raw])
    except ValueError:
        num = None
    return np.array(raw), num


def task_of(raw, num, task="auto"):
    """'classification' (labels +1/-1 or any non-numeric labels, or task forced) or 'regression'
    (numbers other than +1/-1)."""
    if task != "auto":
        return task
    if num is None:
        return "classification"
    return "classification" if set(np.unique(num).tolist()) <= {-1.0, 1.0} else "regression"


def read_folder(folder):
    """Reads x.csv, y.csv, train.csv, test.csv of one benchmark folder."""
    x = read_matrix(os.path.join(folder, "x.csv"))
    raw, num = read_targets(os.path.join(folder, "y.csv"))
    trains = read_lines(os.path.join(folder, "train.csv"))
    tests = read_lines(os.path.join(folder, "test.csv"))
    if len(trains) != len(tests) or not trains:
        raise SystemExit(f"{folder}: train.csv / test.csv missing, empty or of different lengths")
    if x.shape[0] != len(raw):
        raise SystemExit(f"{folder}: x.csv has {x.shape[0]} rows, y.csv {len(raw)}")
    return x, raw, num, trains, tests


def realisations(n, k, first):
    """Indices (0-based) of K realisations from the 1-based realisation `first` on (K = 0: all
    remaining)."""
    if first < 1 or first > n:
        raise SystemExit(f"--first {first}: the folder has realisations 1..{n}")
    start = first - 1
    stop = n if k <= 0 else min(n, start + k)
    return list(range(start, stop))


def mean_std(v):
    """Mean and sample standard deviation (n-1; 0 for a single value)."""
    v = [float(a) for a in v]
    n = len(v)
    m = sum(v) / n
    if n < 2:
        return m, 0.0
    return m, math.sqrt(sum((a - m) ** 2 for a in v) / (n - 1))


def standardise(xtr, xte):
    """Scales both splits with the training split's mean and standard deviation (ddof 0, as
    scikit-learn's StandardScaler; a constant column keeps scale 1)."""
    mu = xtr.mean(axis=0)
    sd = xtr.std(axis=0)
    sd[~np.isfinite(sd) | (sd == 0)] = 1.0
    return (xtr - mu) / sd, (xte - mu) / sd


PROB_FLOOR = 1e-15


def proba_scores(p, y):
    """Log-loss and Brier score of class probabilities p (n x C, rows summing to 1) for the true
    class indices y (n): log-loss = mean of -ln max(p[y], 1e-15) (natural log); Brier = mean over
    points of sum over classes (p_c - [y = c])^2, Brier's (1950) definition, in [0, 2]; for two
    classes it is twice the common (p - y)^2 form."""
    p = np.asarray(p, dtype=float)
    y = np.asarray(y, dtype=np.int64)
    n = p.shape[0]
    pt = p[np.arange(n), y]
    logloss = float(np.mean(-np.log(np.maximum(pt, PROB_FLOOR))))
    onehot = np.zeros_like(p)
    onehot[np.arange(n), y] = 1.0
    brier = float(np.mean(np.sum((p - onehot) ** 2, axis=1)))
    return logloss, brier
