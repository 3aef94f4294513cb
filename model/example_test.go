package model_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/synth"
)

// A model saved to a file and loaded again predicts exactly like the one in memory.
func ExampleLoad() {
	train := synth.Ripley(200, 1)
	m, err := sparsekernel.Fit(train.X, train.Y, sparsekernel.Options{Method: sparsekernel.ROLS})
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "ripley.model.json")
	if err := m.Save(path); err != nil {
		fmt.Println(err)
		return
	}
	loaded, err := model.Load(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	x := []float64{0.1, 0.4}
	a, _ := loaded.Decision(x)
	b, _ := m.Decision(x)
	fmt.Println(loaded.Method, loaded.Size() == m.Size(), a[0] == b[0])
	// Output:
	// rols true true
}
