# Writes data sets with categorical inputs (text columns, as R's write.csv writes factors) for
# results/categorical.py: classification with the label last, regression with the target last.
# Usage: Rscript results/categorical-sets.R DIR
args <- commandArgs(TRUE)
dir <- if (length(args) > 0) args[1] else "."
out <- function(d, name) write.csv(d, file.path(dir, paste0(name, ".csv")), row.names = FALSE)
t <- as.data.frame(Titanic)
out(t[rep(seq_len(nrow(t)), t$Freq), c("Class", "Sex", "Age", "Survived")], "titanic")
data(HouseVotes84, package = "mlbench")
hv <- HouseVotes84[, c(2:17, 1)]
out(hv, "housevotes84")
data(promotergene, package = "kernlab")
pg <- promotergene[, c(2:58, 1)]
levels(pg$Class) <- c("promoter", "not")[match(levels(pg$Class), c("+", "-"))]
out(pg, "promoters")
data(Cars93, package = "MASS")
out(Cars93[, c("Type", "Price", "MPG.city", "AirBags", "DriveTrain", "EngineSize",
               "Horsepower", "Man.trans.avail", "Passengers", "Length", "Weight", "Origin")], "cars93")
data(survey, package = "MASS")
sv <- survey[!is.na(survey$Sex), ]
out(sv[, c("Wr.Hnd", "NW.Hnd", "W.Hnd", "Fold", "Clap", "Exer", "Smoke", "Height", "Sex")], "survey")
data(solder, package = "rpart")
out(solder[, c("Opening", "Solder", "Mask", "PadType", "Panel", "skips")], "solder")
out(warpbreaks[, c("wool", "tension", "breaks")], "warpbreaks")
out(ToothGrowth[, c("supp", "dose", "len")], "toothgrowth")
data(esoph)
e <- data.frame(agegp = as.character(esoph$agegp), alcgp = as.character(esoph$alcgp),
                tobgp = as.character(esoph$tobgp), ncontrols = esoph$ncontrols, ncases = esoph$ncases)
out(e, "esoph")
