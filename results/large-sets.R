# Writes two large several-class benchmark folders from R's mlbench for the check of the finer
# class centroids (docs/ALGORITHMS.md, section 4.2): the 3-class waveform, 2,000 of 5,000 points
# for training (5 realisations), and 20,000 rows of the shuttle data, 10,000 for training and
# 10,000 for testing (3 realisations; 7 classes, two of them with a few rows only).
# Needs Debian's r-cran-mlbench. Usage: Rscript results/large-sets.R OUT_DIR
library(mlbench)
args <- commandArgs(trailingOnly = TRUE)
root <- if (length(args) > 0) args[1] else "large-sets"
dir.create(root, showWarnings = FALSE, recursive = TRUE)
folder <- function(name, X, y, train, test) {
  d <- file.path(root, name)
  dir.create(d, showWarnings = FALSE)
  write.table(X, file.path(d, "x.csv"), sep = ",", row.names = FALSE, col.names = FALSE)
  write.table(y, file.path(d, "y.csv"), row.names = FALSE, col.names = FALSE, quote = FALSE)
  writeLines(train, file.path(d, "train.csv"))
  writeLines(test, file.path(d, "test.csv"))
}
set.seed(3)
s <- mlbench.waveform(5000)
tr <- c(); te <- c()
for (k in 1:5) {
  p <- sample(5000) - 1
  tr <- c(tr, paste(sort(p[1:2000]), collapse = ","))
  te <- c(te, paste(sort(p[2001:5000]), collapse = ","))
}
folder("wave3big", s$x, paste0("w", as.integer(s$classes)), tr, te)
data(Shuttle)
set.seed(7)
tr <- c(); te <- c()
for (k in 1:3) {
  p <- sample(nrow(Shuttle))
  tr <- c(tr, paste(sort(p[1:10000]) - 1, collapse = ","))
  te <- c(te, paste(sort(p[10001:20000]) - 1, collapse = ","))
}
folder("shuttle", Shuttle[, 1:9], as.character(Shuttle$Class), tr, te)
