#!/usr/bin/python3
"""Peer benchmark: a relevance vector machine (RVM) after Tipping (2001), "Sparse Bayesian
learning and the relevance vector machine", Journal of Machine Learning Research 1, 211-244.

This is a BENCHMARK, never a test: it prints numbers to compare sparsekernel with and asserts
nothing. Run it with Debian's python (/usr/bin/python3; numpy and scipy).

Model: f(x) = w_0 + sum_i w_i k(x, x_i), one Gaussian basis k(x, z) = exp(-sigma |x - z|^2)
centred on every training point plus a bias, each weight with its own zero-mean Gaussian prior
of precision alpha_i. Inputs are standardised with the training split's mean and standard
deviation (ddof 0; the test split with the same numbers). The width sigma comes from the
standardised training inputs as kernlab's sigest does it: floor(N/2) random pairs (drawn with
replacement, numpy default_rng(k) for realisation k, 0-based), squared distances d (zeros
dropped), sigma = mean(1/q_0.9(d), 1/q_0.1(d)) with linear-interpolation quantiles (R's type 7).

Training: Tipping's original re-estimation (not the fast marginal-likelihood variant of Tipping
and Faul, 2003), all alpha_i = 1/N^2 at the start, weights 0:
  * classification (labels +1/-1): Bernoulli likelihood with the logistic link, Laplace
    approximation. For the current alphas the posterior mode of w is found by Newton's method
    (IRLS) with step halving, warm-started from the previous mode (at least 1 and at most 25 steps,
    stop when |gradient| / M < 1e-6, M = basis functions in the model); Sigma = (Phi' B Phi + A)^-1 at the
    mode, B = diag(p (1 - p));
  * regression (other numeric labels): Gaussian likelihood; the targets are centred and scaled
    by the training split's mean and standard deviation for the fit (predictions are mapped back;
    test MSE in the units of y); Sigma = (beta Phi' Phi + A)^-1, mu = beta Sigma Phi' t; the noise
    precision is re-estimated, 1/beta = |t - Phi mu|^2 / (N - sum gamma), starting from
    1/beta = (0.1 sd(t))^2;
  * then gamma_i = 1 - alpha_i Sigma_ii, alpha_i <- gamma_i / mu_i^2, and basis functions (the bias
    included) whose alpha exceeds 1e9 are pruned for good;
  * converged when no function was pruned and max |delta ln alpha_i| < 1e-3 over those kept; at
    most --max-iter (default 5000) re-estimations. The final weights are the posterior mode (mean)
    for the final alphas. `iterations` and `converged` are recorded per realisation.
Cost: the first re-estimations work with all N+1 functions (O(N M^2) per Newton step for
classification, O(M^3) per step for both); pruning shrinks M quickly. BLAS is kept to one thread
(OPENBLAS_NUM_THREADS=1 unless already set).

Measured on the test split: test error in percent misclassified (sign of f) or test MSE; size =
number of relevance vectors (kernel functions kept, the bias not counted; `bias` says whether it
was kept, `distinct_rv` counts distinct training inputs among the relevance vectors: duplicate
training rows give identical basis functions, which the re-estimation does not merge). For
classification also the log-loss and Brier score of p = 1 / (1 + exp(-f)) at the posterior mode
(no moderation of the Laplace posterior; Brier: sum over both classes, in [0, 2]).

Output: one JSON line per folder with the keys of `sparsekernel bench -json` (dataset, method
"rvm-tipping", task, metric, realisations, first, test_error_mean, test_error_std (sample std,
n-1), size_mean, size_std, evaluations_mean (re-estimations), fit_seconds_mean, wall_seconds),
cpu_seconds_mean, load_average (the machine's 1/5/15-minute load when the folder finished),
test_logloss_* / test_brier_* for classification, and per_realisation (index, test_error, size,
evaluations, seconds (wall time of standardising, width estimate, fit and prediction), cpu_seconds
(the same as process CPU time, less sensitive to other jobs on the machine), sigma, iterations, converged, bias,
distinct_rv, noise_sd for regression, test_logloss and test_brier for classification).

Usage:
  nice -n 10 /usr/bin/python3 peers/rvm.py [-k K] [--first F] [-o OUT.jsonl] FOLDER [FOLDER ...]
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402
import scipy  # noqa: E402
from scipy.linalg import LinAlgError, cho_factor, cho_solve, lapack  # noqa: E402
from scipy.special import expit  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peerio  # noqa: E402

ALPHA_MAX = 1e9      # prune a basis function when its alpha exceeds this
TOL_LOG_ALPHA = 1e-3  # convergence: max |delta ln alpha| over the functions kept
NEWTON_MAX = 25       # Newton (IRLS) steps per posterior mode
GRAD_STOP = 1e-6      # Newton stop: |gradient| / M below this
STEP_MIN = 2.0 ** -8  # smallest step of the step-halving line search


def sigest(z, rng, frac=0.5):
    """kernlab's sigest on (already standardised) inputs: mean of 1/q_0.9 and 1/q_0.1 of the
    non-zero squared distances of floor(frac N) random pairs."""
    m = z.shape[0]
    n = max(int(np.floor(frac * m)), 1)
    i1 = rng.integers(0, m, n)
    i2 = rng.integers(0, m, n)
    d = np.sum((z[i1] - z[i2]) ** 2, axis=1)
    d = d[d != 0]
    if d.size == 0:
        return 1.0
    q = np.quantile(d, [0.9, 0.1])
    return float(np.mean(1.0 / q))


def sqdist(a, b):
    d = np.sum(a * a, axis=1)[:, None] + np.sum(b * b, axis=1)[None, :] - 2.0 * (a @ b.T)
    np.maximum(d, 0.0, out=d)
    return d


def design(z, centres, sigma):
    """[1, k(z, c_1), ..., k(z, c_N)]."""
    k = np.exp(-sigma * sqdist(z, centres))
    return np.hstack([np.ones((z.shape[0], 1)), k])


def chol_inv_diag(h):
    """Cholesky factor of the SPD matrix h (with a jitter fallback) and the diagonal of h^-1."""
    jitter = 0.0
    for _ in range(8):
        try:
            c = cho_factor(h if jitter == 0.0 else h + jitter * np.eye(h.shape[0]), lower=True,
                           check_finite=False)
            break
        except LinAlgError:
            jitter = max(jitter * 10.0, 1e-10 * float(np.mean(np.diag(h))))
    else:
        raise LinAlgError("Hessian not positive definite")
    inv, info = lapack.dpotri(c[0], lower=1)
    if info != 0:
        raise LinAlgError(f"dpotri info {info}")
    return c, np.diag(inv).copy()


def penalised_loglik(f, t, w, a):
    # Bernoulli log-likelihood of t in {0,1} with logits f, minus the Gaussian prior term
    return float(np.sum(t * f - np.logaddexp(0.0, f)) - 0.5 * np.sum(a * w * w))


def posterior_mode(P, t, a, w, pbp=None):
    """Newton / IRLS for the mode of the penalised Bernoulli log-likelihood, warm start w.
    pbp, if given, is P' B P from the previous mode (pruned to P's columns): it stands in for the
    Hessian of the first step, so that a re-estimation usually costs one O(N M^2) product.
    Returns the mode, diag(Sigma) (Sigma the inverse Hessian at the mode) and P' B P there."""
    m = P.shape[1]
    f = P @ w
    obj = penalised_loglik(f, t, w, a)
    for it in range(NEWTON_MAX + 1):
        p = expit(f)
        g = P.T @ (t - p) - a * w
        if it == 0 and pbp is not None:
            h = pbp.copy()
        else:
            h = (P.T * (p * (1.0 - p))) @ P
            pbp = h.copy()
        h[np.diag_indices(m)] += a
        # at least one Newton step: with a stale warm start, nearly pruned weights (|w| far below
        # the gradient tolerance) would keep their old values and their alphas would cycle
        if it == NEWTON_MAX or (it > 0 and np.linalg.norm(g) / m < GRAD_STOP):
            break
        try:
            d = cho_solve(cho_factor(h, lower=True, check_finite=False), g, check_finite=False)
        except LinAlgError:
            d = np.linalg.lstsq(h, g, rcond=None)[0]
        step = 1.0
        moved = False
        while step >= STEP_MIN:
            wn = w + step * d
            fn = P @ wn
            on = penalised_loglik(fn, t, wn, a)
            # (a loss below rounding counts as no loss: near the mode the objective is flat to
            # machine precision while tiny weights still have to move)
            if on >= obj - 1e-12 * (1.0 + abs(obj)):
                w, f, obj, moved = wn, fn, on, True
                break
            step *= 0.5
        if not moved:
            if it == 0:  # h may be the stale one: recompute it at w for Sigma
                h = (P.T * (p * (1.0 - p))) @ P
                pbp = h.copy()
                h[np.diag_indices(m)] += a
            break
    _, dsig = chol_inv_diag(h)
    return w, dsig, pbp


