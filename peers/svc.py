#!/usr/bin/python3
"""Peer benchmark: scikit-learn SVC / SVR (RBF kernel) with a cross-validated grid search.

This is a BENCHMARK, never a test: it prints numbers to compare sparsekernel with, it asserts
nothing. Run it with Debian's python (/usr/bin/python3, package python3-sklearn).

For each data folder (x.csv, y.csv, train.csv, test.csv, where line k of train.csv / test.csv is
realisation k as 0-based row indices) and each chosen realisation:

  * features are standardised with the mean and standard deviation of the training split only
    (a StandardScaler inside the pipeline, so inside the grid search each CV fold is scaled by
    its own fitting part, and the final model by the whole training split);
  * classification (labels +1/-1, or class names: any y.csv that is not all numbers):
    SVC(kernel="rbf") with a grid over
        C     in 2^{-2, 0, 2, ..., 12}   (8 values; --c-exp)
        gamma in 2^{-12, -10, ..., 2}    (8 values; --gamma-exp)
    chosen by 5-fold CV accuracy with StratifiedKFold(shuffle=True, random_state=k). More than
    two classes: libsvm's one-vs-one scheme (C(C-1)/2 binary SVMs sharing C and gamma, prediction
    by voting), scikit-learn's only multi-class mode for SVC;
  * regression (numbers other than +1/-1, e.g. boston): SVR(kernel="rbf") with the same C and
    gamma grid times epsilon in {0.1, 0.5, 1, 2} (in the units of y, which is not rescaled),
    chosen by 5-fold CV mean squared error with KFold(shuffle=True, random_state=k);
  * the best setting (ties: the first in grid order, GridSearchCV's rule) is refitted on the whole
    training split and measured on the test split: test error in percent misclassified
    (classification) or test MSE (regression), and the number of support vectors (for several
    classes: distinct training points that are a support vector of at least one binary SVM);
  * with --proba (classification only): SVC(probability=True, random_state=k) is refitted at the
    chosen C and gamma (same pipeline). libsvm then fits Platt's sigmoid to decision values from
    an internal 5-fold CV of the training split and, for several classes, couples the pairwise
    probabilities (Wu, Lin and Weng, 2004, "Probability estimates for multi-class classification
    by pairwise coupling", JMLR). Reported on the test split: log-loss = mean of -ln p(true class)
    (p floored at 1e-15) and Brier score = mean over points of sum over classes
    (p_c - [y = c])^2 (Brier's 1950 definition, in [0, 2]; for two classes twice the common
    (p - y)^2 form), and proba_test_error, the error of argmax p (which may differ from the
    SVM's own vote, used for test_error).

Output: one JSON line per folder, with the keys of `sparsekernel bench -json` (dataset, method,
task, metric, realisations, first, test_error_mean, test_error_std (sample std, n-1), size_mean,
size_std (support vectors), evaluations_mean (SVM fits per realisation), fit_seconds_mean,
wall_seconds), the grid, classes, test_logloss_mean/std and test_brier_mean/std with --proba, and
cpu_seconds_mean, load_average (the machine's 1/5/15-minute load when the folder finished), and
per_realisation (index, test_error, size, seconds (wall time of grid search + refit + prediction;
without the probability refit), cpu_seconds (the same as process CPU time), refit_seconds (the
one final fit), C, gamma, epsilon, cv_score (the best mean CV accuracy, or minus the MSE), with
--cv-table the whole grid (cv_params, cv_mean_score); with --proba also test_logloss, test_brier, proba_test_error, proba_seconds).

Usage:
  nice -n 10 /usr/bin/python3 peers/svc.py [-k K] [--first F] [--proba] [-o OUT.jsonl] FOLDER ...
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402
import sklearn  # noqa: E402
from sklearn.base import clone  # noqa: E402
from sklearn.model_selection import GridSearchCV, KFold, StratifiedKFold  # noqa: E402
from sklearn.pipeline import Pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402
from sklearn.svm import SVC, SVR  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peerio  # noqa: E402

EPS_GRID = [0.1, 0.5, 1.0, 2.0]
FOLDS = 5


def exp_grid(spec):
    """'lo:hi:step' -> [2^lo, 2^(lo+step), ..., 2^hi]."""
    lo, hi, step = (int(v) for v in spec.split(":"))
    return [2.0 ** e for e in range(lo, hi + 1, step)]


def one(x, y, tr, te, k, classify, grid_c, grid_gamma, proba, cv_table=False):
    t0, c0 = time.perf_counter(), time.process_time()
    if classify:
        est = SVC(kernel="rbf", cache_size=500)
        grid = {"svm__C": grid_c, "svm__gamma": grid_gamma}
        cv = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=k)
        scoring = "accuracy"
    else:
        est = SVR(kernel="rbf", cache_size=500)
        grid = {"svm__C": grid_c, "svm__gamma": grid_gamma, "svm__epsilon": EPS_GRID}
        cv = KFold(n_splits=FOLDS, shuffle=True, random_state=k)
        scoring = "neg_mean_squared_error"
    pipe = Pipeline([("scale", StandardScaler()), ("svm", est)])
    gs = GridSearchCV(pipe, grid, scoring=scoring, cv=cv, refit=True, n_jobs=1, error_score="raise")
    gs.fit(x[tr], y[tr])
    pred = gs.predict(x[te])
    secs, cpu = time.perf_counter() - t0, time.process_time() - c0
    if classify:
        err = 100.0 * float(np.mean(pred != y[te]))
    else:
        err = float(np.mean((pred - y[te]) ** 2))
    svm = gs.best_estimator_.named_steps["svm"]
    n_fits = len(gs.cv_results_["params"]) * FOLDS + 1
    rec = {
        "index": k,
        "test_error": err,
        "size": int(svm.support_.shape[0]),
        "evaluations": n_fits,
        "seconds": secs,
        "cpu_seconds": cpu,
        "refit_seconds": float(gs.refit_time_),
        "C": gs.best_params_["svm__C"],
        "gamma": gs.best_params_["svm__gamma"],
    }
    if not classify:
        rec["epsilon"] = gs.best_params_["svm__epsilon"]
    rec["cv_score"] = float(gs.best_score_)
    if cv_table:
        rec["cv_params"] = [[p["svm__C"], p["svm__gamma"]] + ([p["svm__epsilon"]] if not classify else [])
                            for p in gs.cv_results_["params"]]
        rec["cv_mean_score"] = [float(v) for v in gs.cv_results_["mean_test_score"]]
    if proba:
        t1 = time.perf_counter()
        pm = clone(gs.best_estimator_)
        pm.set_params(svm__probability=True, svm__random_state=k)
        pm.fit(x[tr], y[tr])
        p = pm.predict_proba(x[te])
        classes = pm.named_steps["svm"].classes_
        yi = np.searchsorted(classes, y[te])
        rec["test_logloss"], rec["test_brier"] = peerio.proba_scores(p, yi)
        rec["proba_test_error"] = 100.0 * float(np.mean(np.argmax(p, axis=1) != yi))
        rec["proba_seconds"] = time.perf_counter() - t1
    return rec


def run(folder, K, first, grid_c, grid_gamma, proba, task, cv_table=False, progress=True):
    start = time.perf_counter()
    x, raw, num, trains, tests = peerio.read_folder(folder)
    task = peerio.task_of(raw, num, task)
    classify = task == "classification"
    if classify:
        y = num if num is not None and set(np.unique(num).tolist()) <= {-1.0, 1.0} else raw
    else:
        if num is None:
            raise SystemExit(f"{folder}: regression needs numeric y.csv")
        y = num
    if proba and not classify:
        raise SystemExit(f"{folder}: --proba is for classification sets")
    ks = peerio.realisations(len(trains), K, first)
    name = os.path.basename(os.path.normpath(folder))
    per = []
    for i, k in enumerate(ks):
        per.append(one(x, y, trains[k], tests[k], k, classify, grid_c, grid_gamma, proba, cv_table))
        if progress:
            r = per[-1]
            extra = ""
            if "epsilon" in r:
                extra += f"eps={r['epsilon']:g} "
            if proba:
                extra += f"ll={r['test_logloss']:.4f} brier={r['test_brier']:.4f} tp={r['proba_seconds']:.2f}s "
            print(f"{name} {i + 1}/{len(ks)} err={r['test_error']:.4g} sv={r['size']} C={r['C']:g} "
                  f"gamma={r['gamma']:g} {extra}t={r['seconds']:.2f}s", file=sys.stderr, flush=True)
    em, es = peerio.mean_std([r["test_error"] for r in per])
    sm, ss = peerio.mean_std([r["size"] for r in per])
    fm, _ = peerio.mean_std([r["seconds"] for r in per])
    res = {
        "dataset": name,
        "method": "svc-grid" if classify else "svr-grid",
        "task": task,
        "metric": "error%" if classify else "mse",
        "realisations": len(per),
        "first": ks[0] + 1,
        "test_error_mean": em,
        "test_error_std": es,
        "size_mean": sm,
        "size_std": ss,
        "evaluations_mean": float(per[0]["evaluations"]),
        "fit_seconds_mean": fm,
        "wall_seconds": 0.0,
    }
    if classify:
        res["classes"] = len(np.unique(y))
    if proba:
        res["test_logloss_mean"], res["test_logloss_std"] = peerio.mean_std([r["test_logloss"] for r in per])
        res["test_brier_mean"], res["test_brier_std"] = peerio.mean_std([r["test_brier"] for r in per])
        res["proba_test_error_mean"], _ = peerio.mean_std([r["proba_test_error"] for r in per])
        res["proba_seconds_mean"], _ = peerio.mean_std([r["proba_seconds"] for r in per])
    res["cpu_seconds_mean"], _ = peerio.mean_std([r["cpu_seconds"] for r in per])
    res["load_average"] = list(os.getloadavg())
    res["refit_seconds_mean"], _ = peerio.mean_std([r["refit_seconds"] for r in per])
    res["c_grid"] = grid_c
    res["gamma_grid"] = grid_gamma
    if not classify:
        res["epsilon_grid"] = EPS_GRID
    res["folds"] = FOLDS
    res["sklearn_version"] = sklearn.__version__
    res["per_realisation"] = per
    res["wall_seconds"] = time.perf_counter() - start
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+", help="data folders (x.csv, y.csv, train.csv, test.csv)")
    ap.add_argument("-k", type=int, default=0, help="run K realisations (0: all from --first on)")
    ap.add_argument("--first", type=int, default=1, help="start at realisation F (1-based; default 1)")
    ap.add_argument("-o", "--out", help="append the JSON lines to this file as well")
    ap.add_argument("--proba", action="store_true",
                    help="refit SVC(probability=True) at the chosen C, gamma; report test log-loss and Brier score")
    ap.add_argument("--c-exp", default="-2:12:2", help="C grid as base-2 exponents lo:hi:step (default -2:12:2)")
    ap.add_argument("--gamma-exp", default="-12:2:2",
                    help="gamma grid as base-2 exponents lo:hi:step (default -12:2:2)")
    ap.add_argument("--task", choices=["auto", "classification", "regression"], default="auto",
                    help="auto: +1/-1 or non-numeric labels are classes, other numbers regression")
    ap.add_argument("--cv-table", action="store_true",
                    help="record every grid point's mean CV score per realisation (cv_params, cv_mean_score)")
    ap.add_argument("-q", "--quiet", action="store_true", help="no per-realisation progress on stderr")
    a = ap.parse_args()
    grid_c, grid_gamma = exp_grid(a.c_exp), exp_grid(a.gamma_exp)
    for folder in a.folders:
        res = run(folder, a.k, a.first, grid_c, grid_gamma, a.proba, a.task, a.cv_table, progress=not a.quiet)
        line = json.dumps(res)
        print(line, flush=True)
        if a.out:
            with open(a.out, "a") as f:
                f.write(line + "\n")


if __name__ == "__main__":
    main()
