#!/usr/bin/Rscript
# Peer benchmark: kernlab's lssvm (classification and regression) and rvm (regression only),
# both with kernlab's automatic RBF width (sigest) and default settings. BENCHMARK, never a test.
#
# For each data folder (x.csv, y.csv, train.csv, test.csv; line k of train.csv/test.csv is
# realisation k as 0-based row indices) and each of the first K realisations:
#   * set.seed(k) (sigest draws a random sample of pairs; lssvm's reduced solver does not);
#   * features standardised with the training split's mean and sd (sd with n-1; a constant
#     column keeps sd 1), the test split with the same numbers; kernlab's own scaling is off
#     (scaled = FALSE) so that both tools see exactly the same inputs;
#   * classification (labels +1/-1): lssvm(x, factor(y), kernel = "rbfdot", kpar = "automatic",
#     scaled = FALSE) with kernlab's defaults: tau = 0.01, reduced = TRUE (incomplete Cholesky
#     with rank floor(n/3), tol 1e-4, delta 40). Size = nSV = number of pivots of the reduced
#     basis. NOTE: lssvm drops duplicate (y, x) training rows (unique()) before fitting; this
#     matters on titanic (150 rows, about two dozen distinct).
#     rvm is skipped for classification: kernlab's rvm implements regression only.
#   * regression: y is centred on the training mean (kernlab's rvm has no bias term), then
#     rvm(x, y, kernel = "rbfdot", kpar = "automatic") with defaults (iterations = 100, var 0.1).
#     Test MSE in the units of y. Size = number of relevance vectors.
#     lssvm is skipped for regression: in kernlab 0.9-32 lssvm(..., type = "regression") stops
#     with "argument is of length zero" in csi() (it passes y on as a vector where csi needs a
#     matrix), for the matrix and the formula interface alike.
# Output: one JSON line per (folder, method), keys as `sparsekernel bench -json`
# (test_error in % for classification, MSE for regression; std is the sample std, n-1).
#
# Usage: nice -n 10 Rscript peers/rvm_lssvm.R [-k K] [-o OUT.jsonl] FOLDER [FOLDER ...]

suppressPackageStartupMessages(library(kernlab))

args <- commandArgs(trailingOnly = TRUE)
K <- 0L
out <- NULL
folders <- character()
i <- 1L
while (i <= length(args)) {
  a <- args[i]
  if (a == "-k") { K <- as.integer(args[i + 1L]); i <- i + 2L; next }
  if (a == "-o") { out <- args[i + 1L]; i <- i + 2L; next }
  folders <- c(folders, a); i <- i + 1L
}
if (length(folders) == 0L) stop("usage: rvm_lssvm.R [-k K] [-o OUT.jsonl] FOLDER ...")

read_lines_idx <- function(path) {
  l <- readLines(path)
  l <- l[nchar(l) > 0]
  lapply(strsplit(l, ",", fixed = TRUE), function(s) as.integer(s) + 1L)  # 0-based -> 1-based
}

num <- function(v) sprintf("%.17g", v)

mean_std <- function(v) c(mean(v), if (length(v) > 1) sd(v) else 0)

quiet <- function(expr) { r <- NULL; invisible(capture.output(r <- expr)); r }

json_line <- function(ds, method, task, per, wall) {
  e <- mean_std(per$err); s <- mean_std(per$size); f <- mean(per$secs)
  pr <- paste0("{\"index\":", per$index, ",\"test_error\":", num(per$err), ",\"size\":", per$size,
               ",\"seconds\":", num(per$secs), ",\"sigma\":", num(per$sigma),
               ",\"distinct_train_rows\":", per$n_distinct, "}", collapse = ",")
  paste0("{\"dataset\":\"", ds, "\",\"method\":\"", method, "\",\"task\":\"", task,
         "\",\"realisations\":", nrow(per), ",\"test_error_mean\":", num(e[1]),
         ",\"test_error_std\":", num(e[2]), ",\"size_mean\":", num(s[1]), ",\"size_std\":", num(s[2]),
         ",\"fit_seconds_mean\":", num(f), ",\"wall_seconds\":", num(wall),
         ",\"kernlab_version\":\"", as.character(packageVersion("kernlab")),
         "\",\"per_realisation\":[", pr, "]}")
}

for (folder in folders) {
  ds <- basename(normalizePath(folder))
  x <- as.matrix(read.csv(file.path(folder, "x.csv"), header = FALSE))
  y <- scan(file.path(folder, "y.csv"), quiet = TRUE)
  trs <- read_lines_idx(file.path(folder, "train.csv"))
  tes <- read_lines_idx(file.path(folder, "test.csv"))
  total <- if (K > 0L) min(K, length(trs)) else length(trs)
  classify <- all(y %in% c(-1, 1))
  methods <- if (classify) "kernlab-lssvm" else "kernlab-rvm"
  for (method in methods) {
    t_start <- proc.time()[["elapsed"]]
    per <- data.frame(index = integer(), err = numeric(), size = integer(), secs = numeric(),
                      sigma = numeric(), n_distinct = integer())
    for (k in seq_len(total) - 1L) {
      t0 <- proc.time()[["elapsed"]]
      set.seed(k)
      tr <- trs[[k + 1L]]; te <- tes[[k + 1L]]
      mu <- colMeans(x[tr, , drop = FALSE])
      sdv <- apply(x[tr, , drop = FALSE], 2, sd)
      sdv[!is.finite(sdv) | sdv == 0] <- 1
      xtr <- sweep(sweep(x[tr, , drop = FALSE], 2, mu), 2, sdv, "/")
      xte <- sweep(sweep(x[te, , drop = FALSE], 2, mu), 2, sdv, "/")
      if (classify) {
        m <- quiet(lssvm(xtr, factor(y[tr]), kernel = "rbfdot", kpar = "automatic", scaled = FALSE))
        pred <- as.numeric(as.character(predict(m, xte)))
        err <- 100 * mean(pred != y[te])
      } else {
        ym <- mean(y[tr])
        m <- quiet(rvm(xtr, y[tr] - ym, kernel = "rbfdot", kpar = "automatic"))
        pred <- as.numeric(predict(m, xte)) + ym
        err <- mean((pred - y[te])^2)
      }
      size <- if (method == "kernlab-rvm") length(RVindex(m)) else nSV(m)
      n_distinct <- nrow(unique(data.frame(y[tr], xtr)))
      secs <- proc.time()[["elapsed"]] - t0
      per[nrow(per) + 1L, ] <- list(k, err, size, secs, kpar(kernelf(m))$sigma, n_distinct)
      message(sprintf("%s %s %d/%d err=%.4g size=%d t=%.2fs", ds, method, k + 1L, total, err, size, secs))
    }
    line <- json_line(ds, method, if (classify) "classification" else "regression", per,
                      proc.time()[["elapsed"]] - t_start)
    cat(line, "\n", sep = "")
    if (!is.null(out)) cat(line, "\n", sep = "", file = out, append = TRUE)
  }
}
