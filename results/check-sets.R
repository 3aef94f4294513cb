# Writes benchmark folders (x.csv, y.csv, train.csv, test.csv; 10 random realisations each) of
# six several-class sets from R's mlbench that the default was never developed on, used to
# check the class map on the inputs (docs/ALGORITHMS.md, section 4.8): the 3-class waveform
# (300 of 1,000 points for training), six 2-D normals (300 of 900), soybean without missing
# values (400 of 562; 15 classes), an 8-class hypercube (400 of 896), a simplex (250 of 448)
# and a second cassini (400 of 1,200). Needs Debian's r-cran-mlbench.
# Usage: Rscript results/check-sets.R OUT_DIR
library(mlbench)
args <- commandArgs(trailingOnly = TRUE)
root <- if (length(args) > 0) args[1] else "check-sets"
dir.create(root, showWarnings = FALSE, recursive = TRUE)
set.seed(77)
out <- function(name, X, y, ntrain, K = 10) {
  d <- file.path(root, name); dir.create(d, showWarnings = FALSE)
  X <- as.data.frame(X)
  for (j in seq_along(X)) if (is.factor(X[[j]])) X[[j]] <- as.numeric(as.character(X[[j]]))
  write.table(X, file.path(d, "x.csv"), sep = ",", row.names = FALSE, col.names = FALSE)
  write.table(data.frame(y), file.path(d, "y.csv"), sep = ",", row.names = FALSE, col.names = FALSE, quote = FALSE)
  n <- nrow(X); tr <- character(K); te <- character(K)
  for (k in 1:K) { p <- sample(n) - 1
    tr[k] <- paste(sort(p[1:ntrain]), collapse = ","); te[k] <- paste(sort(p[(ntrain + 1):n]), collapse = ",") }
  writeLines(tr, file.path(d, "train.csv")); writeLines(te, file.path(d, "test.csv"))
}
s <- mlbench.waveform(1000); out("waveform3", s$x, paste0("w", s$classes), 300)
s <- mlbench.2dnormals(900, cl = 6, sd = 1); out("normals6", s$x, paste0("n", s$classes), 300)
data(Soybean); S <- na.omit(Soybean); Sx <- S[, 2:36]; for (j in 1:35) Sx[[j]] <- as.numeric(Sx[[j]]); out("soybean", Sx, paste0("c", as.integer(S$Class)), 400)
s <- mlbench.hypercube(900, d = 3, sides = 1, sd = 0.1); out("cube8", s$x, paste0("h", s$classes), 400)
s <- mlbench.simplex(900, d = 3, sides = 1, sd = 0.1); out("simplex", s$x, paste0("s", s$classes), 250)
s <- mlbench.cassini(1200); out("cassini2", s$x, paste0("c", s$classes), 400)
