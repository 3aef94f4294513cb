package optim_test

import (
	"fmt"
	"log"

	"github.com/sparsekernel/sparsekernel/optim"
	"github.com/sparsekernel/sparsekernel/optim/testfunc"
)

// Minimise the 2-D sphere with the PSO of Chen, Hong and Harris (2010) at its published
// settings (a swarm of 10, 20 iterations).
func ExampleMinimize() {
	sphere := testfunc.Sphere{}
	lower, upper := sphere.Box(2) // [-5.12, 5.12]^2
	p := optim.Problem{Lower: lower, Upper: upper, Func: sphere.Func}
	res, err := optim.Minimize(p, optim.PSO{}, optim.Settings{Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("evaluations:", res.Evaluations) // S (I_max + 1)
	fmt.Println("iterations:", res.Iterations)
	fmt.Printf("x = (%.2f, %.2f), f(x) < 1e-4: %t\n", abs(res.X[0]), abs(res.X[1]), res.F < 1e-4)
	// Output:
	// evaluations: 210
	// iterations: 20
	// x = (0.00, 0.00), f(x) < 1e-4: true
}

// abs keeps the example's output free of "-0.00".
func abs(v float64) float64 { return max(v, -v) }
