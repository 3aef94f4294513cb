#!/usr/bin/python3
"""Builds the 40 benchmark folders of a review of the default on data it had never seen
(x.csv, y.csv, train.csv, test.csv, README.md; 5 seeded realisations each) under OUT: scikit-learn's
generators and bundled sets, and R's sets from RAW (written by `Rscript results/review-sets.R RAW`).
Every set is seeded: rerunning gives the same files. Needs Debian's python3-sklearn.
Usage: /usr/bin/python3 results/review-sets.py OUT RAW
"""
import os
import sys

import numpy as np
from sklearn.datasets import (load_digits, load_wine, make_circles, make_classification,
                              make_friedman1, make_gaussian_quantiles, make_moons, make_regression)

OUT = sys.argv[1] if len(sys.argv) > 1 else "review-sets"
RAW = sys.argv[2] if len(sys.argv) > 2 else "review-raw"
K = int(os.environ.get("REVIEW_K", "5"))  # realisations (REVIEW_K=20 for 20; the first 5 are the same)
master = np.random.default_rng(20270301)


def fmt(v):
    return repr(float(v)) if not float(v).is_integer() else str(int(v))


def write(name, X, y, ntrain, desc, task, always_train=None, split=None):
    """y: array of labels (str / int) or floats. ntrain: int (fixed size) or float fraction.
    always_train: indices placed in every training part (not counted in ntrain).
    split: optional function(rng) -> (train_idx, test_idx)."""
    rng = np.random.default_rng(int(master.integers(1 << 31)))
    d = os.path.join(OUT, name)
    os.makedirs(d, exist_ok=True)
    X = np.asarray(X, dtype=float)
    n = X.shape[0]
    with open(f"{d}/x.csv", "w") as f:
        for row in X:
            f.write(",".join(fmt(v) for v in row) + "\n")
    with open(f"{d}/y.csv", "w") as f:
        for v in y:
            if isinstance(v, (str, np.str_)):
                f.write(f"{v}\n")
            elif task == "regression":
                f.write(fmt(v) + "\n")
            else:
                f.write(f"{int(v)}\n")
    pool = np.arange(n)
    fixed = np.array([], dtype=int)
    if always_train is not None:
        fixed = np.asarray(always_train, dtype=int)
        pool = np.setdiff1d(pool, fixed)
    m = ntrain if isinstance(ntrain, int) else int(round(ntrain * len(pool)))
    tr, te = [], []
    for _ in range(K):
        if split is not None:
            a, b = split(rng)
        else:
            p = rng.permutation(pool)
            a, b = np.concatenate([fixed, p[:m]]), p[m:]
        tr.append(",".join(map(str, sorted(a.tolist()))))
        te.append(",".join(map(str, sorted(b.tolist()))))
    open(f"{d}/train.csv", "w").write("\n".join(tr) + "\n")
    open(f"{d}/test.csv", "w").write("\n".join(te) + "\n")
    labs = np.asarray(y)
    cls = "" if task == "regression" else f", {len(set(labs.tolist()))} classes"
    open(f"{d}/README.md", "w").write(
        f"# {name}\n\n{desc}\n\n{n} rows x {X.shape[1]} inputs, {task}{cls}; {K} realisations, "
        f"{len(tr[0].split(','))} train / {len(te[0].split(','))} test. Built by results/review-sets.py.\n")


def seed():
    return int(master.integers(1 << 31))


# ---------------------------------------------------------------- classification (scikit-learn)
X, y = make_moons(50, noise=0.25, random_state=seed())
write("tiny_moons", X, y, 35, "make_moons(50, noise 0.25): tiny two-class set, labels 0/1.", "classification")

w = load_wine()
r = np.random.default_rng(seed())
idx = np.concatenate([r.choice(np.where(w.target == c)[0], 16, replace=False) for c in range(3)])
write("tiny_wine", w.data[idx], np.array(w.target_names)[w.target[idx]], 34,
      "48 rows of load_wine (16 a class), raw scales, text labels class_0..class_2: tiny three-class set.",
      "classification")

X, y = make_circles(600, noise=0.12, factor=0.5, random_state=seed())
write("circles", X, 2 * y - 1, 0.7, "make_circles(600, noise 0.12, factor 0.5): concentric rings.", "classification")

