# Writes benchmark folders (x.csv, y.csv, train.csv, test.csv; 10 random realisations each) of
# sets from R's mlbench that the default method was never developed on, for a check of how it
# generalises: two-class ionosphere, sonar, pima2 (PimaIndiansDiabetes2 without missing
# values), spirals, threenorm, xor, circle; several classes vehicle, vowel, shapes, zoo;
# regression servo, friedman1, peak; and, from R's kernlab, two-class spam (4,601 e-mails, 57
# word and character frequencies) and musk (version 1: 476 conformations of 92 molecules, 166
# shape features), 70 % of the rows for training; then, added later and drawn after them,
# kernlab's promotergene (two classes, 106 DNA sequences of 57 nucleotides, coded 1 to 4) and
# from R's MASS crabs (four classes: two species by two sexes, 5 measurements), biopsy (two
# classes, 683 breast tumours with no missing values, 9 cytology scores), mcycle (regression,
# head acceleration against time, 133 points) and cpus (regression, log10 of 209 CPUs'
# performance on 6 inputs). Needs Debian's r-cran-mlbench, r-cran-kernlab and r-cran-mass.
# Usage: Rscript results/extra-sets.R OUT_DIR
library(mlbench)
args <- commandArgs(trailingOnly = TRUE)
root <- if (length(args) > 0) args[1] else "extra-sets"
dir.create(root, showWarnings = FALSE, recursive = TRUE)
set.seed(20261124)
out <- function(name, X, y, ntrain, K = 10) {
  d <- file.path(root, name)
  dir.create(d, showWarnings = FALSE)
  X <- as.data.frame(X)
  for (j in seq_along(X)) if (is.factor(X[[j]])) X[[j]] <- as.numeric(as.character(X[[j]]))
  write.table(X, file.path(d, "x.csv"), sep = ",", row.names = FALSE, col.names = FALSE)
  write.table(data.frame(y), file.path(d, "y.csv"), sep = ",", row.names = FALSE, col.names = FALSE, quote = FALSE)
  n <- nrow(X)
  tr <- character(K)
  te <- character(K)
  for (k in 1:K) {
    p <- sample(n) - 1
    tr[k] <- paste(sort(p[1:ntrain]), collapse = ",")
    te[k] <- paste(sort(p[(ntrain + 1):n]), collapse = ",")
  }
  writeLines(tr, file.path(d, "train.csv"))
  writeLines(te, file.path(d, "test.csv"))
}
pm <- function(cond) ifelse(cond, 1, -1)
# The order of the draws is that of the run the README quotes; simplex is drawn (and its
# realisations too) but not written, to keep the later sets' random numbers.
data(Ionosphere); out("ionosphere", Ionosphere[, 1:34], pm(Ionosphere$Class == "good"), 234)
data(Sonar); out("sonar", Sonar[, 1:60], pm(Sonar$Class == "M"), 139)
data(Vehicle); out("vehicle", Vehicle[, 1:18], as.character(Vehicle$Class), 564)
data(Vowel); out("vowel", Vowel[, 1:10], paste0("v", as.character(Vowel$Class)), 528)
s <- mlbench.spirals(600, cycles = 1.5, sd = 0.05); out("spirals", s$x, pm(s$classes == 1), 300)
s <- mlbench.threenorm(2000, d = 20); out("threenorm", s$x, pm(s$classes == 1), 300)
s <- mlbench.xor(800, d = 2); out("xor", s$x, pm(s$classes == 1), 300)
s <- mlbench.circle(1000, d = 2); out("circle", s$x, pm(s$classes == 1), 300)
s <- mlbench.shapes(1000); out("shapes", s$x, paste0("s", as.character(s$classes)), 400)
s <- mlbench.simplex(900, d = 3, sides = 1, sd = 0.1); for (k in 1:10) sample(nrow(s$x))
data(Servo); out("servo", data.frame(model.matrix(~ . - Class - 1, Servo)), Servo$Class, 110)
s <- mlbench.friedman1(600, sd = 1); out("friedman1", s$x, s$y, 300)
s <- mlbench.peak(600, d = 10); out("peak", s$x, s$y, 300)
data(PimaIndiansDiabetes2); P <- na.omit(PimaIndiansDiabetes2); out("pima2", P[, 1:8], pm(P$diabetes == "pos"), 262)
data(Zoo); Zx <- Zoo[, 1:16]; for (j in 1:16) Zx[[j]] <- as.numeric(Zx[[j]]); out("zoo", Zx, paste0("t", as.character(Zoo$type)), 67)
# kernlab's sets come last, so that the sets above keep the splits the README quotes.
library(kernlab)
data(spam); out("spam", spam[, 1:57], pm(spam$type == "spam"), 3221)
data(musk); out("musk", musk[, 1:166], pm(musk$Class == 1), 333)
# Added later: drawn after the sets above, so that theirs stay as the README quotes them.
data(promotergene); Px <- promotergene[, 2:58]; for (j in 1:57) Px[[j]] <- as.numeric(Px[[j]])
out("promoters", Px, pm(promotergene$Class == "+"), 74)
library(MASS)
out("crabs", crabs[, 4:8], paste0(crabs$sp, crabs$sex), 140)
B <- na.omit(biopsy); out("biopsy", B[, 2:10], pm(B$class == "malignant"), 478)
out("mcycle", mcycle[, "times", drop = FALSE], mcycle$accel, 93)
out("cpus", cpus[, 2:7], log10(cpus$perf), 146)
