package ofs

import "math"

// Selection is the outcome of a forward selection over a candidate pool.
type Selection struct {
	// Index lists the selected candidates in the order they were selected.
	Index []int
	// Weights are the original-space weights of the selected candidates' columns.
	Weights []float64
	// Bias is the weight of the constant column when the state has one (State.SetBias).
	Bias float64
	// Lambdas are the terms' final regularisation parameters.
	Lambdas []float64
	// Criterion names the selection criterion and Curve holds its value after each term tried
	// (including the terms tried after the best size, which were then dropped).
	Criterion string
	Curve     []float64
	// Stats are the final model's LOO statistics and LogLoss its LOO logistic loss.
	Stats   Stats
	LogLoss float64
	// LOO holds the final model's leave-one-out decision values y_k - e_k/eta_k (for
	// calibration), in the order of Fixed.X after Fixed.Run.
	LOO []float64
	// Stop says why the selection stopped.
	Stop string
	// Evaluations counts the candidate evaluations made.
	Evaluations int
}

// stopper implements the stopping rules of the fixed-node and tunable-node constructions: the
// selection goes on while the criterion improves on the best value seen (by more than the
// fraction minGain of it), and stops after patience consecutive steps without an improvement
// (patience 1: the first step that fails to improve, as in Hong, Chen and Harris 2008), at
// maxTerms, or when no candidate is left. The model is cut back to the best size, never below
// minTerms.
type stopper struct {
	patience, minTerms, maxTerms int
	minGain                      float64
	best                         float64 // best criterion value (lower is better)
	bestMSE                      float64
	bestSize                     int
	since                        int
	plateau                      bool // an equal criterion with a lower LOO MSE counts as an improvement
	reason                       string
}

func newStopper(j0 float64, patience, minTerms, maxTerms int, plateau bool) *stopper {
	return &stopper{patience: max(patience, 1), minTerms: minTerms, maxTerms: maxTerms,
		best: j0, bestMSE: math.Inf(1), plateau: plateau}
}

// step records the criterion j (lower is better) and LOO MSE of the size-n model and
// reports whether to go on.
func (st *stopper) step(n int, j, mse float64) bool {
	better := j < st.best*(1-st.minGain) || (st.plateau && j == st.best && mse < st.bestMSE)
	if better || n <= st.minTerms {
		st.best, st.bestMSE, st.bestSize, st.since = j, mse, n, 0
	} else {
		st.since++
	}
	switch {
	case st.since >= st.patience && n >= st.minTerms:
		st.reason = "criterion stopped improving"
		return false
	case n >= st.maxTerms:
		st.reason = "maximum model size reached"
		return false
	}
	return true
}

// finish cuts the state back to the best size and fills sel's common fields.
func (st *stopper) finish(s *State, sel *Selection) {
	if st.reason == "" {
		st.reason = "no candidate left"
	}
	s.Truncate(st.bestSize)
	sel.Index = sel.Index[:st.bestSize]
	sel.Stop = st.reason
}

// complete records the final model's weights and statistics.
func complete(s *State, sel *Selection) {
	sel.Weights, sel.Bias, sel.Lambdas = s.Solution()
	sel.Stats = s.Current()
	sel.LogLoss = s.LogLoss()
	sel.LOO = s.LOODecisions()
}
