package sparsekernel_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/synth"
)

// TestLoss fits sin(r)/r in the plane with one target in 25 moved by 3 (the targets' range
// is about 1.3): the squared error's fit follows them, the Huber loss's does not, and the
// default takes the Huber loss there but not on the clean targets, where its model is the
// squared error's, byte for byte.
func TestLoss(t *testing.T) {
	train, test := synth.Sinc(200, 2, 0.1, 1), synth.Sinc(500, 2, 0, 2)
	dirty := append([]float64(nil), train.Y...)
	for i := 3; i < len(dirty); i += 25 {
		dirty[i] += float64(3 - 6*(i/25%2))
	}
	mse := func(m *model.Model) float64 {
		v, err := m.Values(test.X)
		if err != nil {
			t.Fatal(err)
		}
		var s float64
		for i := range v {
			s += (v[i] - test.Y[i]) * (v[i] - test.Y[i])
		}
		return s / float64(len(v))
	}
	var stages []string
	progress := func(stage string, done, total int) {
		if len(stages) == 0 || stages[len(stages)-1] != stage {
			stages = append(stages, stage)
		}
	}
	fit := func(y []float64, loss string) (*model.Model, []byte) {
		stages = nil
		m, err := sparsekernel.Fit(train.X, y, sparsekernel.Options{Task: model.Regression, Loss: loss, Workers: 1, Progress: progress})
		if err != nil {
			t.Fatalf("%s: %v", loss, err)
		}
		var b bytes.Buffer
		if err := m.Write(&b); err != nil {
			t.Fatal(err)
		}
		return m, b.Bytes()
	}
	clean, cleanFile := fit(train.Y, "")
	squared, squaredFile := fit(train.Y, sparsekernel.LossSquared)
	if !bytes.Equal(cleanFile, squaredFile) || strings.Contains(clean.Training.Chose, "Huber") {
		t.Errorf("clean targets: the default is not the squared error's fit: %s", clean.Training.Chose)
	}
	dirtySquared, _ := fit(dirty, sparsekernel.LossSquared)
	for _, loss := range []string{"", sparsekernel.LossHuber} {
		m, _ := fit(dirty, loss)
		if !strings.Contains(m.Training.Chose, "Huber loss") {
			t.Errorf("loss %q on the moved targets: no Huber loss in %q", loss, m.Training.Chose)
		}
		if !slices.ContainsFunc(stages, func(s string) bool { return strings.HasPrefix(s, "Huber refit 1: ") }) {
			t.Errorf("loss %q: the progress stages do not name the refits: %q", loss, stages)
		}
		if e, sq, c := mse(m), mse(dirtySquared), mse(squared); !(e < sq/2 && e < 2*c) {
			t.Errorf("loss %q: test MSE %.4g, the squared error's %.4g (on the clean targets %.4g)", loss, e, sq, c)
		}
		// The estimate is of the targets themselves, the moved ones too (one in 25 by 3: about
		// 9/25 = 0.36 more squared error), not of the Huber fit's pseudo targets.
		if e := m.Training.CVError; !(e > clean.Training.CVError+0.2) {
			t.Errorf("loss %q: estimated MSE %.4g, on the clean targets %.4g", loss, e, clean.Training.CVError)
		}
	}
}

func TestLossOptions(t *testing.T) {
	s := synth.Ripley(60, 1)
	for _, tc := range []struct {
		name string
		X    [][]float64
		y    []float64
		opt  sparsekernel.Options
		err  error
	}{
		{"unknown loss", s.X, s.Y, sparsekernel.Options{Loss: "l1"}, sparsekernel.ErrOption},
		{"huber for classes", s.X, s.ClassIndex(), sparsekernel.Options{Loss: sparsekernel.LossHuber}, sparsekernel.ErrOption},
		{"squared for classes", s.X, s.ClassIndex(), sparsekernel.Options{Loss: sparsekernel.LossSquared}, nil},
	} {
		tc.opt.Workers = 1
		m, err := sparsekernel.Fit(tc.X, tc.y, tc.opt)
		if !errors.Is(err, tc.err) || err == nil && m == nil {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.err)
		}
	}
	opt := sparsekernel.Options{Method: sparsekernel.LROLS, Loss: sparsekernel.LossHuber}
	if u := opt.Unused(); !slices.Contains(u, "huber loss") {
		t.Errorf("lrols with the Huber loss: unused %v", u)
	}
}

// A regression whose training targets hold a few wild values (one in 25 moved by 3, about
// twice the targets' range): the squared error's fit follows them, and the default fits the
// Huber loss instead, as the residuals are heavy-tailed.
func ExampleOptions_loss() {
	train, test := synth.Sinc(200, 2, 0.1, 1), synth.Sinc(500, 2, 0, 2)
	for i := 3; i < len(train.Y); i += 25 {
		train.Y[i] += 3
	}
	for _, loss := range []string{sparsekernel.LossSquared, sparsekernel.LossAuto} {
		m, err := sparsekernel.Fit(train.X, train.Y, sparsekernel.Options{Task: model.Regression, Loss: loss})
		if err != nil {
			fmt.Println(err)
			return
		}
		v, _ := m.Values(test.X)
		var mse float64
		for i := range v {
			mse += (v[i] - test.Y[i]) * (v[i] - test.Y[i]) / float64(len(v))
		}
		fmt.Printf("%s: Huber loss %v, test MSE below 0.01: %v\n", loss, strings.Contains(m.Training.Chose, "Huber loss"), mse < 0.01)
	}
	// Output:
	// squared: Huber loss false, test MSE below 0.01: false
	// auto: Huber loss true, test MSE below 0.01: true
}

// TestLossSkewedTargets fits targets spanning orders of magnitude, exp(2 x1 + 1.3 e): the
// squared error's residuals are heavy-tailed, but so are the targets, and the default keeps
// the squared error's model (saying why), while -loss huber still refits.
func TestLossSkewedTargets(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	X, y := make([][]float64, 300), make([]float64, 300)
	for i := range X {
		X[i] = []float64{rng.Float64(), rng.Float64()}
		y[i] = math.Exp(2*X[i][0] + 1.3*rng.NormFloat64())
	}
	fit := func(loss string) *model.Model {
		m, err := sparsekernel.Fit(X, y, sparsekernel.Options{Task: model.Regression, Loss: loss, Workers: 1})
		if err != nil {
			t.Fatalf("%s: %v", loss, err)
		}
		return m
	}
	def, squared, huber := fit(""), fit(sparsekernel.LossSquared), fit(sparsekernel.LossHuber)
	if !strings.Contains(def.Training.Chose, "the targets being skewed") || strings.Contains(def.Training.Chose, "Huber loss") {
		t.Errorf("the default's choice: %s", def.Training.Chose)
	}
	a, err := def.Values(X)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := squared.Values(X)
	if !slices.Equal(a, b) {
		t.Error("the default's model is not the squared error's")
	}
	if !strings.Contains(huber.Training.Chose, "Huber loss") {
		t.Errorf("-loss huber: %s", huber.Training.Chose)
	}
}
