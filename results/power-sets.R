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
source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(), value = TRUE)[1])), "splits.R"))
out(root, "melanoma", Melanoma[, c("time", "sex", "age", "year", "thickness", "ulcer")], ifelse(Melanoma$status == 1, 1, -1))
out(root, "birthwt_reg", birthwt[, c("age", "lwt", "race", "smoke", "ptl", "ht", "ui", "ftv")], birthwt$bwt)
out(root, "uscrime", UScrime[, 1:15], UScrime$y)
out(root, "rock", rock[, c("area", "peri", "shape")], rock$perm)
out(root, "hills", hills[, c("dist", "climb")], hills$time)
cu <- Cushings[Cushings$Type != "u", ]
out(root, "cushings", cu[, c("Tetrahydrocortisone", "Pregnanetriol")], paste0("type", cu$Type))
