package synth_test

import (
	"fmt"

	"github.com/sparsekernel/sparsekernel/synth"
)

// Two draws with the same seed are the same points; the Bayes rule misclassifies about 8 %.
func ExampleRipley() {
	a, b := synth.Ripley(1000, 7), synth.Ripley(1000, 7)
	wrong := 0
	for i, x := range a.X {
		if (synth.RipleyBayes(x) > 0) != (a.Y[i] > 0) {
			wrong++
		}
	}
	fmt.Println(len(a.X), a.X[0][0] == b.X[0][0], wrong > 50 && wrong < 110)
	// Output: 1000 true true
}
