package lssvm

import (
	"math"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/internal/nopanic"
	"github.com/sparsekernel/sparsekernel/kernel"
)

// A missing kernel and values that are not finite are errors that name them, not a panic
// or ErrSingular.
func TestBadKernelAndValues(t *testing.T) {
	X := [][]float64{{0}, {1}, {2}, {3}}
	y := []float64{-1, -1, 1, 1}
	g := kernel.Gaussian{Sigma: 1}
	var nilGaussian *kernel.Gaussian
	var nilWavelet *kernel.Wavelet
	nanX := [][]float64{{0}, {math.NaN()}, {2}, {3}}
	infY := []float64{0, math.Inf(1), 1, 2}
	tests := []struct {
		name string
		call func() error
		want string
	}{
		{"Fit nil kernel", func() error { _, err := Fit(X, y, nil, 1, true); return err }, "no kernel"},
		{"Fit nil *Gaussian", func() error { _, err := Fit(X, y, nilGaussian, 1, true); return err }, "no kernel"},
		{"Fit nil *Wavelet", func() error { _, err := Fit(X, y, nilWavelet, 1, false); return err }, "no kernel"},
		{"FitK nil kernel", func() error { _, err := FitK(X, [][]float64{y, y}, nil, 1); return err }, "no kernel"},
		{"LOO nil kernel", func() error { _, _, err := LOO(X, y, nil, 1); return err }, "no kernel"},
		{"LOOK nil kernel", func() error { _, _, err := LOOK(X, [][]float64{y}, nil, 1); return err }, "no kernel"},
		{"Evaluator.LOO nil kernel", func() error {
			e, err := NewEvaluator(X, y)
			if err != nil {
				return err
			}
			_, _, err = e.LOO(nil, 1)
			return err
		}, "no kernel"},
		{"Fit NaN input", func() error { _, err := Fit(nanX, y, g, 1, true); return err }, "row 1, feature 0 is NaN"},
		{"LOO NaN input", func() error { _, _, err := LOO(nanX, y, g, 1); return err }, "row 1, feature 0 is NaN"},
		{"Fit infinite target", func() error { _, err := Fit(X, infY, g, 1, false); return err }, "target 1 of output 0 is +Inf"},
		{"FitK infinite target", func() error { _, err := FitK(X, [][]float64{y, infY}, g, 1); return err }, "target 1 of output 1 is +Inf"},
	}
	for _, tc := range tests {
		if err := nopanic.Call(tc.call); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error mentioning %q", tc.name, err, tc.want)
		}
	}
}