def update_alpha(alpha_a, mu, dsig):
    """Tipping's re-estimation; returns the new alphas, gamma and the mask of functions kept."""
    gamma = np.clip(1.0 - alpha_a * dsig, 1e-12, 1.0)
    with np.errstate(divide="ignore", over="ignore"):
        new = gamma / (mu * mu)
    keep = np.isfinite(new) & (new < ALPHA_MAX)
    if not keep.any():  # keep at least the best-determined function
        keep[np.argmin(new)] = True
        new[~np.isfinite(new)] = ALPHA_MAX
    return new, gamma, keep


def fit_classifier(P, t, max_iter):
    """P: N x M0 design (bias first), t in {0,1}. Returns (active indices, weights, iterations,
    converged)."""
    n, m0 = P.shape
    active = np.arange(m0)
    alpha = np.full(m0, 1.0 / n ** 2)
    w = np.zeros(m0)
    converged = False
    it = 0
    pbp = None
    for it in range(1, max_iter + 1):
        w, dsig, pbp = posterior_mode(P[:, active], t, alpha, w, pbp)
        new, _, keep = update_alpha(alpha, w, dsig)
        dlog = np.max(np.abs(np.log(new[keep]) - np.log(alpha[keep])))
        pruned = not keep.all()
        active, alpha, w = active[keep], new[keep], w[keep]
        if pruned:
            pbp = pbp[np.ix_(keep, keep)]
        if not pruned and dlog < TOL_LOG_ALPHA:
            converged = True
            break
    w, _, _ = posterior_mode(P[:, active], t, alpha, w)
    return active, w, it, converged


