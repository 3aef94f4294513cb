# Writes benchmark folders (10 random 70/30 realisations) of five sets from R's own packages,
# never used to develop the default: kyphosis (rpart: kyphosis after surgery, 81 children, 3
# inputs), infert (datasets: infertility after abortions, case or control, 248 women, 5
# inputs), quakes (datasets: the magnitude of 1,000 Fiji earthquakes from their position, depth
# and stations, a regression), autoland (MASS's shuttle: auto or manual landing, 256 conditions,
# 6 coded inputs) and melanoma (MASS: status after surgery, 3 classes, 205 patients, 6 inputs).
# Usage: Rscript results/base-sets.R OUT_DIR
suppressMessages({library(MASS); library(rpart)})
root <- commandArgs(trailingOnly = TRUE)[1]
source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(), value = TRUE)[1])), "splits.R"))
set.seed(2911)
data(kyphosis, package = "rpart")
out(root, "kyphosis", kyphosis[, c("Age", "Number", "Start")], kyphosis$Kyphosis)
out(root, "infert", cbind(infert$age, infert$parity, as.integer(infert$education), infert$induced, infert$spontaneous), ifelse(infert$case == 1, "case", "control"))
out(root, "quakes", quakes[, c("lat", "long", "depth", "stations")], quakes$mag)
out(root, "autoland", data.matrix(MASS::shuttle[, 1:6]), MASS::shuttle$use)
out(root, "melanoma", Melanoma[, c("time", "sex", "age", "year", "thickness", "ulcer")], paste0("s", Melanoma$status))
