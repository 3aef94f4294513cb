package serve

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
)

// categorical turns m, a model built over encoded inputs (handModel), into one whose raw
// inputs are categorical where cats says so (nil: a number), as model/categories_test.go
// does: the nodes and the scaling stay over the encoded inputs, one indicator a category.
func categorical(m *model.Model, features []string, cats [][]string) *model.Model {
	m.Inputs, m.Features, m.Categories = len(cats), features, cats
	if w := m.Width(); w != len(m.Scaling.Mean) {
		panic("categories do not fit the model's encoded inputs")
	}
	if err := m.Check(); err != nil {
		panic(err)
	}
	return m
}

// TestCategoricalWidth serves a model with a categorical input, whose scratch is wider than
// its raw inputs.
func TestCategoricalWidth(t *testing.T) {
	m := categorical(handModel(model.Classification, 4, 6, []string{"a", "b"}, nil, true, 31),
		[]string{"x", "bit"}, [][]string{nil, {"0", "1", "2"}})
	s, _ := newServer(t, m, Config{})
	status, _, body := do(s.Handler(), "POST", "/predict", "application/json", `[[0.5, 1], [-1, 2]]`)
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, body)
	}
	var a answer
	if err := json.Unmarshal(body, &a); err != nil {
		t.Fatal(err)
	}
	if want := expect(t, m, [][]float64{{0.5, 1}, {-1, 2}}); !samePredictions(a.Predictions, want) {
		t.Errorf("answer %s\nwant %+v", body, want)
	}
}