def fit_regressor(P, t, max_iter):
    """Gaussian likelihood; t centred and scaled. Returns (active, mu, noise sd, iterations,
    converged)."""
    n, m0 = P.shape
    PtP = P.T @ P
    Ptt = P.T @ t
    tt = float(t @ t)
    active = np.arange(m0)
    alpha = np.full(m0, 1.0 / n ** 2)
    beta = 1.0 / (0.1 * max(float(np.std(t)), 1e-12)) ** 2
    converged = False
    it = 0

    def posterior(active, alpha, beta):
        h = beta * PtP[np.ix_(active, active)]
        h[np.diag_indices(len(active))] += alpha
        c, dsig = chol_inv_diag(h)
        mu = beta * cho_solve(c, Ptt[active], check_finite=False)
        return mu, dsig

    for it in range(1, max_iter + 1):
        mu, dsig = posterior(active, alpha, beta)
        new, gamma, keep = update_alpha(alpha, mu, dsig)
        rss = tt - 2.0 * float(mu @ Ptt[active]) + float(mu @ PtP[np.ix_(active, active)] @ mu)
        rss = max(rss, 1e-300)
        beta = max(n - float(np.sum(gamma)), 1e-6) / rss
        dlog = np.max(np.abs(np.log(new[keep]) - np.log(alpha[keep])))
        pruned = not keep.all()
        active, alpha = active[keep], new[keep]
        if not pruned and dlog < TOL_LOG_ALPHA:
            converged = True
            break
    mu, _ = posterior(active, alpha, beta)
    return active, mu, 1.0 / np.sqrt(beta), it, converged


def one(x, raw, num, classify, tr, te, k, max_iter):
    t0, c0 = time.perf_counter(), time.process_time()
    ztr, zte = peerio.standardise(x[tr], x[te])
    rng = np.random.default_rng(k)
    sigma = sigest(ztr, rng)
    P = design(ztr, ztr, sigma)
    rec = {"index": k}
    if classify:
        t = (num[tr] > 0).astype(float)
        active, w, iters, conv = fit_classifier(P, t, max_iter)
    else:
        ym, ys = float(np.mean(num[tr])), float(np.std(num[tr]))
        if ys == 0:
            ys = 1.0
        active, w, noise, iters, conv = fit_regressor(P, (num[tr] - ym) / ys, max_iter)
    kern = active[active > 0] - 1  # training points kept as relevance vectors
    bias = bool(np.any(active == 0))
    Pte = np.exp(-sigma * sqdist(zte, ztr[kern]))
    f = Pte @ w[active > 0] + (w[active == 0][0] if bias else 0.0)
    secs, cpu = time.perf_counter() - t0, time.process_time() - c0
    if classify:
        yte = num[te]
        rec["test_error"] = 100.0 * float(np.mean(np.where(f > 0, 1.0, -1.0) != yte))
        p1 = expit(f)
        ll, br = peerio.proba_scores(np.column_stack([1.0 - p1, p1]), (yte > 0).astype(np.int64))
    else:
        rec["test_error"] = float(np.mean((f * ys + ym - num[te]) ** 2))
    rec["size"] = int(kern.size)
    rec["evaluations"] = iters
    rec["seconds"] = secs
    rec["cpu_seconds"] = cpu
    rec["sigma"] = sigma
    rec["iterations"] = iters
    rec["converged"] = conv
    rec["bias"] = bias
    rec["distinct_rv"] = int(np.unique(x[tr][kern], axis=0).shape[0]) if kern.size else 0
    if classify:
        rec["test_logloss"] = ll
        rec["test_brier"] = br
    else:
        rec["noise_sd"] = noise * ys
    return rec


