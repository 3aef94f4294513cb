# Writes benchmark folders (10 random 70/30 realisations; 3 for income) of thirty-three more
# sets from R's own packages and kernlab, never used to develop the default.
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
#
# A second batch. Two classes: beaver (MASS's beav2: a beaver active or not from day, time and
# body temperature, 100 readings: a clean threshold), cabbages (MASS: the cultivar of 60
# cabbages from planting date, head weight and vitamin C), aids2 (MASS: dead or alive at the end
# of the study, 2,843 patients, from state, sex, diagnosis date, transmission category and age),
# bacteria (MASS: H. influenzae present or not, 220 tests, from treatment, compliance, week).
# Regressions: topo (MASS: heights on a 2-D grid of 52 points), geyser (MASS: Old Faithful's
# waiting time from the eruption's duration, 299), gilgais (MASS: conductivity at 80 cm from
# pH, conductivity and chloride nearer the surface, 365 sites), uscrime (MASS: crime rates of 47
# US states from 15 figures), nlschools (MASS: a language test score of 2,287 pupils from IQ,
# family background and class), whiteside (MASS: gas use against outside temperature, with
# or without insulation, 56 weeks). Several classes: anorexia (MASS: which of 3 treatments
# from weights before and after, 72 girls: little signal), income (kernlab: 9 income bands from
# 13 coded answers, the 6,876 complete rows).
#
# A third batch, all several classes on few points: cylinders (MASS's Cars93: the number of
# cylinders, 6 kinds, from 15 specifications), statedivision (datasets: the 9 divisions of the
# US states from state.x77), mtcarscarb and mtcarscyl (datasets: the carburettors, 6 counts,
# and the cylinders, 3, of 32 cars from the other columns of mtcars), insurance (MASS: which of
# 4 districts from holders, claims, car group and age group, 64 rows), genotype (MASS: the
# litter's genotype, 4, from the mother's and the litter's weight, 61 rows).
# Usage: Rscript results/more-sets.R OUT_DIR
suppressMessages({library(MASS); library(survival); library(kernlab)})
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
set.seed(3014)
out(root, "beaver", beav2[, c("day", "time", "temp")], paste0("a", beav2$activ))
out(root, "cabbages", data.matrix(cabbages[, c("Date", "HeadWt", "VitC")]), as.character(cabbages$Cult))
a <- Aids2
out(root, "aids2", cbind(as.integer(a$state), as.integer(a$sex), a$diag, as.integer(a$T.categ), a$age), as.character(a$status))
out(root, "bacteria", cbind(as.integer(bacteria$ap), as.integer(bacteria$hilo), bacteria$week, as.integer(bacteria$trt)), as.character(bacteria$y))
out(root, "topo", topo[, c("x", "y")], topo$z)
out(root, "geyser", geyser[, "duration", drop = FALSE], geyser$waiting)
out(root, "gilgais", gilgais[, c("pH00", "pH30", "pH80", "e00", "e30", "c00", "c30")], gilgais$e80)
out(root, "uscrime", UScrime[, -16], UScrime$y)
out(root, "nlschools", cbind(nlschools$IQ, nlschools$SES, as.integer(nlschools$COMB), nlschools$GS), nlschools$lang)
out(root, "whiteside", cbind(as.integer(whiteside$Insul), whiteside$Temp), whiteside$Gas)
out(root, "anorexia", anorexia[, c("Prewt", "Postwt")], as.character(anorexia$Treat))
data(income, package = "kernlab")
inc <- income[complete.cases(income), ]
out(root, "income", data.matrix(inc[, -1]), paste0("i", as.integer(inc$INCOME)), K = 3)
set.seed(3016)
num <- c("Min.Price", "Price", "Max.Price", "MPG.city", "MPG.highway", "Horsepower", "RPM",
  "Rev.per.mile", "Fuel.tank.capacity", "Passengers", "Length", "Wheelbase", "Width", "Turn.circle", "Weight")
out(root, "cylinders", Cars93[, num], paste0("c", as.character(Cars93$Cylinders)))
out(root, "statedivision", state.x77, gsub(" ", "", state.division))
out(root, "mtcarscarb", mtcars[, c("mpg", "cyl", "disp", "hp", "drat", "wt", "qsec", "vs", "am", "gear")], paste0("c", mtcars$carb))
out(root, "mtcarscyl", mtcars[, c("mpg", "disp", "hp", "drat", "wt", "qsec", "vs", "am", "gear", "carb")], paste0("c", mtcars$cyl))
out(root, "insurance", cbind(Insurance$Holders, Insurance$Claims, as.integer(Insurance$Group), as.integer(Insurance$Age)), paste0("d", Insurance$District))
out(root, "genotype", cbind(as.integer(genotype$Mother), genotype$Wt), as.character(genotype$Litter))
