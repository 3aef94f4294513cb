package ofs

import (
	"errors"
	"fmt"
	"math"

	"github.com/sparsekernel/sparsekernel/internal/seeds"
	"github.com/sparsekernel/sparsekernel/optim"
)

// Tunable is the tunable-node construction of Chen, Hong, Luk and Harris (2009) and Chen, Hong
// and Harris (2010) (docs/ALGORITHMS.md, section 6.5): each stage appends one Gaussian node
// exp(-0.5 sum_j (x_j - mu_j)^2 / s_j) whose centre mu and variances s are found by a global
// optimiser (PSO or RWBS) minimising the stage's LOO cost, computed through the engine in
// O(N m + N n) per evaluation without allocating.
//
// The search box: mu_j in [min_k x_kj, max_k x_kj]; s_j in [VarMin, VarMax] times the variance
// of input j over the training set (1 for standardised inputs).
type Tunable struct {
	// Method is the optimiser (optim.PSO or optim.RWBS).
	Method optim.Method
	// Classify selects the classification cost (LOO misclassification rate with the LOO MSE
	// as a tie-breaker); otherwise the cost is the LOO MSE.
	Classify bool
	// Lambda is the regularisation during construction; default 1e-6 (Chen, Hong, Luk and
	// Harris: 0 or ~1e-6).
	Lambda float64
	// VarMin and VarMax bound each variance relative to the input's variance; defaults 0.01
	// and 10 ([0.01, 10] did better than [0.1, 10] on diabetis and thyroid;
	// docs/REPRODUCTION.md).
	VarMin, VarMax float64
	// MinDecrease (regression only) stops construction when a node lowers the LOO MSE by less
	// than this fraction of it, so that construction stops on data where the LOO MSE creeps
	// down for ever; default 0.002. Classification stops when the LOO misclassification rate
	// does not fall (J_M <= J_(M+1), the papers' rule).
	MinDecrease float64
	// MaxTerms caps the number of nodes; default 100.
	MaxTerms int
	// Bias adds a constant column as a forced first term (a bias); sparsekernel uses it for
	// regression, where targets need not have zero mean.
	Bias bool
	// Seed seeds the optimiser run of every stage, each from its own stream.
	Seed uint64
	// Workers evaluates the optimiser's population in parallel; the result does not depend on it.
	Workers int
}

// TunableResult is a constructed model of tunable nodes.
type TunableResult struct {
	Centres, Vars [][]float64 // node n: centre mu and variances s
	Weights       []float64   // original-space weights
	Bias          float64     // weight of the constant column (with Tunable.Bias)
	Lambdas       []float64
	Curve         []float64 // LOO criterion (misclassification rate or MSE) after each stage tried
	Stats         Stats
	Evaluations   int // cost evaluations over all stages, the rejected last one included
	Stop          string
}

// seedStage is the purpose of the tunable stages' random streams (internal/seeds).
const seedStage = 1

// ErrNoData reports an empty training set.
var ErrNoData = errors.New("ofs: no training data")

