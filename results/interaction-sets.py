"""Writes benchmark folders (x.csv, y.csv, train.csv, test.csv; 10 random realisations of 500
training and 1,000 test points) of three generated two-class sets whose class hangs on a
product of two inputs, which no input shows alone: int20 (20 standard normal inputs, the class
the sign of sin(2 x0) + x1 x2 plus Gaussian noise of sd 0.3; the Bayes rule makes about 7.6 %
errors), int8 (the same in 8 inputs) and xor12 (the sign of x0 x1 in 12 inputs, 5 % of the
labels flipped), and a regression, intreg10 (sin(2 x0) + x1 x2 plus noise of sd 0.3, 10
inputs). Made to check the interaction relevance (docs/ALGORITHMS.md, section 4.2).
Needs Debian's python3-numpy. Usage: /usr/bin/python3 results/interaction-sets.py OUT_DIR
"""
import os
import sys

import numpy as np

root = sys.argv[1] if len(sys.argv) > 1 else "interaction-sets"


def folder(name, X, y, ntrain, K=10, seed=0, fmt="%s"):
    d = os.path.join(root, name)
    os.makedirs(d, exist_ok=True)
    np.savetxt(f"{d}/x.csv", X, delimiter=",", fmt="%.6g")
    np.savetxt(f"{d}/y.csv", y, fmt=fmt)
    rng = np.random.default_rng(seed)
    with open(f"{d}/train.csv", "w") as a, open(f"{d}/test.csv", "w") as b:
        for _ in range(K):
            p = rng.permutation(len(y))
            a.write(",".join(map(str, sorted(p[:ntrain]))) + "\n")
            b.write(",".join(map(str, sorted(p[ntrain:]))) + "\n")


rng = np.random.default_rng(7)
N = 1500
for name, m in (("int20", 20), ("int8", 8)):
    X = rng.normal(size=(N, m))
    f = np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2]
    folder(name, X, np.where(f + 0.3 * rng.normal(size=N) > 0, 1, -1), 500)
X = rng.normal(size=(N, 12))
y = np.where(X[:, 0] * X[:, 1] > 0, 1, -1)
flip = rng.random(N) < 0.05
y[flip] = -y[flip]
folder("xor12", X, y, 500)
rng = np.random.default_rng(9)
X = rng.normal(size=(N, 10))
folder("intreg10", X, np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2] + 0.3 * rng.normal(size=N), 500, fmt="%.6g")