def run(folder, K, first, max_iter, task, progress=True):
    start = time.perf_counter()
    x, raw, num, trains, tests = peerio.read_folder(folder)
    task = peerio.task_of(raw, num, task)
    if num is None:
        raise SystemExit(f"{folder}: y.csv is not numeric (rvm.py handles two-class +1/-1 and regression)")
    classify = task == "classification"
    if classify and not set(np.unique(num).tolist()) <= {-1.0, 1.0}:
        raise SystemExit(f"{folder}: rvm.py classifies two-class sets with labels +1/-1 only")
    ks = peerio.realisations(len(trains), K, first)
    name = os.path.basename(os.path.normpath(folder))
    per = []
    for i, k in enumerate(ks):
        per.append(one(x, raw, num, classify, trains[k], tests[k], k, max_iter))
        if progress:
            r = per[-1]
            extra = f"ll={r['test_logloss']:.4f} " if classify else f"noise={r['noise_sd']:.4g} "
            print(f"{name} {i + 1}/{len(ks)} err={r['test_error']:.4g} rv={r['size']} "
                  f"({r['distinct_rv']} distinct) sigma={r['sigma']:.4g} {extra}it={r['iterations']}"
                  f"{'' if r['converged'] else ' (not converged)'} t={r['seconds']:.2f}s",
                  file=sys.stderr, flush=True)
    em, es = peerio.mean_std([r["test_error"] for r in per])
    sm, ss = peerio.mean_std([r["size"] for r in per])
    vm, _ = peerio.mean_std([r["evaluations"] for r in per])
    fm, _ = peerio.mean_std([r["seconds"] for r in per])
    cm, _ = peerio.mean_std([r["cpu_seconds"] for r in per])
    res = {
        "dataset": name,
        "method": "rvm-tipping",
        "task": task,
        "metric": "error%" if classify else "mse",
        "realisations": len(per),
        "first": ks[0] + 1,
        "test_error_mean": em,
        "test_error_std": es,
        "size_mean": sm,
        "size_std": ss,
        "evaluations_mean": vm,
        "fit_seconds_mean": fm,
        "wall_seconds": 0.0,
    }
    if classify:
        res["test_logloss_mean"], res["test_logloss_std"] = peerio.mean_std([r["test_logloss"] for r in per])
        res["test_brier_mean"], res["test_brier_std"] = peerio.mean_std([r["test_brier"] for r in per])
    res["cpu_seconds_mean"] = cm
    res["load_average"] = list(os.getloadavg())
    res["not_converged"] = sum(1 for r in per if not r["converged"])
    res["max_iter"] = max_iter
    res["numpy_version"] = np.__version__
    res["scipy_version"] = scipy.__version__
    res["per_realisation"] = per
    res["wall_seconds"] = time.perf_counter() - start
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+", help="data folders (x.csv, y.csv, train.csv, test.csv)")
    ap.add_argument("-k", type=int, default=0, help="run K realisations (0: all from --first on)")
    ap.add_argument("--first", type=int, default=1, help="start at realisation F (1-based; default 1)")
    ap.add_argument("-o", "--out", help="append the JSON lines to this file as well")
    ap.add_argument("--max-iter", type=int, default=5000, help="cap on alpha re-estimations (default 5000)")
    ap.add_argument("--task", choices=["auto", "classification", "regression"], default="auto",
                    help="auto: labels +1/-1 are two-class, other numbers regression")
    ap.add_argument("-q", "--quiet", action="store_true", help="no per-realisation progress on stderr")
    a = ap.parse_args()
    for folder in a.folders:
        res = run(folder, a.k, a.first, a.max_iter, a.task, progress=not a.quiet)
        line = json.dumps(res)
        print(line, flush=True)
        if a.out:
            with open(a.out, "a") as f:
                f.write(line + "\n")


if __name__ == "__main__":
    main()
