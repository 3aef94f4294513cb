# Writes benchmark folders (x.csv, y.csv, train.csv, test.csv; 10 random 70/30 realisations
# each) of ten small regression sets from R's datasets and MASS packages, many with a linear
# trend, made to check how a regressor's output range treats its linear nodes (docs/ALGORITHMS.md,
# section 3): cats (heart weight on body weight and sex), hills (record time on distance and
# climb), swiss (fertility), savings (LifeCycleSavings' savings ratio), mtcars (mpg), trees
# (volume on girth and height), rock (permeability), birthwt (birth weight on the numeric
# covariates), cereal (UScereal's calories on the nutrients) and cars93 (price on the numeric
# columns without missing values). Needs Debian's r-cran-mass.
# Usage: Rscript results/trend-sets.R OUT_DIR
suppressMessages(library(MASS))
args <- commandArgs(trailingOnly = TRUE)
root <- if (length(args) > 0) args[1] else "trend-sets"
set.seed(20261125)
out <- function(name, X, y, K = 10) {
  d <- file.path(root, name)
  dir.create(d, recursive = TRUE, showWarnings = FALSE)
  X <- as.matrix(X)
  storage.mode(X) <- "double"
  write.table(X, file.path(d, "x.csv"), sep = ",", row.names = FALSE, col.names = FALSE)
  writeLines(format(y, digits = 10, trim = TRUE), file.path(d, "y.csv"))
  n <- length(y); ntr <- round(0.7 * n)
  tr <- character(K); te <- character(K)
  for (k in 1:K) {
    p <- sample(n) - 1
    tr[k] <- paste(sort(p[1:ntr]), collapse = ",")
    te[k] <- paste(sort(p[(ntr + 1):n]), collapse = ",")
  }
  writeLines(tr, file.path(d, "train.csv"))
  writeLines(te, file.path(d, "test.csv"))
}
out("cats", data.frame(cats$Bwt, as.numeric(cats$Sex == "M")), cats$Hwt)
out("hills", hills[, c("dist", "climb")], hills$time)
out("swiss", swiss[, -1], swiss$Fertility)
out("savings", LifeCycleSavings[, -1], LifeCycleSavings$sr)
out("mtcars", mtcars[, -1], mtcars$mpg)
out("trees", trees[, c("Girth", "Height")], trees$Volume)
out("rock", rock[, c("area", "peri", "shape")], rock$perm)
out("birthwt", birthwt[, c("age", "lwt", "race", "smoke", "ptl", "ht", "ui", "ftv")], birthwt$bwt)
u <- UScereal[, c("protein", "fat", "sodium", "fibre", "carbo", "sugars", "potassium")]
out("cereal", u, UScereal$calories)
c93 <- Cars93[, c("MPG.city", "MPG.highway", "EngineSize", "Horsepower", "RPM", "Rev.per.mile",
                  "Fuel.tank.capacity", "Passengers", "Length", "Wheelbase", "Width", "Turn.circle", "Weight")]
out("cars93", c93, Cars93$Price)
