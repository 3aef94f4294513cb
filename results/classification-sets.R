# Writes 24 classifications from R's own packages (MASS, datasets, boot, rpart, survival), none
# of them used to develop the default, in the benchmark folder layout (x.csv, y.csv, train.csv,
# test.csv, README.md): random 70/30 splits (10), rows with a missing value left out, factors
# as their integer codes, labels as text. The README's "Twenty-four classifications from R's
# packages" runs the default and the SVC grid on them:
#
#   Rscript results/classification-sets.R DIR
#   sparsekernel bench -realisations 10 -json DIR/*
#   peers/svc.py -k 10 DIR/*
suppressMessages({library(MASS); library(boot); library(rpart); library(survival)})
args <- commandArgs(trailingOnly = TRUE)
out <- if (length(args) > 0) args[1] else "classification-sets"
dir.create(out, showWarnings = FALSE, recursive = TRUE)
mk <- function(name, X, y) {
  X <- as.data.frame(X); keep <- complete.cases(X) & !is.na(y)
  X <- X[keep, , drop = FALSE]; y <- y[keep]
  X <- data.frame(lapply(X, function(c) as.numeric(c)))
  y <- as.character(y)
  d <- file.path(out, name); dir.create(d, showWarnings = FALSE)
  write.table(X, file.path(d, "x.csv"), sep = ",", row.names = FALSE, col.names = FALSE)
  write.table(y, file.path(d, "y.csv"), sep = ",", row.names = FALSE, col.names = FALSE, quote = FALSE)
  n <- length(y); set.seed(11); tr <- c(); te <- c()
  ntr <- round(0.7 * n)
  for (k in 1:10) {
    p <- sample(n) - 1
    tr <- c(tr, paste(p[1:ntr], collapse = ","))
    te <- c(te, paste(p[(ntr + 1):n], collapse = ","))
  }
  writeLines(tr, file.path(d, "train.csv")); writeLines(te, file.path(d, "test.csv"))
  writeLines("Classification set.", file.path(d, "README.md"))
  cat(name, n, ncol(X), length(unique(y)), "\n")
}
mk("beaver_activ", beav1[,c(2,3)], ifelse(beav1$activ==1,"active","rest"))
mk("co2_type", CO2[,c(4,5)], CO2$Type)
mk("mtcars_am", mtcars[,c(1:8,10,11)], ifelse(mtcars$am==1,"manual","auto"))
mk("toothgrowth_supp", ToothGrowth[,c(1,3)], ToothGrowth$supp)
mk("infert_case", infert[,c(2,3,4,6)], ifelse(infert$case==1,"case","control"))
mk("cars93_origin", Cars93[,c(5,7,8,12,13,14,17,19,20,21,22,25)], Cars93$Origin)
mk("cars93_type", Cars93[,c(5,7,8,12,13,14,17,19,20,21,22,25)], Cars93$Type)
mk("survey_sex", survey[,c(2,3,6,10,12)], survey$Sex)
mk("quine_eth", quine[,c(2,3,4,5)], quine$Eth)
mk("stagec_pgstat", stagec[,c(1,3,4,5,6,7,8)], ifelse(stagec$pgstat==1,"prog","none"))
mk("lung_status", lung[,c(2,4,5,6,7,8,9,10)], ifelse(lung$status==2,"dead","censored"))
mk("veteran_celltype", veteran[,c(1,3,5,6,7,8)], veteran$celltype)
mk("pbc_status", pbc[,c(2,5,10:20)], paste0("c", pbc$status))
mk("urine_r", urine[,2:7], ifelse(urine$r==1,"crystals","none"))
mk("nodal_r", nodal[,3:7], ifelse(nodal$r==1,"nodal","none"))
mk("melanoma_status", Melanoma[,c(1,3,4,5,6,7)], paste0("c", Melanoma$status))
mk("anorexia_treat", anorexia[,2:3], anorexia$Treat)
mk("painters_school", painters[,1:4], painters$School)
mk("chickwts_feed", data.frame(w=chickwts$weight), chickwts$feed)
mk("car90_type", car90[,c("Disp","HP","Weight","Wheel.base","Length","Width","Tank","Price")], car90$Type)
mk("aids2_status", data.frame(s=as.numeric(Aids2$sex), d=Aids2$diag, a=Aids2$age, t=as.numeric(Aids2$T.categ), st=as.numeric(Aids2$state)), Aids2$status)
mk("snails_species", snails[,2:6], snails$Species)
mk("housing_sat", data.frame(i=as.numeric(housing$Infl), t=as.numeric(housing$Type), c=as.numeric(housing$Cont), f=housing$Freq), housing$Sat)
mk("cabbages_cult", cabbages[,2:4], cabbages$Cult)
