package report

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
)

// SVC is an RBF support-vector classifier as written by testdata/svc_regions.py (scikit-learn's
// SVC on standardised inputs): enough to evaluate its decision function
//
//	f(x) = Intercept + sum_i DualCoef[i] exp(-Gamma |z - z_i|^2),   z = (x - Mean) / Scale
//
// (Classes[1] where f > 0) and to draw its support vectors.
type SVC struct {
	Method      string      `json:"method"`
	Data        string      `json:"data"`        // the training data it was fitted on
	Realisation int         `json:"realisation"` // 0-based, for a benchmark folder
	C           float64     `json:"C"`
	Gamma       float64     `json:"gamma"`
	Classes     []string    `json:"classes"`
	Mean        []float64   `json:"mean"`
	Scale       []float64   `json:"scale"`
	Support     [][]float64 `json:"support_vectors"` // raw inputs
	DualCoef    []float64   `json:"dual_coef"`
	Intercept   float64     `json:"intercept"`
	CVError     float64     `json:"cv_error"`    // percent
	TrainError  float64     `json:"train_error"` // percent
	// CheckX and CheckDecision are a few inputs and scikit-learn's decision values for
	// them: ReadSVC verifies that Decision reproduces them.
	CheckX         [][]float64 `json:"check_x"`
	CheckDecision  []float64   `json:"check_decision"`
	SklearnVersion string      `json:"sklearn_version"`

	z [][]float64 // standardised support vectors
}

// ReadSVC reads an SVC file and checks it: consistent lengths, two classes, and decision
// values that match the recorded ones.
func ReadSVC(path string) (*SVC, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s SVC
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("%s: not an SVC file: %v", path, err)
	}
	if err := s.init(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &s, nil
}

func (s *SVC) init() error {
	d := len(s.Mean)
	switch {
	case len(s.Classes) != 2:
		return fmt.Errorf("want 2 classes, found %d", len(s.Classes))
	case d == 0 || len(s.Scale) != d:
		return fmt.Errorf("mean and scale: want equal, non-zero lengths, found %d and %d", d, len(s.Scale))
	case len(s.Support) == 0 || len(s.Support) != len(s.DualCoef):
		return fmt.Errorf("%d support vectors and %d dual coefficients", len(s.Support), len(s.DualCoef))
	case !(s.Gamma > 0) || math.IsInf(s.Gamma, 0):
		return fmt.Errorf("gamma %v: want a positive number", s.Gamma)
	case len(s.CheckX) != len(s.CheckDecision):
		return fmt.Errorf("%d check inputs and %d check decisions", len(s.CheckX), len(s.CheckDecision))
	}
	for j, v := range s.Scale {
		if !(v > 0) {
			return fmt.Errorf("scale %d is %v", j+1, v)
		}
	}
	s.z = make([][]float64, len(s.Support))
	for i, x := range s.Support {
		if len(x) != d {
			return fmt.Errorf("support vector %d has %d values, want %d", i+1, len(x), d)
		}
		s.z[i] = make([]float64, d)
		for j := range x {
			s.z[i][j] = (x[j] - s.Mean[j]) / s.Scale[j]
		}
	}
	for i, x := range s.CheckX {
		if len(x) != d {
			return fmt.Errorf("check input %d has %d values, want %d", i+1, len(x), d)
		}
		if got, want := s.Decision(x), s.CheckDecision[i]; math.Abs(got-want) > 1e-6*(1+math.Abs(want)) {
			return fmt.Errorf("decision value %d: computed %g, scikit-learn gave %g", i+1, got, want)
		}
	}
	return nil
}

// Inputs returns the number of inputs.
func (s *SVC) Inputs() int { return len(s.Mean) }

// Decision returns f(x); x must have Inputs values.
func (s *SVC) Decision(x []float64) float64 {
	f := s.Intercept
	for i, zi := range s.z {
		var d2 float64
		for j, v := range zi {
			t := (x[j]-s.Mean[j])/s.Scale[j] - v
			d2 += t * t
		}
		f += s.DualCoef[i] * math.Exp(-s.Gamma*d2)
	}
	return f
}
