package ripley_test

import (
	"fmt"
	"testing"

	"github.com/sparsekernel/sparsekernel/docs/export/examples/ripley"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/synth"
)

// TestSameAsModel checks that the export predicts bit for bit like the model it came from.
func TestSameAsModel(t *testing.T) {
	m, err := model.Load("../ripley.model.json")
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range synth.Ripley(500, 3).X {
		want, err := m.Decision(x)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ripley.RipleyDecision(x)
		if err != nil || got[0] != want[0] {
			t.Fatalf("row %d: %v, %v; want %v", i+1, got[0], err, want[0])
		}
		c, err := ripley.RipleyPredict(x)
		if err != nil || ripley.RipleyLabel(c) != m.Classes[model.Class(want)] {
			t.Fatalf("row %d: class %d, %v", i+1, c, err)
		}
	}
}

// TestNoAllocation checks that prediction allocates nothing, on success and on error.
func TestNoAllocation(t *testing.T) {
	good, bad := []float64{0.3, 0.3}, []float64{0.3}
	if n := testing.AllocsPerRun(100, func() {
		ripley.RipleyDecision(good)
		ripley.RipleyPredict(bad)
	}); n != 0 {
		t.Errorf("%v allocations per prediction", n)
	}
}

func Example() {
	x := []float64{0.3, 0.3} // x1, x2: near a centre of class "b"
	c, err := ripley.RipleyPredict(x)
	if err != nil {
		panic(err)
	}
	fmt.Println(ripley.RipleyLabel(c))
	_, err = ripley.RipleyPredict([]float64{0.3})
	fmt.Println(err)
	// Output:
	// b
	// ripley: the input has the wrong length or a value that is NaN or infinite
}

var sink float64

func BenchmarkRipleyDecision(b *testing.B) {
	rows := synth.Ripley(1000, 4).X
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f, err := ripley.RipleyDecision(rows[i%len(rows)])
		if err != nil {
			b.Fatal(err)
		}
		sink += f[0]
	}
}
