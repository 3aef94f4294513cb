# Writes the benchmark folder ticdata2k: kernlab's CoIL 2000 caravan insurance data (9,822 rows,
# 85 coded inputs, 6 % positive; never used to develop the default) in 5 random realisations of
# 2,000 training and 7,822 test points, where a model's labels can be worse than always answering
# the common class. Needs Debian's r-cran-kernlab. Usage: Rscript results/ticdata-small.R OUT_DIR
suppressMessages(library(kernlab))
root <- commandArgs(trailingOnly = TRUE)[1]
source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(), value = TRUE)[1])), "splits.R"))
data(ticdata)
set.seed(29)
out(root, "ticdata2k", data.matrix(ticdata[, 1:85]), ticdata$CARAVAN, K = 5, frac = 2000 / nrow(ticdata))
