package serve_test

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"

	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/serve"
)

func Example() {
	// A two-class model of one Gaussian node: "big" near the centre (3, 3).
	m := &model.Model{Task: model.Classification, Method: "hand", Kernel: model.KernelGaussian, Inputs: 2,
		Features: []string{"x", "y"}, Classes: []string{"small", "big"},
		Scaling: model.Scaling{Mean: []float64{0, 0}, Std: []float64{1, 1}},
		Nodes:   []model.Node{{Centre: []float64{3, 3}, Width: []float64{1}}},
		Weights: [][]float64{{2}}, Bias: []float64{-1},
		Calibration: &model.Calibration{Method: "platt", A: [][]float64{{0}, {1}}, B: []float64{0, 0}}}
	dir, _ := os.MkdirTemp("", "serve-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "m.json")
	if err := m.Save(path); err != nil {
		panic(err)
	}

	s, err := serve.New(serve.Config{ModelPath: path, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		panic(err)
	}
	ts := httptest.NewServer(s.Handler()) // or s.Run(ctx, listener)
	defer ts.Close()

	res, err := http.Post(ts.URL+"/predict", "application/json",
		strings.NewReader(`{"rows": [[3, 3], {"x": 0, "y": 0}]}`))
	if err != nil {
		panic(err)
	}
	var answer struct {
		Predictions []struct {
			Label         string
			Probabilities map[string]float64
		}
	}
	json.NewDecoder(res.Body).Decode(&answer)
	res.Body.Close()
	for _, p := range answer.Predictions {
		fmt.Printf("%s (p = %.2f)\n", p.Label, p.Probabilities[p.Label])
	}

	res, _ = http.Post(ts.URL+"/predict", "text/csv", strings.NewReader("x,y\n1,oops\n"))
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	fmt.Print(res.StatusCode, " ", string(body))
	// Output:
	// big (p = 0.73)
	// small (p = 0.73)
	// 400 {"error":"row 1, field 2 (\"y\") (line 2): \"oops\" is not a number"}
}

// A model held in memory, served without a file (one just fitted with sparsekernel.Fit, say).
func ExampleNewFor() {
	m := &model.Model{Task: model.Regression, Method: "hand", Kernel: model.KernelGaussian, Inputs: 1,
		Scaling: model.Scaling{Mean: []float64{0}, Std: []float64{1}},
		Nodes:   []model.Node{{Centre: []float64{0}, Width: []float64{1}}},
		Weights: [][]float64{{2}}, Bias: []float64{1}}
	s, err := serve.NewFor(m, serve.Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		panic(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	res, err := http.Post(ts.URL+"/predict", "text/csv", strings.NewReader("0\n"))
	if err != nil {
		panic(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	fmt.Print(string(body))
	// Output:
	// {"predictions":[{"value":3,"decision":[3]}]}
}

// A model with a categorical input takes its categories by name. A name the model was not
// trained on predicts as no category (no indicator set), and the row says so.
func Example_categories() {
	// value = 1 + size + 2 (red) - 1 (green): one linear node over the encoded inputs
	// (size, red, green).
	m := &model.Model{Task: model.Regression, Method: "hand", Kernel: model.KernelGaussian, Inputs: 2,
		Features: []string{"size", "colour"}, Categories: [][]string{nil, {"red", "green"}},
		Scaling: model.Scaling{Mean: []float64{0, 0, 0}, Std: []float64{1, 1, 1}},
		Nodes:   []model.Node{{Kind: model.NodeLinear, Centre: []float64{1, 2, -1}}},
		Weights: [][]float64{{1}}, Bias: []float64{1}}
	s, err := serve.NewFor(m, serve.Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		panic(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, req := range []struct{ contentType, body string }{
		{"application/json", `{"rows": [[1, "red"], {"colour": "green", "size": 1}, [1, "teal"]]}`},
		{"text/csv", "colour,size\ngreen,2\nblue,2\n"},
	} {
		res, err := http.Post(ts.URL+"/predict", req.contentType, strings.NewReader(req.body))
		if err != nil {
			panic(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		fmt.Print(string(body))
	}
	// Output:
	// {"predictions":[{"value":4,"decision":[4]},{"value":1,"decision":[1]},{"value":2,"decision":[2],"unknown_categories":[{"input":2,"feature":"colour","category":"teal"}]}]}
	// {"predictions":[{"value":2,"decision":[2]},{"value":3,"decision":[3],"unknown_categories":[{"input":2,"feature":"colour","category":"blue","line":3}]}]}
}
