package serve

import (
	"encoding/json"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
)

// categorical returns a copy of plain, a model built over encoded inputs (handModel), whose
// raw inputs are categorical where cats says so (nil: a number), as model/categories_test.go
// builds one: the nodes and the scaling stay over the encoded inputs, one indicator a
// category. fill, if set, is the fill of the encoded inputs, given to both models.
func categorical(plain *model.Model, features []string, cats [][]string, fill []float64) *model.Model {
	plain.Scaling.Fill = fill
	c := *plain
	m := &c
	m.Inputs, m.Features, m.Categories = len(cats), features, cats
	if w := m.Width(); w != plain.Inputs {
		panic("categories do not fit the model's encoded inputs")
	}
	if err := m.Check(); err != nil {
		panic(err)
	}
	return m
}

// oneHot encodes the raw rows X of m by hand, as model.Model.Encode describes it: a
// categorical input's index c becomes one indicator a category (1 at c; none for -1; all NaN
// where it is missing).
func oneHot(m *model.Model, X [][]float64) [][]float64 {
	var out [][]float64
	for _, x := range X {
		var e []float64
		for j, v := range x {
			c := m.Categories[j]
			if len(c) == 0 {
				e = append(e, v)
				continue
			}
			for i := range c {
				switch {
				case math.IsNaN(v):
					e = append(e, v)
				case int(v) == i:
					e = append(e, 1)
				default:
					e = append(e, 0)
				}
			}
		}
		out = append(out, e)
	}
	return out
}

// The categorical models of the tests, each with the model over its encoded inputs (plain).
//
// catClassifier: three classes, calibrated; inputs x (a number), colour (red, green, blue)
// and size ("3", "1.5", "NA": names a client may send as JSON numbers, and one that is a
// missing-value marker elsewhere). 7 encoded inputs.
func catClassifier(fill bool) (cat, plain *model.Model) {
	plain = handModel(model.Classification, 7, 9, []string{"lo", "mid", "hi"}, nil, true, 41)
	var f []float64
	if fill {
		f = []float64{0.25, 0, 1, 0, 1, 0, 0}
	}
	return categorical(plain, []string{"x", "colour", "size"}, [][]string{nil, {"red", "green", "blue"}, {"3", "1.5", "NA"}}, f), plain
}

// catRegressor: clipped to a range, without feature names; inputs kind (a, b) and y (a
// number). 3 encoded inputs.
func catRegressor(fill bool) (cat, plain *model.Model) {
	plain = handModel(model.Regression, 3, 5, nil, nil, false, 42)
	plain.Range = []float64{-1, 1}
	var f []float64
	if fill {
		f = []float64{1, 0, -0.5}
	}
	return categorical(plain, nil, [][]string{{"a", "b"}, nil}, f), plain
}

// catBool: catRegressor with the categories of a column of booleans as Python writes them
// (False, True).
func catBool() (cat, plain *model.Model) {
	plain = handModel(model.Regression, 3, 5, nil, nil, false, 44)
	return categorical(plain, nil, [][]string{{"False", "True"}, nil}, nil), plain
}

// catOnly: two classes, uncalibrated, every input categorical: shape (round, square, "1")
// and colour (red, green, "7"), so that a row may be all numbers. 6 encoded inputs.
func catOnly() (cat, plain *model.Model) {
	plain = handModel(model.Classification, 6, 6, []string{"no", "yes"}, nil, false, 43)
	return categorical(plain, []string{"shape", "colour"}, [][]string{{"round", "square", "1"}, {"red", "green", "7"}}, nil), plain
}

// unknownEntry is an entry of a prediction's "unknown_categories".
type unknownEntry struct {
	Input    int    `json:"input"`
	Feature  string `json:"feature,omitempty"`
	Category string `json:"category"`
	Line     int    `json:"line,omitempty"`
}

