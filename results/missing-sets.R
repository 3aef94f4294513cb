# Writes five data sets with missing values, as CSV files (label last, NA for a missing value),
# into the folder given as the first argument: mlbench's BreastCancer (Wisconsin, 9 ordinal
# inputs, the Id dropped), HouseVotes84 (16 votes, y = 1, n = 0), PimaIndiansDiabetes2 (the
# Pima data with its impossible zeros as NA), Soybean (35 coded inputs, 19 classes) and
# datasets' airquality (a regression of Ozone; the rows whose Ozone is missing dropped).
# Usage: Rscript results/missing-sets.R DIR
library(mlbench)
dir <- commandArgs(TRUE)[1]
num <- function(d) { for (n in names(d)) d[[n]] <- as.numeric(as.character(d[[n]])); d }
out <- function(x, y, name) {
  d <- cbind(x, label = y)
  write.csv(d, file.path(dir, paste0(name, ".csv")), row.names = FALSE, quote = FALSE, na = "NA")
}
data(BreastCancer); b <- BreastCancer
out(num(b[, 2:10]), b$Class, "breastcancer")
data(HouseVotes84); h <- HouseVotes84
v <- h[, -1]; for (n in names(v)) v[[n]] <- ifelse(is.na(v[[n]]), NA, ifelse(v[[n]] == "y", 1, 0))
out(v, h$Class, "housevotes84")
data(PimaIndiansDiabetes2); p <- PimaIndiansDiabetes2
out(p[, 1:8], p$diabetes, "pima2")
data(Soybean); s <- Soybean
x <- s[, -1]; for (n in names(x)) x[[n]] <- as.numeric(x[[n]]) - 1
out(x, gsub("[^a-z0-9-]", "", as.character(s$Class)), "soybean")
a <- airquality[!is.na(airquality$Ozone), ]
out(a[, c("Solar.R", "Wind", "Temp", "Month", "Day")], a$Ozone, "airquality")
