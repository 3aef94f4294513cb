# Exports the R data sets of a review's 40 sets (raw x/y CSVs) for review-sets.py to split:
#   Rscript results/review-sets.R RAW && /usr/bin/python3 results/review-sets.py OUT RAW
# (lattice, survival, MASS, mlbench and boot; Debian's r-cran-* packages).
args <- commandArgs(TRUE); out <- if (length(args)) args[1] else "raw"
w <- function(name, X, y) {
  d <- file.path(out, name); dir.create(d, recursive = TRUE, showWarnings = FALSE)
  X <- as.data.frame(X); for (j in seq_along(X)) X[[j]] <- as.numeric(X[[j]])
  write.table(X, file.path(d, "x.csv"), sep = ",", row.names = FALSE, col.names = FALSE)
  writeLines(as.character(y), file.path(d, "y.csv"))
}
library(lattice); library(survival); library(MASS); library(mlbench); library(boot)
# singer: singer's height (inches) -> voice part, 8 classes whose names hold spaces ("Bass 2")
data(singer, package = "lattice"); w("r_singer", data.frame(h = singer$height), singer$voice.part)
# flchain: serum free light chain study; death (0/1) from age, sex, sample year, kappa, lambda,
# flc group, creatinine, mgus; rows without creatinine dropped; futime/chapter left out (leak)
data(flchain, package = "survival"); f <- flchain[!is.na(flchain$creatinine), ]
w("r_flchain", data.frame(f$age, as.integer(f$sex == "M"), f$sample.yr, f$kappa, f$lambda, f$flc.grp, f$creatinine, f$mgus), ifelse(f$death == 1, "died", "alive"))
# nwtco: Wilms tumour relapse from local/central histology, stage, study, age (months)
data(nwtco, package = "survival"); w("r_nwtco", nwtco[, c("instit", "histol", "stage", "study", "age")], nwtco$rel)
# mgus2: death from age, sex, haemoglobin, creatinine, m-spike (complete cases)
data(mgus2, package = "survival"); m <- mgus2[complete.cases(mgus2[, c("age","sex","hgb","creat","mspike")]), ]
w("r_mgus2", data.frame(m$age, as.integer(m$sex == "M"), m$hgb, m$creat, m$mspike), m$death)
# cuboids: mlbench 3-D, 4 classes
set.seed(7); cu <- mlbench.cuboids(800); w("r_cuboids", cu$x, cu$classes)
# volcano: Maunga Whau topography, height from (row, column), noiseless 2-D surface
data(volcano); g <- expand.grid(r = seq_len(nrow(volcano)), c = seq_len(ncol(volcano)))
w("r_volcano", g, volcano[cbind(g$r, g$c)])
# DNase: ELISA optical density from concentration and run
data(DNase); w("r_dnase", data.frame(DNase$conc, as.integer(as.character(DNase$Run))), DNase$density)
# Loblolly: pine height from age and seed source (factor codes)
data(Loblolly); w("r_loblolly", data.frame(Loblolly$age, as.integer(as.character(Loblolly$Seed))), Loblolly$height)
# attitude: 30 departments' overall rating from 6 survey items
data(attitude); w("r_attitude", attitude[, -1], attitude$rating)
# Rubber (MASS): abrasion loss from hardness and tensile strength, 30 rows
data(Rubber, package = "MASS"); w("r_rubber", Rubber[, c("hard", "tens")], Rubber$loss)
# nuclear (boot): cost of 32 light-water reactors from 10 inputs
data(nuclear, package = "boot"); w("r_nuclear", nuclear[, -1], nuclear$cost)