func TestCategoricalPredict(t *testing.T) {
	nan := math.NaN()
	cls, clsPlain := catClassifier(false)
	clsF, clsFPlain := catClassifier(true)
	reg, regPlain := catRegressor(false)
	regF, regFPlain := catRegressor(true)
	only, onlyPlain := catOnly()
	boolean, boolPlain := catBool()
	const js, csv = "application/json", "text/csv"
	colour := func(name string, line int) unknownEntry { return unknownEntry{2, "colour", name, line} }
	size := func(name string, line int) unknownEntry { return unknownEntry{3, "size", name, line} }
	cases := []struct {
		name         string
		m, plain     *model.Model
		contentType  string
		body         string
		X            [][]float64            // the raw rows: category indices, -1 unknown, NaN missing
		unknown      map[int][]unknownEntry // by row (0-based)
		wantExplicit string                 // if set, the whole answer, byte for byte
	}{
		// Every category, in each form of request.
		{"arrays", cls, clsPlain, js,
			`[[0.5, "red", "3"], [-1, "green", "1.5"], [2, "blue", "NA"], [0, "red", "NA"]]`,
			[][]float64{{0.5, 0, 0}, {-1, 1, 1}, {2, 2, 2}, {0, 0, 2}}, nil, ""},
		{"objects", cls, clsPlain, js,
			`{"rows": [{"size": "1.5", "colour": "blue", "x": 1}, {"x": -0.5, "colour": "green", "size": "NA"}, {"colour": "red", "x": 0, "size": "3"}]}`,
			[][]float64{{1, 2, 1}, {-0.5, 1, 2}, {0, 0, 0}}, nil, ""},
		{"one object row", cls, clsPlain, js, `{"row": {"x": 1.25, "colour": "gr\u0065en", "size": "3"}}`,
			[][]float64{{1.25, 1, 0}}, nil, ""},
		{"blanks around names", cls, clsPlain, js, `[[1, " green ", "3"], [0, "red\t", " 1.5"]]`, // (dropped, as in a CSV body)
			[][]float64{{1, 1, 0}, {0, 0, 1}}, nil, ""},
		{"csv", cls, clsPlain, csv, "0.5,red,3\n-1, green ,1.5\n2,\"blue\",NA\n",
			[][]float64{{0.5, 0, 0}, {-1, 1, 1}, {2, 2, 2}}, nil, ""},
		{"csv header", cls, clsPlain, csv, "size,x,colour\r\n1.5,1,blue\r\nNA, -2 , red\r\n",
			[][]float64{{1, 2, 1}, {-2, 0, 2}}, nil, ""},
		{"csv header absent", only, onlyPlain, "text/csv; header=absent", "square,green\n1,red\n",
			[][]float64{{1, 1}, {2, 0}}, nil, ""},
		{"csv of categories only", only, onlyPlain, csv, "round,red\nsquare,green\n",
			[][]float64{{0, 0}, {1, 1}}, nil, ""},
		{"regressor", reg, regPlain, js, `[["a", 0.5], ["b", -3]]`, [][]float64{{0, 0.5}, {1, -3}}, nil, ""},
		{"regressor csv", reg, regPlain, csv, "b,2\na,-1\n", [][]float64{{1, 2}, {0, -1}}, nil, ""},

		// Numbers for a categorical input name the category their text spells.
		{"numbers", cls, clsPlain, js, `[[0, "red", 3], [0, "red", 1.5], [0, "red", 3.0], [0, "red", 1.50], [0, "red", -0], [0, "red", 3e0]]`,
			[][]float64{{0, 0, 0}, {0, 0, 1}, {0, 0, -1}, {0, 0, -1}, {0, 0, -1}, {0, 0, -1}},
			map[int][]unknownEntry{2: {size("3.0", 0)}, 3: {size("1.50", 0)}, 4: {size("-0", 0)}, 5: {size("3e0", 0)}}, ""},
		{"numbers, objects", cls, clsPlain, js, `[{"size": 1.5, "colour": "blue", "x": 3}, {"x": 3, "size": 3, "colour": "green"}]`,
			[][]float64{{3, 2, 1}, {3, 1, 0}}, nil, ""},
		{"number for a string-named category", only, onlyPlain, js, `[[1, "red"], [2, "red"]]`,
			[][]float64{{2, 0}, {-1, 0}}, map[int][]unknownEntry{1: {{1, "shape", "2", 0}}}, ""},
		{"rows of numbers only", only, onlyPlain, js, `{"rows": [[1, 7], [1, 0], [0, 1]]}`,
			[][]float64{{2, 2}, {2, -1}, {-1, -1}},
			map[int][]unknownEntry{1: {{2, "colour", "0", 0}}, 2: {{1, "shape", "0", 0}, {2, "colour", "1", 0}}}, ""},
		{"csv of numbers only", only, onlyPlain, csv, "1,7\n1,0\n", [][]float64{{2, 2}, {2, -1}},
			map[int][]unknownEntry{1: {{2, "colour", "0", 2}}}, ""},
		{"csv numbers", cls, clsPlain, csv, "x,size,colour\n1,3,red\n1, 1.5 ,red\n1,3.0,red\n",
			[][]float64{{1, 0, 0}, {1, 0, 1}, {1, 0, -1}}, map[int][]unknownEntry{2: {size("3.0", 4)}}, ""},

		// A JSON boolean names the category of its name in any case.
		{"booleans", boolean, boolPlain, js, `[[true, 1], [false, 2], ["True", 3], ["true", 4]]`,
			[][]float64{{1, 1}, {0, 2}, {1, 3}, {-1, 4}}, map[int][]unknownEntry{3: {{Input: 1, Category: "true"}}}, ""},

		// Names the model was not trained on: no indicator set, and said so.
		{"unknown", cls, clsPlain, js, `[[1, "teal", "3"], [1, "red", "XL"], [1, "Red", "xl"], [1, "red", "3"]]`,
			[][]float64{{1, -1, 0}, {1, 0, -1}, {1, -1, -1}, {1, 0, 0}},
			map[int][]unknownEntry{0: {colour("teal", 0)}, 1: {size("XL", 0)}, 2: {colour("Red", 0), size("xl", 0)}}, ""},
		{"unknown, objects in any order", cls, clsPlain, js, `[{"size": "xl", "colour": "teal", "x": 0}, {"x": 0, "colour": "Teal", "size": "3"}]`,
			[][]float64{{0, -1, -1}, {0, -1, 0}}, map[int][]unknownEntry{0: {colour("teal", 0), size("xl", 0)}, 1: {colour("Teal", 0)}}, ""},
		{"marker in JSON", clsF, clsFPlain, js, `[[1, "NA", "NA"], [2, "#N/A", "3"], [3, "None", "3"]]`, // a marker naming no category is missing, as in CSV; None a category
			[][]float64{{1, nan, 2}, {2, nan, 0}, {3, -1, 0}}, map[int][]unknownEntry{2: {colour("None", 0)}}, ""},
		{"unknown, escaped", cls, clsPlain, js, `[[1, "t\u00e9al \"x\"", "3"]]`,
			[][]float64{{1, -1, 0}}, map[int][]unknownEntry{0: {colour("téal \"x\"", 0)}}, ""},
		{"unknown csv", cls, clsPlain, csv, "x,colour,size\n1,red,3\n\n2,teal,3\n3,\"multi\nline\",XL\n",
			[][]float64{{1, 0, 0}, {2, -1, 0}, {3, -1, -1}}, map[int][]unknownEntry{1: {colour("teal", 4)}, 2: {colour("multi\nline", 5), size("XL", 6)}}, ""},
		{"unknown without feature names", reg, regPlain, js, `[["c", 1], ["a", 1]]`,
			[][]float64{{-1, 1}, {0, 1}}, map[int][]unknownEntry{0: {{Input: 1, Category: "c"}}}, ""},
		{"unknown without feature names, csv", reg, regPlain, csv, "a,1\nc,1\n",
			[][]float64{{0, 1}, {-1, 1}}, map[int][]unknownEntry{1: {{Input: 1, Category: "c", Line: 2}}}, ""},
		{"unknown, csv header absent", only, onlyPlain, "text/csv; header=absent", "oval,blue\n",
			[][]float64{{-1, -1}}, map[int][]unknownEntry{0: {{1, "shape", "oval", 1}, {2, "colour", "blue", 1}}}, ""},
		{"unknown, exact answer", reg, regPlain, js, `[["zz", 0]]`, [][]float64{{-1, 0}}, map[int][]unknownEntry{0: {{Input: 1, Category: "zz"}}},
			`{"predictions":[{"value":%v,"decision":[%v],"unknown_categories":[{"input":1,"category":"zz"}]}]}` + "\n"},

		// Missing values, with fill values.
		{"null", clsF, clsFPlain, js, `[[null, "red", "3"], [1, null, "1.5"], [1, "blue", null], [null, null, null]]`,
			[][]float64{{nan, 0, 0}, {1, nan, 1}, {1, 2, nan}, {nan, nan, nan}}, nil, ""},
		{"left out", clsF, clsFPlain, js, `[{"x": 1, "size": "3"}, {"x": 2}, {}, {"colour": null, "size": 1.5}]`,
			[][]float64{{1, nan, 0}, {2, nan, nan}, {nan, nan, nan}, {nan, nan, 1}}, nil, ""},
		{"csv missing", clsF, clsFPlain, csv, "x,colour,size\n1,,3\n1,NA,1.5\n1,?,\n1, nan ,NA\n",
			[][]float64{{1, nan, 0}, {1, nan, 1}, {1, nan, nan}, {1, nan, 2}}, nil, ""},
		{"regressor null", regF, regFPlain, js, `[[null, 2], ["b", null], ["x", null]]`,
			[][]float64{{nan, 2}, {1, nan}, {-1, nan}}, map[int][]unknownEntry{2: {{Input: 1, Category: "x"}}}, ""},
		// Without fill values, a category named by a missing-value marker is that category.
		{"csv marker category", cls, clsPlain, csv, "1,red,NA\n", [][]float64{{1, 0, 2}}, nil, ""},
		// None names a category (as the reader takes it in a categorical column), here unknown.
		{"csv None", clsF, clsFPlain, csv, "x,colour,size\n1,None,3\n", [][]float64{{1, -1, 0}}, map[int][]unknownEntry{0: {colour("None", 2)}}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := expect(t, c.m, c.X)
			// The model's answer on the raw rows is the plain model's on the rows encoded by
			// hand.
			if byHand := expect(t, c.plain, oneHot(c.m, c.X)); !samePredictions(want, byHand) {
				t.Fatalf("the model's answer %+v differs from the plain model's on rows encoded by hand %+v", want, byHand)
			}
			for r, u := range c.unknown {
				want[r].Unknown = u
			}
			s, _ := newServer(t, c.m, Config{})
			status, _, body := do(s.Handler(), "POST", "/predict", c.contentType, c.body)
			if status != http.StatusOK {
				t.Fatalf("status %d: %s", status, body)
			}
			var a answer
			if err := json.Unmarshal(body, &a); err != nil {
				t.Fatalf("%v: %s", err, body)
			}
			if !samePredictions(a.Predictions, want) {
				got, _ := json.Marshal(a.Predictions)
				w, _ := json.Marshal(want)
				t.Errorf("answer %s\n   want %s", got, w)
			}
			if c.wantExplicit != "" {
				v := *want[0].Value
				if exp := strings.ReplaceAll(c.wantExplicit, "%v", jsonFloat(v)); string(body) != exp {
					t.Errorf("answer %s, want %s", body, exp)
				}
			}
		})
	}
}

