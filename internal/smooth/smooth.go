// Package smooth adapts a smooth objective that computes its value and gradient in one pass to
// gonum's optimize.Problem.
package smooth

import (
	"slices"

	"gonum.org/v1/gonum/optimize"
)

// Problem returns the optimize.Problem of fg, which returns f(x) and writes its gradient into
// grad. A line search asks for the value and then, at the same point, the gradient: Problem
// keeps the gradient of the last value's point, so that fg runs once for both. calls, if not
// nil, counts the calls of fg.
func Problem(fg func(x, grad []float64) float64, calls *int) optimize.Problem {
	var at, atGrad []float64
	count := func() {
		if calls != nil {
			*calls++
		}
	}
	return optimize.Problem{
		Func: func(x []float64) float64 {
			count()
			at = append(at[:0], x...)
			atGrad = slices.Grow(atGrad[:0], len(x))[:len(x)]
			return fg(x, atGrad)
		},
		Grad: func(grad, x []float64) {
			if slices.Equal(x, at) {
				copy(grad, atGrad)
				return
			}
			count()
			fg(x, grad)
		},
	}
}
