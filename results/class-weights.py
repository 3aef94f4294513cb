"""Measures class weights: the default's test error, balanced error (the mean over the classes
of 1 - recall) and test log-loss, unweighted and with -class-weight balanced, on benchmark
folders; with --svc, scikit-learn's SVC with class_weight="balanced" and its 8 x 8 grid chosen
by the balanced accuracy of shuffled, stratified 5-fold cross-validation, on the same splits.
Each folder is given as DIR:FIRST-LAST (realisations, 1-based). Writes one line a realisation:
set, realisation, then error, balanced error and log-loss unweighted and balanced (or, with
--svc, the SVC's error and balanced error).
Usage: /usr/bin/python3 results/class-weights.py [--svc] [--bin sparsekernel] DIR:FIRST-LAST...
"""
import os
import re
import subprocess
import tempfile

from holdout import options

switches, binary, args = options({"--svc"})
svc = "--svc" in switches


def rows(path, k):
    return [int(v) - 1 for v in open(path).read().splitlines()[k - 1].split(",")]


def ours(d, k, tmp):
    X = open(d + "/x.csv").read().splitlines()
    Y = open(d + "/y.csv").read().splitlines()
    files = []
    for part in ("train", "test"):
        f = os.path.join(tmp, part + ".csv")
        with open(f, "w") as out:  # labels as text: always classes
            out.writelines(X[i] + ",c" + Y[i].strip() + "\n" for i in rows(d + "/" + part + ".csv", k))
        files.append(f)
    line = []
    for flags in ([], ["-class-weight", "balanced"]):
        r = subprocess.run([binary, "eval", "-quiet"] + flags + files, capture_output=True, text=True, check=True)
        for pattern in (r"test error: ([\d.]+)%", r"balanced error: ([\d.]+)%", r"log-loss ([\d.]+)"):
            line.append(re.search(pattern, r.stdout).group(1))
    return line


def peer(d, k):
    import numpy as np
    from sklearn.metrics import balanced_accuracy_score
    from sklearn.model_selection import GridSearchCV, StratifiedKFold
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import SVC
    X = np.loadtxt(d + "/x.csv", delimiter=",")
    y = np.loadtxt(d + "/y.csv", delimiter=",", dtype=str)
    a, b = np.array(rows(d + "/train.csv", k)), np.array(rows(d + "/test.csv", k))
    sc = StandardScaler().fit(X[a])
    grid = {"C": 2.0 ** np.arange(-3, 13, 2), "gamma": 2.0 ** np.arange(-13, 3, 2)}
    g = GridSearchCV(SVC(class_weight="balanced"), grid, scoring="balanced_accuracy",
                     cv=StratifiedKFold(5, shuffle=True, random_state=k))
    g.fit(sc.transform(X[a]), y[a])
    p = g.predict(sc.transform(X[b]))
    return ["%.2f" % (100 * np.mean(p != y[b])), "%.2f" % (100 * (1 - balanced_accuracy_score(y[b], p)))]


with tempfile.TemporaryDirectory() as tmp:
    for spec in args:
        d, span = spec.rsplit(":", 1)
        first, last = (int(v) for v in span.split("-"))
        for k in range(first, last + 1):
            line = peer(d, k) if svc else ours(d, k, tmp)
            print("\t".join([os.path.basename(d.rstrip("/")), str(k)] + line), flush=True)
