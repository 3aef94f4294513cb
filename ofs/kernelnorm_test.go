package ofs

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// The tracked kernel-norm model equals, at every size, the direct solution of
// (A'A + alpha R + jitter) w = A'Y: its weights and its held-out decisions.
func TestKernelNormExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	X, class := blobs(90, 3, 2)
	Y := oneVsRest(class, 3)
	tr, va := X[:70], X[70:]
	Ytr, Yva := make([][]float64, 3), make([][]float64, 3)
	for k := range Y {
		Ytr[k], Yva[k] = Y[k][:70], Y[k][70:]
	}
	pts := tr[:30]
	for _, tc := range []struct{ tau, alpha float64 }{{0.5, 1}, {4, 0.1}, {20, 1}} {
		gtr := newGaussians(pts, tr).at(tc.tau)
		gtr = append([]float64(nil), gtr...)
		gva := append([]float64(nil), newGaussians(pts, va).at(tc.tau)...)
		kn := newKernelNorm(tc.alpha, gtr, gva, pts, tc.tau, Ytr, Yva, class[70:], LossMSE)
		order := rng.Perm(len(pts))[:15]
		for s, c := range order {
			if !kn.add(c) {
				t.Fatalf("tau %g: stopped at term %d", tc.tau, s+1)
			}
			sel := order[:s+1]
			p := len(sel) + 1
			A := mat.NewDense(len(tr), p, nil)
			Av := mat.NewDense(len(va), p, nil)
			for i := range tr {
				A.Set(i, 0, 1)
				for j, cj := range sel {
					A.Set(i, j+1, gtr[cj*len(tr)+i])
				}
			}
			for i := range va {
				Av.Set(i, 0, 1)
				for j, cj := range sel {
					Av.Set(i, j+1, gva[cj*len(va)+i])
				}
			}
			M := penalised(A, pts, sel, tc.tau, tc.alpha)
			bias, w := kn.weights()
			for k := range Ytr {
				var rhs mat.VecDense
				rhs.MulVec(A.T(), mat.NewVecDense(len(tr), Ytr[k]))
				var want mat.VecDense
				if err := want.SolveVec(M, &rhs); err != nil {
					t.Fatal(err)
				}
				// The weights solve the normal equations (compared by their residual: with wide
				// widths M is ill-conditioned, and two solvers' weights differ more than their fits).
				got := mat.NewVecDense(p, append([]float64{bias[k]}, w[k]...))
				var res mat.VecDense
				res.MulVec(M, got)
				res.SubVec(&res, &rhs)
				if r := mat.Norm(&res, 2); r > 1e-8*mat.Norm(&rhs, 2) {
					t.Fatalf("tau %g, size %d, output %d: normal-equation residual %g", tc.tau, s+1, k, r)
				}
				var f mat.VecDense
				f.MulVec(Av, &want)
				for v := range va {
					if d := math.Abs(kn.h.f[k][v] - f.AtVec(v)); d > 1e-6*(1+math.Abs(f.AtVec(v))) {
						t.Fatalf("tau %g, size %d, output %d, point %d: tracked %v, direct %v", tc.tau, s+1, k, v, kn.h.f[k][v], f.AtVec(v))
					}
				}
			}
			// The held-out path replays the tracked decisions.
			if got := kn.held().decisions(s + 1); !closeRows(got, kn.h.f, 1e-12) {
				t.Fatalf("tau %g, size %d: replayed decisions differ", tc.tau, s+1)
			}
		}
	}
}

func closeRows(a, b [][]float64, tol float64) bool {
	for k := range a {
		for i := range a[k] {
			if math.Abs(a[k][i]-b[k][i]) > tol*(1+math.Abs(b[k][i])) {
				return false
			}
		}
	}
	return true
}

// With KernelNorm the race has the kernel-norm weights beside the orthogonal ridge's; when
// they win, the final model's weights are theirs: they solve the penalised normal equations on
// all points. The result does not depend on the number of workers.
func TestAutoKernelNorm(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var X [][]float64
	var y []float64
	for range 120 {
		x := 4 * rng.Float64()
		X = append(X, []float64{x})
		y = append(y, math.Sin(3*x)+0.3*rng.NormFloat64())
	}
	r := fitWorkers(t, Auto{Seed: 2, KernelNorm: 1, TauFactors: []float64{2, 4}, Extend: -1, Weighting: []Weighting{WeightNone}, NoPrototypes: true}, X, [][]float64{y}, nil)
	if !strings.Contains(r.Chose, "kernel-norm") {
		t.Fatalf("the kernel-norm weights were not chosen on a smooth function at wide widths (where the columns are nearly collinear): %s", r.Chose)
	}
	// Normal equations (A'A + alpha R + jitter) w = A'y on all points.
	n, p := len(X), len(r.Centres)+1
	A := mat.NewDense(n, p, nil)
	for i, x := range X {
		A.Set(i, 0, 1)
		for j, c := range r.Centres {
			A.Set(i, j+1, math.Exp(-sqDist(x, c)/r.Tau))
		}
	}
	M := penalised(A, r.Centres, nil, r.Tau, 1)
	w := mat.NewVecDense(p, append([]float64{r.Bias[0]}, r.Weights[0]...))
	var lhs, rhs mat.VecDense
	lhs.MulVec(M, w)
	rhs.MulVec(A.T(), mat.NewVecDense(n, y))
	lhs.SubVec(&lhs, &rhs)
	if res := mat.Norm(&lhs, 2); res > 1e-8*mat.Norm(&rhs, 2) {
		t.Fatalf("normal-equation residual %g", res)
	}
}

// penalised returns A'A + alpha R + jitter, R the kernel among the centres pts[sel] (all of pts
// when sel is nil), the matrix of kernelNorm's normal equations.
func penalised(A *mat.Dense, pts [][]float64, sel []int, tau, alpha float64) *mat.Dense {
	n, p := A.Dims()
	if sel == nil {
		sel = make([]int, len(pts))
		for i := range sel {
			sel[i] = i
		}
	}
	var M mat.Dense
	M.Mul(A.T(), A)
	for i := range p {
		M.Set(i, i, M.At(i, i)+kernelNormJitter*float64(n))
	}
	for i, ci := range sel {
		for j, cj := range sel {
			M.Set(i+1, j+1, M.At(i+1, j+1)+alpha*math.Exp(-sqDist(pts[ci], pts[cj])/tau))
		}
	}
	return &M
}
