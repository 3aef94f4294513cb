# Writes benchmark folders (x.csv, y.csv, train.csv, test.csv; 10 random 70/30 realisations) of
# six sets of R's MASS package with skewed inputs, never used to develop the default, on which
# the power transform of skewed inputs was checked after it was built: melanoma (Melanoma:
# died of melanoma or not, from time, sex, age, year, tumour thickness and ulceration),
# birthwt_reg (birthwt: birth weight in grams from the mother's covariates), uscrime (UScrime:
# crime rate from 15 socio-economic inputs), rock (perm from area, perimeter and shape), hills
# (record time from distance and climb) and cushings (Cushings: the type, a to c, from two
# urinary excretion rates; the untyped u left out). Needs Debian's r-cran-mass.
# Usage: Rscript results/power-sets.R OUT_DIR
suppressMessages(library(MASS))
root <- commandArgs(trailingOnly = TRUE)[1]
set.seed(20261129)
out <- function(name, X, y, K = 10, frac = 0.7) {
  d <- file.path(root, name); dir.create(d, recursive = TRUE, showWarnings = FALSE)
  X <- as.matrix(X); storage.mode(X) <- "double"
  write.table(X, file.path(d, "x.csv"), sep = ",", row.names = FALSE, col.names = FALSE)
  writeLines(as.character(y), file.path(d, "y.csv"))
  n <- length(y); ntr <- round(frac * n); tr <- character(K); te <- character(K)
  for (k in 1:K) { p <- sample(n) - 1; tr[k] <- paste(sort(p[1:ntr]), collapse = ","); te[k] <- paste(sort(p[(ntr + 1):n]), collapse = ",") }
  writeLines(tr, file.path(d, "train.csv")); writeLines(te, file.path(d, "test.csv"))
}
out("melanoma", Melanoma[, c("time", "sex", "age", "year", "thickness", "ulcer")], ifelse(Melanoma$status == 1, 1, -1))
out("birthwt_reg", birthwt[, c("age", "lwt", "race", "smoke", "ptl", "ht", "ui", "ftv")], birthwt$bwt)
out("uscrime", UScrime[, 1:15], UScrime$y)
out("rock", rock[, c("area", "peri", "shape")], rock$perm)
out("hills", hills[, c("dist", "climb")], hills$time)
cu <- Cushings[Cushings$Type != "u", ]
out("cushings", cu[, c("Tetrahydrocortisone", "Pregnanetriol")], paste0("type", cu$Type))
