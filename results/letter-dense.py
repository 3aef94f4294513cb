#!/usr/bin/env python3
"""How many Gaussian nodes of one width letter needs: a dense RBF network outside the project.

Centres are random training points or each class's k-means centroids (M / 26 a class); the
weights are least squares on the one-against-the-rest codes (+-1) with a small ridge, or a
multinomial logistic regression on the same features; inputs standardised, kernel
exp(-g ||x - c||^2). One random 16,000 / 4,000 split of letter (not a reported realisation).
Usage: /usr/bin/python3 results/letter-dense.py LETTER_DIR [SEED]   (needs python3-sklearn)
"""
import sys

import numpy as np
from sklearn.cluster import KMeans
from sklearn.linear_model import LogisticRegression

d = sys.argv[1]
X = np.loadtxt(f"{d}/x.csv", delimiter=",")
y = np.array(open(f"{d}/y.csv").read().split())
p = np.random.default_rng(int(sys.argv[2]) if len(sys.argv) > 2 else 999).permutation(len(y))
tr, te = p[:16000], p[16000:]
Z = (X - X[tr].mean(0)) / X[tr].std(0)
cl = np.unique(y)
Y = (y[:, None] == cl[None, :]) * 2.0 - 1


def kernel(A, B, g):
    d2 = (A * A).sum(1)[:, None] + (B * B).sum(1)[None, :] - 2 * A @ B.T
    return np.exp(-g * np.maximum(d2, 0))


def centroids(M):
    return np.vstack([KMeans(M // len(cl), random_state=0, n_init=1).fit(Z[tr][y[tr] == c]).cluster_centers_ for c in cl])


def err(pred):
    return round(100 * (pred != y[te]).mean(), 2)


for M, how, g in [(600, "random", 0.1), (600, "centroids", 0.1), (1600, "random", 0.1), (1600, "centroids", 0.2), (3000, "centroids", 0.15)]:
    C = Z[tr][np.random.default_rng(0).choice(16000, M, replace=False)] if how == "random" else centroids(M)
    P = kernel(Z[tr], C, g)
    W = np.linalg.solve(P.T @ P + 1e-3 * np.eye(len(C)), P.T @ Y[tr])
    print(f"{M} {how} g={g}: least squares {err(cl[(kernel(Z[te], C, g) @ W).argmax(1)])} %", flush=True)
C = centroids(1560)
m = LogisticRegression(C=100, max_iter=500).fit(kernel(Z[tr], C, 0.15), y[tr])
print(f"1560 centroids g=0.15: multinomial logistic {err(m.predict(kernel(Z[te], C, 0.15)))} %")