// jsonFloat writes v as the server does.
func jsonFloat(v float64) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestCategoricalErrors(t *testing.T) {
	cls, _ := catClassifier(false)
	clsF, _ := catClassifier(true)
	only, _ := catOnly()
	reg, _ := catRegressor(false)
	const js, csv = "application/json", "text/csv"
	cases := []struct {
		name        string
		m           *model.Model
		contentType string
		body        string
		want        string // in the error message (all 400)
	}{
		// A string for a numeric input stays an error.
		{"string for a number", cls, js, `[["1", "red", "3"]]`, `row 1, field 1 ("x"): the string "1" is not a number`},
		{"string for a number, object", cls, js, `[{"x": "1", "colour": "red", "size": "3"}]`, `row 1, field "x": the string "1" is not a number`},
		{"string for a number, filled", clsF, js, `[[1, "red", "3"], ["NA", "red", "3"]]`, `row 2, field 1 ("x"): the string "NA" is not a number`},
		{"string for a number, regressor", reg, js, `[["a", "1"]]`, `row 1, field 2: the string "1" is not a number`},
		{"csv text for a number", cls, csv, "1,red,3\nabc,red,3\n", `row 2, field 1 ("x") (line 2): "abc" is not a number`},
		// Other JSON values for a categorical input.
		{"boolean", cls, js, `[[1, true, "3"]]`, `row 1, field 2 ("colour"): a boolean is not a category name of this input, which has no category true: send the category as a string`},
		{"array", cls, js, `[[1, ["red"], "3"]]`, `row 1, field 2 ("colour"): an array is not a category name`},
		{"object", cls, js, `[{"x": 1, "colour": {}, "size": "3"}]`, `row 1, field "colour": an object is not a category name`},
		{"marker without fill values", cls, js, `[[1, "NA", "3"]]`, `row 1, field 2 ("colour"): "NA" is a missing value, and the model was trained without missing values`},
		{"bare word", cls, js, `[[1, red, "3"]]`, `row 1, field 2 ("colour"): "red" is not a category name`},
		{"malformed number", cls, js, `[[1, "red", 01]]`, `row 1, field 3 ("size"): malformed number "01"`},
		{"malformed number 2", cls, js, `[[1, "red", 3.]]`, `malformed number "3."`},
		{"nullx", clsF, js, `[[1, nullx, "3"]]`, `malformed JSON`},
		{"bad escape", cls, js, `[[1, "re\d", "3"]]`, `malformed string`},
		{"unterminated", cls, js, `[[1, "red`, `unterminated string`},
		// Missing values without fill values.
		{"null", cls, js, `[[1, null, "3"]]`, `row 1, field 2 ("colour"): null is a missing value, and the model was trained without missing values`},
		{"null, object", cls, js, `{"row": {"x": 1, "colour": "red", "size": null}}`, `row 1, field "size": null ` + noFill},
		{"left out", cls, js, `[{"x": 1, "size": "3"}]`, `row 1: missing feature "colour"`},
		{"csv empty", cls, csv, "x,colour,size\n1,red,3\n1,,3\n", `row 2, field 2 ("colour") (line 3): "" ` + noFill},
		{"csv NA", cls, csv, "1,NA,3\n", `row 1, field 2 ("colour") (line 1): "NA" ` + noFill},
		{"csv nan", cls, csv, "1,red,NaN\n", `row 1, field 3 ("size") (line 1): "NaN" ` + noFill},
		// Shapes.
		{"short row", cls, js, `[[1, "red"]]`, `row 1: 2 values, the model expects 3`},
		{"csv short row", cls, csv, "1,red\n", `row 1 (line 1): 2 values, the model expects 3`},
		// Text that is not UTF-8 is refused, not read as a category no one sent.
		{"invalid UTF-8", cls, js, "[[1, \"r\xffd\", \"3\"]]", `malformed JSON at byte 6: string of text that is not valid UTF-8`},
		{"csv invalid UTF-8", cls, csv, "1,r\xffd,3\n", `row 1, field 2 ("colour") (line 1): category "r\xffd" is not valid UTF-8 text`},
		// A body separated by semicolons or tabs: the error says that commas separate fields.
		{"csv semicolons, header", cls, csv, "x;colour;size\n1;red;3\n", `a CSV body's fields are separated by commas (this one holds semicolons or tabs)`},
		{"csv tabs", cls, csv, "1\tred\t3\n", `; a CSV body's fields are separated by commas (this one holds semicolons or tabs)`},
		// A first CSV line of unknown names only is taken for a header: the error says how
		// to send it as data.
		{"csv unknown first row", only, csv, "oval,blue\n", `header (line 1), field 1: unknown feature "oval" (the model's features: shape, colour); if it is a row of data, send Content-Type: text/csv; header=absent`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, _ := newServer(t, c.m, Config{})
			status, _, body := do(s.Handler(), "POST", "/predict", c.contentType, c.body)
			var e struct {
				Error string `json:"error"`
			}
			if err := json.Unmarshal(body, &e); err != nil || status != http.StatusBadRequest {
				t.Fatalf("status %d, body %s (%v)", status, body, err)
			}
			if !strings.Contains(e.Error, c.want) {
				t.Errorf("error %q lacks %q", e.Error, c.want)
			}
		})
	}
	// The hint is for a guess only: a header declared present is a header.
	s, _ := newServer(t, only, Config{})
	_, _, body := do(s.Handler(), "POST", "/predict", "text/csv; header=present", "oval,blue\n")
	if strings.Contains(string(body), "header=absent") {
		t.Errorf("a declared header: %s", body)
	}
}

