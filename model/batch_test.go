package model_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/synth"
)

// TestBatch checks Labels, ClassProbabilities and Values against the row-by-row methods, and
// their errors.
func TestBatch(t *testing.T) {
	two := synth.Ripley(120, 3)
	cls, err := sparsekernel.Fit(two.X, two.Y, sparsekernel.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sinc := synth.Sinc(120, 2, 0.1, 4)
	reg, err := sparsekernel.Fit(sinc.X, sinc.Y, sparsekernel.Options{})
	if err != nil {
		t.Fatal(err)
	}
	X := synth.Ripley(50, 5).X
	labels, err := cls.Labels(X)
	if err != nil {
		t.Fatal(err)
	}
	P, err := cls.ClassProbabilities(X)
	if err != nil {
		t.Fatal(err)
	}
	p := make([]float64, len(cls.Classes))
	for r, x := range X {
		f, _ := cls.Decision(x)
		want, _ := cls.Label(f)
		if labels[r] != want {
			t.Errorf("row %d: label %q, want %q", r+1, labels[r], want)
		}
		if err := cls.Probabilities(p, f); err != nil || !slices.Equal(P[r], p) {
			t.Errorf("row %d: probabilities %v, want %v (%v)", r+1, P[r], p, err)
		}
	}
	Xr := synth.Sinc(50, 2, 0, 6).X
	Xr[0] = []float64{100, -100} // far outside: clipped
	values, err := reg.Values(Xr)
	if err != nil {
		t.Fatal(err)
	}
	for r, x := range Xr {
		if f, _ := reg.Decision(x); values[r] != f[0] {
			t.Errorf("row %d: value %v, want %v", r+1, values[r], f[0])
		}
	}
	uncalibrated := *cls
	uncalibrated.Calibration = nil
	bad := [][]float64{{0.1, 0.2}, {math.NaN(), 0}}
	for _, tc := range []struct {
		name string
		call func() error
		want error
		text string
	}{
		{"labels of a regressor", func() error { _, err := reg.Labels(Xr); return err }, model.ErrNotClassifier, ""},
		{"probabilities of a regressor", func() error { _, err := reg.ClassProbabilities(Xr); return err }, model.ErrNotClassifier, ""},
		{"values of a classifier", func() error { _, err := cls.Values(X); return err }, model.ErrNotRegressor, ""},
		{"probabilities without a calibration", func() error { _, err := uncalibrated.ClassProbabilities(X); return err }, model.ErrNoCalibration, ""},
		{"a NaN in row 2", func() error { _, err := cls.Labels(bad); return err }, model.ErrInput, "row 2"},
		{"a short row", func() error { _, err := reg.Values([][]float64{{1}}); return err }, model.ErrInput, "row 1"},
	} {
		err := tc.call()
		if !errors.Is(err, tc.want) || !strings.Contains(fmt.Sprint(err), tc.text) {
			t.Errorf("%s: %v, want %v naming %q", tc.name, err, tc.want, tc.text)
		}
	}
}