// Build constructs the model on inputs X (standardised) and targets y.
func (t Tunable) Build(X [][]float64, y []float64) (TunableResult, error) {
	n := len(X)
	if n == 0 || len(y) != n {
		return TunableResult{}, ErrNoData
	}
	m := len(X[0])
	lambda := t.Lambda
	if lambda == 0 {
		lambda = 1e-6
	}
	vmin, vmax := t.VarMin, t.VarMax
	if vmin == 0 {
		vmin = 0.01
	}
	if vmax == 0 {
		vmax = 10
	}
	minDec := t.MinDecrease
	if minDec == 0 {
		minDec = 0.002
	}
	maxTerms := t.MaxTerms
	if maxTerms <= 0 {
		maxTerms = 100
	}
	maxTerms = min(maxTerms, n)

	flat := make([]float64, n*m)
	lower, upper := make([]float64, 2*m), make([]float64, 2*m)
	for j := range m {
		lo, hi, mean := math.Inf(1), math.Inf(-1), 0.0
		for k, x := range X {
			flat[k*m+j] = x[j]
			lo, hi = math.Min(lo, x[j]), math.Max(hi, x[j])
			mean += x[j]
		}
		mean /= float64(n)
		var v float64
		for _, x := range X {
			v += (x[j] - mean) * (x[j] - mean)
		}
		v /= float64(max(n-1, 1))
		if v == 0 {
			v = 1
		}
		lower[j], upper[j] = lo, hi
		lower[m+j], upper[m+j] = vmin*v, vmax*v
	}

	s := NewState(y, maxTerms+1)
	if t.Bias {
		s.SetBias(biasLambda)
	}
	res := TunableResult{}
	newCost := func() func(u []float64) float64 {
		c := &stageCost{s: s, x: flat, m: m, classify: t.Classify, lambda: lambda,
			g: make([]float64, n), alpha: make([]float64, maxTerms+1), inv: make([]float64, m)}
		return c.cost
	}
	final := &stageCost{s: s, x: flat, m: m, classify: t.Classify, lambda: lambda,
		g: make([]float64, n), alpha: make([]float64, maxTerms+1), inv: make([]float64, m)}

	// J_0: classification 1 (every LOO decision of the empty model is 0), regression the LOO
	// MSE of the empty model (the bias alone).
	// The engine's stopper keeps a node while it lowers the criterion (for regression, by more
	// than MinDecrease of it) and cuts the model back to its best size.
	j := 1.0
	if !t.Classify {
		j = s.Current().MSE
	}
	stop := newStopper(j, 1, 0, maxTerms, false)
	if !t.Classify {
		stop.minGain = minDec
	}
	for stage := 1; ; stage++ {
		r, err := optim.Minimize(optim.Problem{Lower: lower, Upper: upper, NewFunc: newCost},
			t.Method, optim.Settings{Seed: seeds.Derive(t.Seed, seedStage, uint64(stage)), Workers: t.Workers})
		if err != nil {
			return TunableResult{}, fmt.Errorf("stage %d: %w", stage, err)
		}
		res.Evaluations += r.Evaluations
		pp, py, ok := final.column(r.X)
		if !ok {
			stop.reason = "the best node found is linearly dependent on the model"
			break
		}
		st := s.Candidate(final.g, pp, py, lambda, true)
		jn := st.MSE
		if t.Classify {
			jn = st.MR()
		}
		res.Curve = append(res.Curve, jn)
		s.Add(final.g, final.alpha, pp, py, lambda)
		res.Centres = append(res.Centres, append([]float64(nil), r.X[:m]...))
		res.Vars = append(res.Vars, append([]float64(nil), r.X[m:]...))
		if !stop.step(stage, jn, st.MSE) {
			break
		}
	}
	var sel Selection
	sel.Index = make([]int, len(res.Centres))
	stop.finish(s, &sel)
	res.Centres, res.Vars = res.Centres[:stop.bestSize], res.Vars[:stop.bestSize]
	res.Stop = sel.Stop
	res.Weights, res.Bias, res.Lambdas = s.Solution()
	res.Stats = s.Current()
	return res, nil
}

// stageCost evaluates the stage cost of a candidate node u = (mu, s) against the state's
// model. One per goroutine: it owns its scratch.
type stageCost struct {
	s        *State
	x        []float64 // inputs, row-major N x m
	m        int
	classify bool
	lambda   float64
	g, alpha []float64
	inv      []float64
}

// column fills c.g with the orthogonalised column of node u and returns p'p, p'y and whether
// the node is independent of the model.
func (c *stageCost) column(u []float64) (pp, py float64, ok bool) {
	m := c.m
	mu, sv := u[:m], u[m:]
	for j := range m {
		c.inv[j] = 0.5 / sv[j]
	}
	var gg float64
	x := c.x
	for k := range c.g {
		row := x[k*m : k*m+m]
		var q float64
		for j, v := range row {
			d := v - mu[j]
			q += d * d * c.inv[j]
		}
		v := math.Exp(-q)
		c.g[k] = v
		gg += v * v
	}
	if gg == 0 {
		return 0, 0, false
	}
	pp, py = c.s.Orthogonalise(c.g, c.alpha)
	return pp, py, pp >= DependenceTol*gg
}

// cost is the stage cost: the LOO MSE for regression; for classification the LOO
// misclassification rate plus (0.5/N) mse/(1+mse), which orders candidates by (rate, LOO MSE)
// without ever crossing a step of the rate. A dependent node costs +Inf.
func (c *stageCost) cost(u []float64) float64 {
	pp, py, ok := c.column(u)
	if !ok {
		return math.Inf(1)
	}
	s := c.s
	theta, inv := py/(pp+c.lambda), 1/(pp+c.lambda)
	if !c.classify {
		return looMSE(c.g, s.e, s.eta, theta, inv)
	}
	miss, mse := missMSE(c.g, s.e, s.eta, s.y, theta, inv)
	n := float64(len(c.g))
	return float64(miss)/n + 0.5/n*mse/(1+mse)
}
