# Writes benchmark folders (10 random 70/30 realisations) of fifteen more sets from R's own
# packages, never used to develop the default.
#
# Regressions: mcycle (MASS: head acceleration against time in a simulated motorcycle crash,
# 133 points, one input, noise that changes with time), gagurine (MASS: a urine concentration
# against age in 314 children, one input), cpus (MASS: log10 of the published performance of
# 209 processors from 6 of their specifications), airquality (datasets: New York ozone from
# radiation, wind, temperature, month and day, the 111 complete days), swiss (datasets:
# fertility in 47 Swiss provinces from 5 indicators).
#
# Two classes: cats (MASS: the sex of 144 cats from body and heart weight).
#
# Several classes: chickwts (datasets: which of 6 feeds from a chick's weight alone, 71 chicks:
# heavy overlap); cars93, drivetrain, airbags (MASS's Cars93: a car's type (6 classes), drive
# train and air bags (3 each) from its numeric specifications, 82 or 93 cars); pbc (survival:
# the status of 276 liver patients, censored, transplanted or dead, from 16 measurements, the
# follow-up time left out); exer (MASS's survey: how often 209 students exercise, from hand
# spans, pulse, height and age); stateregion (datasets: the region of the 50 US states from the
# 8 figures of state.x77); mtcarsgear (datasets: the number of gears of 32 cars from 10 other
# columns of mtcars); cerealmfr (MASS: the maker of 65 breakfast cereals, 6 of them, from 9
# nutrition figures). Several of these have few points for their inputs and classes, where the
# class map's linear terms stand in for Gaussian nodes.
# Usage: Rscript results/more-sets.R OUT_DIR
suppressMessages({library(MASS); library(survival)})
root <- commandArgs(trailingOnly = TRUE)[1]
source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(), value = TRUE)[1])), "splits.R"))
set.seed(3011)
out(root, "mcycle", mcycle[, "times", drop = FALSE], mcycle$accel)
out(root, "gagurine", GAGurine[, "Age", drop = FALSE], GAGurine$GAG)
out(root, "cpus", cpus[, c("syct", "mmin", "mmax", "cach", "chmin", "chmax")], log10(cpus$perf))
aq <- na.omit(airquality)
out(root, "airquality", aq[, c("Solar.R", "Wind", "Temp", "Month", "Day")], aq$Ozone)
out(root, "swiss", swiss[, -1], swiss$Fertility)
out(root, "cats", cats[, c("Bwt", "Hwt")], cats$Sex)
out(root, "chickwts", chickwts[, "weight", drop = FALSE], chickwts$feed)
num <- c("Min.Price", "Price", "Max.Price", "MPG.city", "MPG.highway", "EngineSize", "Horsepower", "RPM",
  "Rev.per.mile", "Fuel.tank.capacity", "Passengers", "Length", "Wheelbase", "Width", "Turn.circle",
  "Rear.seat.room", "Luggage.room", "Weight")
c93 <- Cars93[complete.cases(Cars93[, num]), ]
out(root, "cars93", c93[, num], c93$Type)
set.seed(3012)
p <- pbc[complete.cases(pbc[, 5:20]), ]
out(root, "pbc", data.matrix(p[, 5:20]), paste0("s", p$status))
num <- setdiff(num, c("Rear.seat.room", "Luggage.room"))
out(root, "drivetrain", Cars93[, num], Cars93$DriveTrain)
out(root, "airbags", Cars93[, num], Cars93$AirBags)
s <- survey[complete.cases(survey[, c("Wr.Hnd", "NW.Hnd", "Pulse", "Height", "Age", "Exer")]), ]
out(root, "exer", s[, c("Wr.Hnd", "NW.Hnd", "Pulse", "Height", "Age")], s$Exer)
set.seed(3013)
out(root, "stateregion", state.x77, gsub(" ", "", state.region))
out(root, "mtcarsgear", mtcars[, c("mpg", "cyl", "disp", "hp", "drat", "wt", "qsec", "vs", "am", "carb")], paste0("g", mtcars$gear))
u <- UScereal
out(root, "cerealmfr", cbind(data.matrix(u[, c("calories", "protein", "fat", "sodium", "fibre", "carbo", "sugars", "potassium")]), as.integer(u$vitamins)), as.character(u$mfr))