r = np.random.default_rng(seed())
X = r.random((1200, 2))
y = ((np.floor(4 * X[:, 0]) + np.floor(4 * X[:, 1])) % 2).astype(int)
flip = r.random(1200) < 0.05
y[flip] = 1 - y[flip]
write("checker4", X, 2 * y - 1, 0.7, "4x4 checkerboard on the unit square, 5 % labels flipped.", "classification")

X, y = make_gaussian_quantiles(n_samples=1000, n_features=10, n_classes=2, random_state=seed())
write("gq10", X, 2 * y - 1, 0.7, "make_gaussian_quantiles 10-D, 2 classes: a sphere boundary in 10 inputs, noiseless.",
      "classification")

X, y = make_classification(600, n_features=200, n_informative=5, n_redundant=0, n_repeated=0,
                           n_clusters_per_class=2, flip_y=0.02, random_state=seed())
write("sparse200", X, 2 * y - 1, 0.7, "make_classification: 200 inputs, 5 informative, 2 clusters a class.",
      "classification")

X, y = make_classification(2000, n_features=10, n_informative=6, n_redundant=2, n_clusters_per_class=2,
                           weights=[0.95], flip_y=0.0, class_sep=1.0, random_state=seed())
write("imb95", X, y, 0.7, "make_classification, 95/5 class imbalance, 10 inputs, labels 0/1.", "classification")

X, y = make_classification(600, n_features=12, n_informative=8, n_redundant=2, n_classes=15,
                           n_clusters_per_class=1, class_sep=1.5, random_state=seed())
write("classes15", X, np.array([f"k{v:02d}" for v in y]), 0.7,
      "make_classification: 15 classes, 40 points each (about 28 training), 12 inputs.", "classification")

dg = load_digits()
r = np.random.default_rng(seed())


def digits_split(rng):
    tr = np.concatenate([rng.choice(np.where(dg.target == c)[0], 20, replace=False) for c in range(10)])
    rest = np.setdiff1d(np.arange(len(dg.target)), tr)
    return tr, rng.choice(rest, 500, replace=False)


write("digits_few", dg.data, dg.target, 200,
      "load_digits: 10 classes, 20 training points a class, 500 test points (fixed sizes; the other rows unused).",
      "classification", split=digits_split)

r = np.random.default_rng(seed())
X = r.uniform(-1, 1, (800, 6))
y = (((X[:, 0] > 0.3) & (X[:, 1] < -0.2)) | (X[:, 2] > 0.6)).astype(int)
flip = r.random(800) < 0.03
y[flip] = 1 - y[flip]
write("axis_rule", X, 2 * y - 1, 0.7, "6 uniform inputs; class = (x1>0.3 and x2<-0.2) or x3>0.6 (axis-aligned steps), 3 % flips.",
      "classification")

r = np.random.default_rng(seed())
X = r.standard_normal((400, 20))
beta = r.standard_normal(20) * 0.4
p = 1 / (1 + np.exp(-(X @ beta)))
y = (r.random(400) < p).astype(int)
write("linear_noisy", X, 2 * y - 1, 0.7, "logistic-linear model in 20 Gaussian inputs (Bayes rule linear, much overlap).",
      "classification")

X, y = make_classification(800, n_features=10, n_informative=5, n_redundant=2, flip_y=0.3, random_state=seed())
write("flip30", X, 2 * y - 1, 0.7, "make_classification with flip_y=0.3 (heavy label noise), 10 inputs.", "classification")

X0, y = make_classification(500, n_features=6, n_informative=6, n_redundant=0, random_state=seed())
r = np.random.default_rng(seed())
near = np.zeros(500)
near[r.integers(500)] = 1.0
X = np.column_stack([X0, X0[:, 0], X0[:, 0], X0[:, 1], X0[:, 2] * 1000, np.zeros(500), np.full(500, 7.0),
                     np.full(500, -3.0), near])
write("dupconst", X, 2 * y - 1, 0.7,
      "6 informative inputs plus 4 duplicated (one x1000), 3 constant and one all-zero-but-one column.",
      "classification")

r = np.random.default_rng(seed())
lat = r.standard_normal(700)
load = r.uniform(0.3, 1.0, 12)
items = np.clip(np.round(3 + 1.2 * np.outer(lat, load) + r.standard_normal((700, 12)) * 0.9), 1, 5)
score = lat + 0.4 * r.standard_normal(700)
lab = np.where(score < -0.5, "low", np.where(score < 0.6, "mid", "high"))
write("likert", items, lab, 0.7, "12 Likert items (integers 1-5) from one latent trait; 3 ordered classes low/mid/high.",
      "classification")

