package model

import (
	"math"
	"math/rand/v2"
	"testing"
)

// refDecision is the plain form of DecisionTo's arithmetic (without its checks), kept here to
// pin its results bit for bit: any faster DecisionTo must do the same floating-point
// operations in the same order.
func refDecision(m *Model, x []float64) []float64 {
	z := make([]float64, len(x))
	for j := range x {
		z[j] = (x[j] - m.Scaling.Mean[j]) / m.Scaling.Std[j]
	}
	f := append([]float64(nil), m.Bias...)
	for i, nd := range m.Nodes {
		var g float64
		switch {
		case m.Kernel == KernelWavelet:
			a := nd.Width[0]
			p, s := 1.0, 0.0
			for j := range z {
				d := (z[j] - nd.Centre[j]) / a
				p *= math.Cos(1.75 * d)
				s += d * d
			}
			g = p * math.Exp(-0.5*s)
		case len(nd.Width) == 1:
			var s float64
			for j := range z {
				d := z[j] - nd.Centre[j]
				s += d * d
			}
			g = math.Exp(-0.5 * s / nd.Width[0])
		default:
			var q float64
			for j := range z {
				d := z[j] - nd.Centre[j]
				q += d * d / nd.Width[j]
			}
			g = math.Exp(-0.5 * q)
		}
		for k, w := range m.Weights {
			f[k] += w[i] * g
		}
	}
	if m.Range != nil {
		f[0] = min(max(f[0], m.Range[0]), m.Range[1])
	}
	return f
}

// refApply is the plain form of Calibration.Apply.
func refApply(c *Calibration, f []float64) []float64 {
	p := make([]float64, len(c.A))
	top := math.Inf(-1)
	for i, a := range c.A {
		l := c.B[i]
		for k, v := range f {
			l += a[k] * v
		}
		p[i] = l
		top = max(top, l)
	}
	var sum float64
	for i, l := range p {
		p[i] = math.Exp(l - top)
		sum += p[i]
	}
	for i := range p {
		p[i] /= sum
	}
	return p
}

// randomModel builds a valid model of the given shape: Gaussian nodes of a shared width and
// of a width per input (or wavelet nodes), calibrated when a classifier.
func randomModel(rng *rand.Rand, kernel string, inputs, nodes, classes int) *Model {
	m := &Model{Task: Classification, Method: "random", Kernel: kernel, Inputs: inputs}
	if classes == 0 {
		m.Task = Regression
	}
	for c := range classes {
		m.Classes = append(m.Classes, string(rune('a'+c)))
	}
	for range inputs {
		m.Scaling.Mean = append(m.Scaling.Mean, rng.NormFloat64())
		m.Scaling.Std = append(m.Scaling.Std, 0.1+rng.Float64())
	}
	k := OutputsFor(m.Task, classes)
	m.Weights = make([][]float64, k)
	for i := range nodes {
		nd := Node{Width: []float64{0.05 + rng.Float64()}}
		if kernel == KernelGaussian && i%3 == 1 {
			nd.Width = nil
			for range inputs {
				nd.Width = append(nd.Width, 0.05+2*rng.Float64())
			}
		}
		for range inputs {
			nd.Centre = append(nd.Centre, rng.NormFloat64())
		}
		m.Nodes = append(m.Nodes, nd)
		for o := range k {
			m.Weights[o] = append(m.Weights[o], 3*rng.NormFloat64())
		}
	}
	for range k {
		m.Bias = append(m.Bias, rng.NormFloat64())
	}
	if classes > 0 {
		c := &Calibration{Method: "random"}
		for range classes {
			row := make([]float64, k)
			for o := range row {
				row[o] = 2 * rng.NormFloat64()
			}
			c.A = append(c.A, row)
			c.B = append(c.B, rng.NormFloat64())
		}
		m.Calibration = c
	} else if rng.IntN(2) == 0 {
		m.Range = []float64{-1, 1}
	}
	if err := m.Check(); err != nil {
		panic(err)
	}
	return m
}

// TestDecisionBitIdentical pins the results of DecisionTo and Calibration.Apply bit for bit to
// the plain arithmetic of refDecision and refApply, on many model shapes.
func TestDecisionBitIdentical(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for trial := range 300 {
		kern := KernelGaussian
		if trial%5 == 4 {
			kern = KernelWavelet
		}
		classes := []int{0, 2, 3, 4}[trial%4]
		m := randomModel(rng, kern, 1+rng.IntN(12), rng.IntN(40), classes)
		f := make([]float64, m.Outputs())
		z := make([]float64, m.Inputs+rng.IntN(2))
		x := make([]float64, m.Inputs)
		p := make([]float64, len(m.Classes))
		for range 20 {
			for j := range x {
				x[j] = m.Scaling.Mean[j] + m.Scaling.Std[j]*1.5*rng.NormFloat64()
			}
			if err := m.DecisionTo(f, z, x); err != nil {
				t.Fatal(err)
			}
			want := refDecision(m, x)
			for k := range f {
				if math.Float64bits(f[k]) != math.Float64bits(want[k]) {
					t.Fatalf("trial %d: output %d is %v, want %v", trial, k, f[k], want[k])
				}
			}
			if m.Calibration == nil {
				continue
			}
			if err := m.Probabilities(p, f); err != nil {
				t.Fatal(err)
			}
			for c, v := range refApply(m.Calibration, f) {
				if math.Float64bits(p[c]) != math.Float64bits(v) {
					t.Fatalf("trial %d: probability %d is %v, want %v", trial, c, p[c], v)
				}
			}
		}
	}
}

// BenchmarkDecision measures DecisionTo and the probabilities of the serving load test's
// model shape: 20 nodes on 10 inputs, two classes, calibrated.
func BenchmarkDecision(b *testing.B) {
	rng := rand.New(rand.NewPCG(12, 7))
	m := randomModel(rng, KernelGaussian, 10, 20, 2)
	X := make([][]float64, 1000)
	for r := range X {
		X[r] = make([]float64, 10)
		for j := range X[r] {
			X[r][j] = math.Round(4000*rng.Float64()-2000) / 1000
		}
	}
	f, z, p := make([]float64, 1), make([]float64, 10), make([]float64, 2)
	b.ReportAllocs()
	for b.Loop() {
		for _, x := range X {
			if err := m.DecisionTo(f, z, x); err != nil {
				b.Fatal(err)
			}
			m.Calibration.Apply(p, f)
		}
	}
}
