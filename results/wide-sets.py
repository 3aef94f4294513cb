"""Writes benchmark folders (x.csv, y.csv, train.csv, test.csv; 5 random realisations each) of
six generated two-class sets with many inputs, made to check the default on wide data after a
fold/final inconsistency of its linear candidate was found there (docs/ALGORITHMS.md, section
4.2): scikit-learn's make_classification with few informative inputs among many, 300 to 2,000
training points and 400 to 3,000 inputs. Needs Debian's python3-sklearn.
Usage: /usr/bin/python3 results/wide-sets.py OUT_DIR
"""
import os
import sys

import numpy as np
from sklearn.datasets import make_classification

root = sys.argv[1] if len(sys.argv) > 1 else "wide-sets"
rng = np.random.default_rng(20261125)

# name: (make_classification's arguments, training points)
SETS = {
    "wide300": (dict(n_samples=400, n_features=3000, n_informative=10), 300),
    "wide340": (dict(n_samples=470, n_features=2500, n_informative=10, n_redundant=5), 340),
    "wide320": (dict(n_samples=470, n_features=3000, n_informative=3, n_redundant=2,
                     n_clusters_per_class=1, flip_y=0.02), 320),
    "wide490": (dict(n_samples=700, n_features=2000, n_informative=20, n_redundant=20), 490),
    "mid1750": (dict(n_samples=2500, n_features=400, n_informative=8, n_redundant=4), 1750),
    "wide2000": (dict(n_samples=2600, n_features=1000, n_informative=15, n_redundant=10), 2000),
}

for i, (name, (args, ntrain)) in enumerate(SETS.items()):
    X, y = make_classification(random_state=100 + i, **args)
    d = os.path.join(root, name)
    os.makedirs(d, exist_ok=True)
    np.savetxt(f"{d}/x.csv", X, delimiter=",", fmt="%.5g")
    with open(f"{d}/y.csv", "w") as f:
        f.write("".join(f"c{v}\n" for v in y))
    tr, te = [], []
    for _ in range(5):
        p = rng.permutation(len(y))
        tr.append(",".join(map(str, sorted(p[:ntrain]))))
        te.append(",".join(map(str, sorted(p[ntrain:]))))
    with open(f"{d}/train.csv", "w") as f:
        f.write("\n".join(tr) + "\n")
    with open(f"{d}/test.csv", "w") as f:
        f.write("\n".join(te) + "\n")