X, y = make_classification(600, n_features=8, n_informative=5, n_redundant=1, n_clusters_per_class=2,
                           random_state=seed())
scales = 10.0 ** np.array([-6, -3, 0, 2, 4, 6, 8, -1])
offs = np.array([0, 1e6, -50, 0, 3e3, 0, 1e9, 0.5])
write("scales", X * scales + offs, np.where(y == 1, "yes", "no"), 0.7,
      "make_classification, 8 inputs scaled by 1e-6..1e8 with offsets up to 1e9; labels yes/no.", "classification")

X, y = make_classification(1000, n_features=10, n_informative=6, n_redundant=2, n_classes=4,
                           n_clusters_per_class=2, class_sep=0.6, random_state=seed())
write("sep_low4", X, y + 1, 0.7, "make_classification: 4 classes (labels 1-4), class_sep 0.6, 2 clusters each.",
      "classification")

X, y = make_classification(6000, n_features=12, n_informative=7, n_redundant=3, n_classes=3,
                           n_clusters_per_class=2, flip_y=0.02, random_state=seed())
write("large_mc", X, np.array(["a", "b", "c"])[y], 0.7, "make_classification: 6,000 rows, 3 classes, 12 inputs.",
      "classification")

r = np.random.default_rng(seed())
n = 600
y = r.integers(0, 2, n)
A = r.standard_normal((5, 5))
X = np.where(y[:, None] == 0, r.standard_normal((n, 5)), r.standard_normal((n, 5)) @ (0.5 * A))
X[y == 1] += 0.3
write("quadratic", X, y + 1, 0.7, "two Gaussians of different covariances in 5-D (quadratic Bayes boundary); labels 1/2.",
      "classification")

r = np.random.default_rng(seed())
n = 900
C = r.standard_normal((n, 4))
B = (r.random((n, 6)) < 0.3).astype(float)
L = np.exp(1.5 * r.standard_normal(n))
s = C[:, 0] - C[:, 1] ** 2 + 1.5 * B[:, 0] - B[:, 1] + 0.8 * np.log(L)
y = (r.random(n) < 1 / (1 + np.exp(-2 * s))).astype(int)
write("mixed", np.column_stack([C, B, L]), 2 * y - 1, 0.7,
      "4 Gaussian inputs, 6 binary dummies, 1 log-normal input; logistic draw from a nonlinear score.", "classification")


# ---------------------------------------------------------------- R sets
def raw(name):
    X = np.loadtxt(f"{RAW}/{name}/x.csv", delimiter=",", ndmin=2)
    y = [l.rstrip("\n") for l in open(f"{RAW}/{name}/y.csv")]
    return X, y


X, y = raw("r_singer")
write("r_singer", X, np.array(y), 0.7, "lattice::singer: height (inches) -> voice part, 8 classes, names with spaces.",
      "classification")
X, y = raw("r_flchain")
write("r_flchain", X, np.array(y), 3500, "survival::flchain (complete creatinine): death alive/died from 8 inputs; "
      "3,500 train / 3,024 test.", "classification")
X, y = raw("r_nwtco")
write("r_nwtco", X, np.array([int(v) for v in y]), 0.7, "survival::nwtco: relapse 0/1 (14 %) from histology, stage, "
      "study, age.", "classification")
X, y = raw("r_mgus2")
write("r_mgus2", X, np.array([int(v) for v in y]), 0.7, "survival::mgus2 (complete cases): death 0/1 from age, sex, "
      "hgb, creat, mspike.", "classification")
X, y = raw("r_cuboids")
write("r_cuboids", X, np.array([int(v) for v in y]), 0.7, "mlbench.cuboids(800), set.seed(7): 4 classes in 3-D.",
      "classification")

# ---------------------------------------------------------------- regression (generated)
r = np.random.default_rng(seed())
xc = r.random(200)
yc = np.sin(2 * np.pi * xc) + 0.1 * r.standard_normal(200)
xo = r.random(20)
yo = np.sin(2 * np.pi * xo) + r.choice([-1, 1], 20) * r.uniform(3, 5, 20)
X = np.concatenate([xc, xo])[:, None]
write("sine_outliers", X, np.concatenate([yc, yo]), 140,
      "1-D sin(2 pi x) + N(0, 0.1); 20 gross outliers (+-3..5) always in the training part (rows 200-219), "
      "test rows all clean: 160 train / 60 test.", "regression", always_train=np.arange(200, 220))

