# out(root, name, X, y, K, frac) writes a benchmark folder root/name: x.csv (one row a point),
# y.csv (one label a line), and train.csv / test.csv, K random realisations of a frac / 1 -
# frac split (0-based row indices, sorted). Sourced by class-sets.R and power-sets.R.
out <- function(root, name, X, y, K = 10, frac = 0.7) {
  d <- file.path(root, name); dir.create(d, recursive = TRUE, showWarnings = FALSE)
  X <- as.matrix(X); storage.mode(X) <- "double"
  write.table(X, file.path(d, "x.csv"), sep = ",", row.names = FALSE, col.names = FALSE)
  writeLines(as.character(y), file.path(d, "y.csv"))
  n <- length(y); ntr <- round(frac * n); tr <- character(K); te <- character(K)
  for (k in 1:K) { p <- sample(n) - 1; tr[k] <- paste(sort(p[1:ntr]), collapse = ","); te[k] <- paste(sort(p[(ntr + 1):n]), collapse = ",") }
  writeLines(tr, file.path(d, "train.csv")); writeLines(te, file.path(d, "test.csv"))
}