// TestCategoricalModelInfo checks that GET /model lists the categories of each input, and
// says nothing of them for a model without categorical inputs.
func TestCategoricalModelInfo(t *testing.T) {
	m, _ := catClassifier(true)
	s, _ := newServer(t, m, Config{})
	_, _, body := do(s.Handler(), "GET", "/model", "", "")
	var info ModelInfo
	if err := json.Unmarshal(body, &info); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(body), `"categories":[null,["red","green","blue"],["3","1.5","NA"]]`) ||
		info.Inputs != 3 || len(info.Categories) != 3 || !slices.Equal(info.Features, []string{"x", "colour", "size"}) ||
		!info.FillsMissing || len(info.Fill) != m.Width() {
		t.Errorf("GET /model: %s", body)
	}
	// A categorical input written with an empty list of categories is a number (model.Model.Encode).
	m.Categories = [][]string{{}, {"red", "green", "blue"}, {"3", "1.5", "NA"}}
	s, _ = newServer(t, m, Config{})
	if _, _, body := do(s.Handler(), "GET", "/model", "", ""); !strings.Contains(string(body), `"categories":[null,["red",`) {
		t.Errorf("GET /model: %s", body)
	}
	s, _ = newServer(t, twoClass(), Config{})
	if _, _, body := do(s.Handler(), "GET", "/model", "", ""); strings.Contains(string(body), "categories") {
		t.Errorf("GET /model of a model without categories: %s", body)
	}
}

// TestCategoricalLog checks that the request line and the traffic line count the unknown
// category names.
func TestCategoricalLog(t *testing.T) {
	m, _ := catClassifier(false)
	s, logs := newServer(t, m, Config{})
	do(s.Handler(), "POST", "/predict", "", `[[1, "teal", "xl"], [1, "red", "3"]]`)
	do(s.Handler(), "POST", "/predict", "text/csv", "1,red,XL\n")
	do(s.Handler(), "POST", "/predict", "", `[[1, "red", "3"]]`)
	s.stats.flush(s.log, "traffic")
	var perRequest []float64
	var traffic map[string]any
	for l := range strings.SplitSeq(strings.TrimSpace(logs.String()), "\n") {
		var e map[string]any
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		switch e["msg"] {
		case "request":
			n, _ := e["unknown_categories"].(float64)
			perRequest = append(perRequest, n)
		case "traffic":
			traffic = e
		}
	}
	if !slices.Equal(perRequest, []float64{2, 1, 0}) || traffic == nil || traffic["unknown_categories"] != 3.0 || traffic["rows"] != 4.0 {
		t.Errorf("logs:\n%s", logs)
	}
}