r = np.random.default_rng(seed())
X = r.uniform(-2, 2, (800, 3))
y = np.sin(X[:, 0]) + 0.5 * X[:, 1] ** 2 + (0.05 + 0.5 * np.abs(X[:, 0])) * r.standard_normal(800)
write("hetero", X, y, 0.7, "sin(x1) + x2^2/2 in 3 inputs (x3 irrelevant), noise sd 0.05 + |x1|/2 (heteroscedastic).",
      "regression")

r = np.random.default_rng(seed())
X = r.random((600, 4))
y = np.floor(3 * X[:, 0]) + 2.0 * (X[:, 1] > 0.5) + 0.1 * r.standard_normal(600)
write("step_reg", X, y, 0.7, "floor(3 x1) + 2 [x2 > 0.5] + N(0, 0.1) in 4 inputs: step function.", "regression")

X, y = make_friedman1(300, n_features=30, noise=1.0, random_state=seed())
write("fried1_wide", X, y, 0.7, "make_friedman1(300, 30 inputs (25 irrelevant), noise 1).", "regression")

X, y = make_regression(200, n_features=10, n_informative=5, noise=50, random_state=seed())
write("linreg_noisy", X, y, 0.7, "make_regression(200, 10 inputs, 5 informative, noise 50): linear, noisy.",
      "regression")

X, y = make_friedman1(400, n_features=6, noise=0.5, random_state=seed())
write("tiny_target", X, y * 1e-7, 0.7, "make_friedman1(400, 6 inputs, noise 0.5) with targets times 1e-7.", "regression")

r = np.random.default_rng(seed())
X = r.standard_normal((600, 4))
lam = np.exp(0.8 + 0.5 * X[:, 0] - 0.4 * X[:, 1] ** 2 + 0.3 * X[:, 2])
write("poisson_counts", X, r.poisson(lam).astype(float), 0.7,
      "Poisson counts (mean about 2) from 4 Gaussian inputs; integer targets (auto may take them as classes).",
      "regression")

r = np.random.default_rng(seed())
X = r.standard_normal((6000, 8))
W = r.standard_normal((8, 4))
y = np.tanh(X @ W).sum(axis=1) + 0.2 * r.standard_normal(6000)
write("large_ridge", X, y, 0.7, "sum of 4 tanh ridge functions of 8 Gaussian inputs + N(0, 0.2); 6,000 rows.",
      "regression")

r = np.random.default_rng(seed())
X = r.random((1000, 2))
y = np.sin(8 * X[:, 0]) * np.cos(8 * X[:, 1]) + 0.1 * r.standard_normal(1000)
write("highfreq", X, y, 0.7, "sin(8 x1) cos(8 x2) on the unit square + N(0, 0.1): several periods.", "regression")

r = np.random.default_rng(seed())
X = r.integers(1, 8, (500, 5)).astype(float)
y = 0.5 * X[:, 0] + (X[:, 1] - 4) ** 2 / 3 + 2 * (X[:, 2] >= 5) + 0.5 * r.standard_normal(500)
write("ordinal_reg", X, y, 0.7, "5 integer inputs 1-7 (x4, x5 irrelevant): linear, quadratic and step effects + N(0, 0.5).",
      "regression")

for name, desc, ntr in (("r_volcano", "datasets::volcano: height from (row, column) grid, noiseless; 1,000 train / 4,307 test.", 1000),
                        ("r_dnase", "datasets::DNase: optical density from concentration and run.", 0.7),
                        ("r_loblolly", "datasets::Loblolly: height from age and seed source code.", 0.7),
                        ("r_attitude", "datasets::attitude: overall rating from 6 items, 30 rows.", 0.7),
                        ("r_rubber", "MASS::Rubber: abrasion loss from hardness and tensile strength, 30 rows.", 0.7),
                        ("r_nuclear", "boot::nuclear: reactor cost from 10 inputs, 32 rows.", 0.7)):
    X, y = raw(name)
    write(name, X, np.array([float(v) for v in y]), ntr, desc, "regression")
print("done")
