# Writes benchmark folders (x.csv, y.csv, train.csv, test.csv; 10 random 70/30 realisations,
# 2 for ticdata) of six classification sets of R's MASS and kernlab packages never used to develop
# the default: cats (sex from body and heart weight), lowbw (birthwt's low birth weight from the
# mother's covariates), origin (Cars93: US or not, from 14 numeric columns), shelf (UScereal's
# shelf, 3 classes, 65 cereals), painters (school, 8 classes, 54 painters) and ticdata (the CoIL
# 2000 caravan insurance data, 9,822 rows, 85 coded inputs, 6 % positive). Needs Debian's
# r-cran-mass and r-cran-kernlab. Usage: Rscript results/class-sets.R OUT_DIR
suppressMessages({library(MASS); library(kernlab)})
root <- commandArgs(trailingOnly = TRUE)[1]
set.seed(20261125)
source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(), value = TRUE)[1])), "splits.R"))
out(root, "cats", cats[, c("Bwt", "Hwt")], ifelse(cats$Sex == "M", 1, -1))
out(root, "lowbw", birthwt[, c("age", "lwt", "race", "smoke", "ptl", "ht", "ui", "ftv")], ifelse(birthwt$low == 1, 1, -1))
out(root, "painters", painters[, 1:4], paste0("s", painters$School))
c93 <- Cars93[, c("Price", "MPG.city", "MPG.highway", "EngineSize", "Horsepower", "RPM", "Rev.per.mile", "Fuel.tank.capacity", "Passengers", "Length", "Wheelbase", "Width", "Turn.circle", "Weight")]
out(root, "origin", c93, ifelse(Cars93$Origin == "USA", 1, -1))
out(root, "shelf", UScereal[, c("calories", "protein", "fat", "sodium", "fibre", "carbo", "sugars", "potassium")], paste0("shelf", UScereal$shelf))
data(ticdata)
out(root, "ticdata", data.matrix(ticdata[, 1:85]), ifelse(ticdata$CARAVAN == "insurance", 1, -1), K = 2)
