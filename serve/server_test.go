package serve

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
)

// jsonRows writes X as a JSON array of arrays.
func jsonRows(X [][]float64) string {
	b, _ := json.Marshal(X)
	return string(b)
}

// objectRows writes X as a JSON array of objects keyed by names, keys in reverse order.
func objectRows(X [][]float64, names []string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, x := range X {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('{')
		for j := len(x) - 1; j >= 0; j-- {
			fmt.Fprintf(&b, "%q: %s", names[j], strconv.FormatFloat(x[j], 'g', -1, 64))
			if j > 0 {
				b.WriteString(", ")
			}
		}
		b.WriteByte('}')
	}
	b.WriteByte(']')
	return b.String()
}

// csvRows writes X as CSV; order[i] is the column of X written in CSV column i, and a
// header of names is written first when names is not nil.
func csvRows(X [][]float64, names []string, order []int) string {
	var b strings.Builder
	if names != nil {
		for i, j := range order {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(names[j])
		}
		b.WriteString("\r\n")
	}
	for _, x := range X {
		for i, j := range order {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.FormatFloat(x[j], 'g', -1, 64))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestPredict(t *testing.T) {
	X2 := rows(7, 2, 1)
	X3 := rows(9, 3, 2)
	one := X2[:1]
	nan := math.NaN()
	cases := []struct {
		name        string
		m           *model.Model
		contentType string
		body        string
		X           [][]float64
	}{
		{"rows", twoClass(), "application/json", `{"rows": ` + jsonRows(X2) + `}`, X2},
		{"bare array", twoClass(), "application/json", jsonRows(X2), X2},
		{"no content type", twoClass(), "", jsonRows(X2), X2},
		{"charset", twoClass(), "application/json; charset=utf-8", jsonRows(X2), X2},
		{"one row", twoClass(), "application/json", `{"row": ` + jsonRows(one)[1:len(jsonRows(one))-1] + `}`, one},
		{"object rows", twoClass(), "application/json", `{"rows": ` + objectRows(X2, []string{"x1", "x2"}) + "}", X2},
		{"object row", twoClass(), "application/json", `{"row": {"x2": 0.5, "x1": -1}}`, [][]float64{{-1, 0.5}}},
		{"escaped name", twoClass(), "application/json", `[{"\u0078\u0031": 1, "x2": 2}]`, [][]float64{{1, 2}}},
		{"white space", twoClass(), "application/json", " \n\t{ \"rows\" : [ [ 1 , 2 ] , [ -0 , 3e-2 ] ] } \r\n", [][]float64{{1, 2}, {0, 0.03}}},
		{"csv", twoClass(), "text/csv", csvRows(X2, nil, []int{0, 1}), X2},
		{"csv header", twoClass(), "text/csv", csvRows(X2, []string{"x1", "x2"}, []int{0, 1}), X2},
		{"csv header reordered", twoClass(), "text/csv", csvRows(X2, []string{"x1", "x2"}, []int{1, 0}), X2},
		{"csv header quoted", twoClass(), "text/csv", "\"x2\",\"x1\"\n2,1\n", [][]float64{{1, 2}}},
		{"csv header absent", twoClass(), "text/csv; header=absent", "1,2\n", [][]float64{{1, 2}}},
		{"csv no trailing newline", twoClass(), "text/csv", "1,2\n3,4", [][]float64{{1, 2}, {3, 4}}},
		{"csv BOM, header", twoClass(), "text/csv", "\uFEFFx2,x1\r\n2,1\r\n", [][]float64{{1, 2}}},
		{"csv BOM, no header", twoClass(), "text/csv", "\uFEFF1,2\n", [][]float64{{1, 2}}},
		{"three classes", threeClass(), "application/json", `{"rows": ` + jsonRows(X3) + `}`, X3},
		{"three classes objects", threeClass(), "application/json", `{"rows": ` + objectRows(X3, []string{"r", "g", "b"}) + "}", X3},
		{"three classes csv", threeClass(), "text/csv", csvRows(X3, []string{"r", "g", "b"}, []int{2, 0, 1}), X3},
		{"regressor", regressor(), "application/json", jsonRows(X2), X2},
		{"regressor csv", regressor(), "text/csv", csvRows(X2, nil, []int{0, 1}), X2},
		{"no calibration", uncalibrated(), "application/json", jsonRows(X2), X2},
		// A missing input of a model with fill values: NaN, which Decision fills.
		{"null", withFill(twoClass()), "application/json", `[[null, 0.5], [1, null], [null, null]]`, [][]float64{{nan, 0.5}, {1, nan}, {nan, nan}}},
		{"null, object", withFill(twoClass()), "application/json", `{"row": {"x2": null, "x1": 1}}`, [][]float64{{1, nan}}},
		{"left-out feature", withFill(threeClass()), "application/json", `[{"b": 2, "r": 1}, {}]`, [][]float64{{1, nan, 2}, {nan, nan, nan}}},
		{"null, regressor", withFill(regressor()), "application/json", `{"row": [null, -1.5]}`, [][]float64{{nan, -1.5}}},
		{"csv missing", withFill(threeClass()), "text/csv", "b,r,g\n1,,2\nNA, ?,3\n1,2,3\n", [][]float64{{nan, 2, 1}, {nan, 3, nan}, {2, 3, 1}}},
		{"csv missing first row", withFill(twoClass()), "text/csv", "NA,\n1,N/A\n", [][]float64{{nan, nan}, {1, nan}}},
		{"csv NaN", withFill(twoClass()), "text/csv", "1,NaN\n-nan,2\n", [][]float64{{1, nan}, {nan, 2}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, _ := newServer(t, c.m, Config{})
			status, h, body := do(s.Handler(), "POST", "/predict", c.contentType, c.body)
			if status != http.StatusOK {
				t.Fatalf("status %d: %s", status, body)
			}
			if ct := h.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
			var a answer
			if err := json.Unmarshal(body, &a); err != nil {
				t.Fatalf("%v: %s", err, body)
			}
			if want := expect(t, c.m, c.X); !samePredictions(a.Predictions, want) {
				t.Errorf("answer %s\nwant %+v", body, want)
			}
			for _, p := range a.Predictions {
				hasProb := p.Probabilities != nil
				if hasProb != (c.m.Calibration != nil) {
					t.Errorf("probabilities %v for a model with calibration %v", p.Probabilities, c.m.Calibration)
				}
				if (p.Label != nil) != (c.m.Task == model.Classification) || (p.Value != nil) == (p.Label != nil) {
					t.Errorf("prediction %+v of a %s", p, c.m.Task)
				}
				if len(p.Decision) != c.m.Outputs() {
					t.Errorf("%d decision values, want %d", len(p.Decision), c.m.Outputs())
				}
			}
		})
	}
}

func TestErrors(t *testing.T) {
	wavelet := handModel(model.Classification, 1, 2, []string{"a", "b"}, nil, false, 5)
	wavelet.Kernel = model.KernelWavelet
	for i := range wavelet.Nodes {
		wavelet.Nodes[i].Width = []float64{1}
	}
	wavelet.Scaling.Mean[0] = -1e308
	// Huge calibration slopes and decision values: A f overflows.
	steep := handModel(model.Classification, 1, 1, []string{"a", "b"}, nil, true, 6)
	steep.Weights[0][0], steep.Bias[0] = 1e300, 0
	steep.Nodes[0] = model.Node{Centre: []float64{0}, Width: []float64{1}}
	steep.Scaling = model.Scaling{Mean: []float64{0}, Std: []float64{1}}
	steep.Calibration.A = [][]float64{{-1e300}, {1e300}}
	filled := withFill(twoClass())
	const js = "application/json"
	cases := []struct {
		name        string
		m           *model.Model
		cfg         Config
		method      string
		path        string
		contentType string
		body        string
		status      int
		want        string // in the error message
	}{
		{"get predict", nil, Config{}, "GET", "/predict", "", "", 405, "method not allowed"},
		{"put model", nil, Config{}, "PUT", "/model", "", "", 405, "use GET"},
		{"post healthz", nil, Config{}, "POST", "/healthz", js, "{}", 405, "use GET"},
		{"unknown path", nil, Config{}, "GET", "/nope", "", "", 404, `no endpoint "/nope"`},
		{"text/plain", nil, Config{}, "POST", "/predict", "text/plain", "1,2", 415, "unsupported Content-Type"},
		{"form", nil, Config{}, "POST", "/predict", "application/x-www-form-urlencoded", "[[1,2]]", 415, "application/json or text/csv"},
		{"bad content type", nil, Config{}, "POST", "/predict", "application/json; ;;", "[[1,2]]", 415, "malformed Content-Type"},
		{"csv header param", nil, Config{}, "POST", "/predict", "text/csv; header=maybe", "1,2", 415, "present or absent"},
		{"empty", nil, Config{}, "POST", "/predict", js, "", 400, "empty body"},
		{"blank", nil, Config{}, "POST", "/predict", js, " \n ", 400, "empty body"},
		{"no rows", nil, Config{}, "POST", "/predict", js, `{"rows": []}`, 400, "no rows"},
		{"empty array", nil, Config{}, "POST", "/predict", js, `[]`, 400, "no rows"},
		{"empty object", nil, Config{}, "POST", "/predict", js, `{}`, 400, `no "rows"`},
		{"unknown key", nil, Config{}, "POST", "/predict", js, `{"rows": [[1,2]], "id": 3}`, 400, `unknown key "id"`},
		{"rows twice", nil, Config{}, "POST", "/predict", js, `{"rows": [[1,2]], "rows": [[1,2]]}`, 400, `"rows" twice`},
		{"row twice", nil, Config{}, "POST", "/predict", js, `{"row": [1,2], "row": [1,2]}`, 400, `"row" twice`},
		{"row and rows", nil, Config{}, "POST", "/predict", js, `{"rows": [[1,2]], "row": [1,2]}`, 400, `both "rows" and "row"`},
		{"row number", nil, Config{}, "POST", "/predict", js, `{"row": 5}`, 400, "row 1: want an array of numbers or an object"},
		{"row end", nil, Config{}, "POST", "/predict", js, `{"row": `, 400, "unexpected end of the body"},
		{"long key", nil, Config{}, "POST", "/predict", js, `{"` + strings.Repeat("k", 100) + `": 1}`, 400, `unknown key "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk..."`},
		{"key not string", nil, Config{}, "POST", "/predict", js, `{rows: [[1,2]]}`, 400, "expected a key in double quotes"},
		{"no colon", nil, Config{}, "POST", "/predict", js, `{"rows" [[1,2]]}`, 400, "expected ':' after a key"},
		{"unterminated", nil, Config{}, "POST", "/predict", js, `[{"x1`, 400, "unterminated string"},
		{"rows not array", nil, Config{}, "POST", "/predict", js, `{"rows": 3}`, 400, `"rows" must be an array`},
		{"malformed", nil, Config{}, "POST", "/predict", js, `{"rows": [[1,2]`, 400, "malformed JSON at byte"},
		{"missing comma", nil, Config{}, "POST", "/predict", js, `[[1 2]]`, 400, "row 1"},
		{"trailing comma", nil, Config{}, "POST", "/predict", js, `[[1,2],]`, 400, "row 2"},
		{"trailing data", nil, Config{}, "POST", "/predict", js, `[[1,2]] x`, 400, "data after the end"},
		{"not json", nil, Config{}, "POST", "/predict", js, `rows=1`, 400, "malformed JSON at byte 1"},
		{"bad number", nil, Config{}, "POST", "/predict", js, `[[1,2],[01,2]]`, 400, "row 2, field 1"},
		{"bad exponent", nil, Config{}, "POST", "/predict", js, `[[1,2e]]`, 400, `row 1, field 2 ("x2"): malformed number`},
		{"short row", nil, Config{}, "POST", "/predict", js, `[[1,2],[3]]`, 400, "row 2: 1 value, the model expects 2"},
		{"long row", nil, Config{}, "POST", "/predict", js, `[[1,2,3]]`, 400, "row 1: more than 2 values"},
		{"empty row", nil, Config{}, "POST", "/predict", js, `[[1,2],[]]`, 400, "row 2: 0 values"},
		{"number row", nil, Config{}, "POST", "/predict", js, `[1,2]`, 400, `row 1: want an array of numbers`},
		{"NaN", nil, Config{}, "POST", "/predict", js, `[[1,NaN]]`, 400, `row 1, field 2 ("x2"): "NaN" is not a number`},
		{"Infinity", nil, Config{}, "POST", "/predict", js, `[[-Infinity,1]]`, 400, `row 1, field 1 ("x1")`},
		{"overflow", nil, Config{}, "POST", "/predict", js, `[[1,2],[3,1e999]]`, 400, "row 2, field 2 (\"x2\"): 1e999 is out of the range"},
		{"string value", nil, Config{}, "POST", "/predict", js, `[[1,"2"]]`, 400, `row 1, field 2 ("x2"): the string "2" is not a number`},
		{"null value", nil, Config{}, "POST", "/predict", js, `[[1,2],[null,2]]`, 400, `row 2, field 1 ("x1"): null is a missing value, and the model was trained without missing values`},
		{"null in object", nil, Config{}, "POST", "/predict", js, `{"row": {"x1": 1, "x2": null}}`, 400, `row 1, field "x2": null is a missing value, and the model was trained without missing values`},
		{"null row", filled, Config{}, "POST", "/predict", js, `{"row": null}`, 400, "row 1: want an array of numbers or an object"},
		{"null prefix", filled, Config{}, "POST", "/predict", js, `[[nul,2]]`, 400, `row 1, field 1 ("x1"): "nul" is not a number`},
		{"null and Infinity", filled, Config{}, "POST", "/predict", js, `[[null,Infinity]]`, 400, `row 1, field 2 ("x2"): "Infinity" is not a number`},
		{"null and overflow", filled, Config{}, "POST", "/predict", js, `[[null,1e999]]`, 400, `row 1, field 2 ("x2"): 1e999 is out of the range`},
		{"filled, unknown feature", filled, Config{}, "POST", "/predict", js, `[{"x3": 1}]`, 400, `row 1: unknown feature "x3"`},
		{"bool value", nil, Config{}, "POST", "/predict", js, `[[1,true]]`, 400, "a boolean is not a number"},
		{"nested", nil, Config{}, "POST", "/predict", js, `[[1,[2]]]`, 400, "an array is not a number"},
		{"object value", nil, Config{}, "POST", "/predict", js, `[{"x1": 1, "x2": {}}]`, 400, `row 1, field "x2": an object is not a number`},
		{"unknown feature", nil, Config{}, "POST", "/predict", js, `{"rows": [{"x1": 1, "x2": 2}, {"x1": 1, "x3": 2}]}`, 400, `row 2: unknown feature "x3" (the model's features: x1, x2)`},
		{"missing feature", nil, Config{}, "POST", "/predict", js, `[{"x2": 2}]`, 400, `row 1: missing feature "x1"`},
		{"empty object row", nil, Config{}, "POST", "/predict", js, `[{}]`, 400, `row 1: missing feature "x1"`},
		{"feature twice", nil, Config{}, "POST", "/predict", js, `[{"x1": 1, "x1": 2}]`, 400, `row 1: feature "x1" given twice`},
		{"bad string", nil, Config{}, "POST", "/predict", js, `[{"x1\q": 1}]`, 400, "malformed string"},
		{"control in string", nil, Config{}, "POST", "/predict", js, "[{\"x\x01\": 1}]", 400, "control character"},
		{"no names", uncalibrated(), Config{}, "POST", "/predict", js, `[{"x1": 1, "x2": 2}]`, 400, "row 1: the model has no feature names"},
		{"too many rows", nil, Config{MaxRows: 2}, "POST", "/predict", js, `[[1,2],[1,2],[1,2]]`, 413, "too many rows: the limit is 2"},
		{"too many csv rows", nil, Config{MaxRows: 1}, "POST", "/predict", "text/csv", "1,2\n3,4\n", 413, "too many rows"},
		{"too large", nil, Config{MaxBody: 10}, "POST", "/predict", js, `[[1,2],[3,4]]`, 413, "the limit is 10 bytes"},
		{"decision overflow", wavelet, Config{}, "POST", "/predict", js, `[[1],[1.7e308]]`, 422, "row 2: decision value is not finite"},
		{"probability overflow", steep, Config{}, "POST", "/predict", js, `[[0]]`, 422, "row 1: class probabilities are not finite"},
		{"csv empty", nil, Config{}, "POST", "/predict", "text/csv", "\n\n", 400, "empty body"},
		{"csv BOM only", nil, Config{}, "POST", "/predict", "text/csv", "\uFEFF\n", 400, "empty body"},
		{"csv header only", nil, Config{}, "POST", "/predict", "text/csv", "x1,x2\n", 400, "no rows"},
		{"csv not a number", nil, Config{}, "POST", "/predict", "text/csv", "1,2\n3,abc\n", 400, `row 2, field 2 ("x2") (line 2): "abc" is not a number`},
		{"csv NA", nil, Config{}, "POST", "/predict", "text/csv", "1,2\nNA,3\n", 400, `row 2, field 1 ("x1") (line 2): "NA" is a missing value, and the model was trained without missing values`},
		{"csv empty field", nil, Config{}, "POST", "/predict", "text/csv", "x2,x1\n,1\n", 400, `row 1, field 2 ("x2") (line 2): "" is a missing value, and the model was trained without missing values`},
		{"csv missing first row", nil, Config{}, "POST", "/predict", "text/csv", "?,NA\n", 400, `row 1, field 1 ("x1") (line 1): "?" is a missing value`},
		{"csv NA and inf", filled, Config{}, "POST", "/predict", "text/csv", "NA,1e999\n", 400, `row 1, field 2 ("x2") (line 1): "1e999" is not a finite number`},
		{"csv NaN", nil, Config{}, "POST", "/predict", "text/csv", "1,NaN\n", 400, `row 1, field 2 ("x2") (line 1): "NaN" ` + noFill},
		{"csv inf, filled", filled, Config{}, "POST", "/predict", "text/csv", "1,-inf\n", 400, `"-inf" is not a finite number`},
		{"csv inf", nil, Config{}, "POST", "/predict", "text/csv", "x2,x1\n1,2\n1e999,2\n", 400, `row 2, field 2 ("x2") (line 3): "1e999" is not a finite number`},
		{"csv hexadecimal", nil, Config{}, "POST", "/predict", "text/csv", "0x1p4,2\n", 400, `row 1, field 1 ("x1") (line 1): "0x1p4" is not a number: write it in plain decimal notation`},
		{"csv underscores", nil, Config{}, "POST", "/predict", "text/csv", "1,2\n3,1_000\n", 400, `row 2, field 2 ("x2") (line 2): "1_000" is not a number`},
		{"csv width", nil, Config{}, "POST", "/predict", "text/csv", "1,2\n3,4,5\n", 400, "row 2 (line 2): 3 values, the model expects 2"},
		{"csv unknown header", nil, Config{}, "POST", "/predict", "text/csv", "x1,y\n1,2\n", 400, `header (line 1), field 2: unknown feature "y"`},
		{"csv header twice", nil, Config{}, "POST", "/predict", "text/csv", "x1,x1\n1,2\n", 400, `feature "x1" given twice`},
		{"csv header missing", nil, Config{}, "POST", "/predict", "text/csv", "x2\n1\n", 400, `missing feature "x1"`},
		{"csv header no names", uncalibrated(), Config{}, "POST", "/predict", "text/csv", "a,b\n1,2\n", 400, "the model has no feature names"},
		{"csv header present", nil, Config{}, "POST", "/predict", "text/csv; header=present", "1,2\n1,2\n", 400, `unknown feature "1"`},
		{"csv quote", nil, Config{}, "POST", "/predict", "text/csv", "1,2\n3,4\"\n", 400, "malformed CSV at line 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := c.m
			if m == nil {
				m = twoClass()
			}
			s, _ := newServer(t, m, c.cfg)
			status, h, body := do(s.Handler(), c.method, c.path, c.contentType, c.body)
			if status != c.status {
				t.Errorf("status %d, want %d: %s", status, c.status, body)
			}
			if ct := h.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
			var e struct {
				Error string `json:"error"`
			}
			if err := json.Unmarshal(body, &e); err != nil || e.Error == "" {
				t.Fatalf("body %q is not a JSON error (%v)", body, err)
			}
			if !strings.Contains(e.Error, c.want) {
				t.Errorf("error %q lacks %q", e.Error, c.want)
			}
			if status == 405 && h.Get("Allow") == "" {
				t.Error("405 without Allow")
			}
		})
	}
}

// TestUnknownLength sends bodies without a Content-Length (chunked), below and above the
// size limit, and a compressed one.
func TestUnknownLength(t *testing.T) {
	s, _ := newServer(t, twoClass(), Config{MaxBody: 64})
	cases := []struct {
		body     string
		encoding string
		status   int
		want     string
	}{
		{"[[1,2],[3,4]]", "", 200, `"predictions"`},
		{"[[1,2],[3,4]]", "identity", 200, `"predictions"`},
		{"[" + strings.Repeat("[1,2],", 20) + "[1,2]]", "", 413, "the limit is 64 bytes"},
		{"[[1,2]]", "gzip", 415, "Content-Encoding"},
		{"[[1,2]]", "identity, gzip", 415, `Content-Encoding \"gzip\"`},
		{"[[1,2]]", "identity\ngzip", 415, `Content-Encoding \"gzip\"`},                                   // two header lines
		{"\x1f\x8b\x08\x00rest", "", 415, "the body is gzip-compressed data: send the rows uncompressed"}, // (no Content-Encoding)
		{"PK\x03\x04rest", "", 415, "the body is a zip archive"},
	}
	for _, c := range cases {
		req := httptest.NewRequest("POST", "/predict", io.NopCloser(strings.NewReader(c.body)))
		req.ContentLength = -1
		for e := range strings.SplitSeq(c.encoding, "\n") {
			if e != "" {
				req.Header.Add("Content-Encoding", e)
			}
		}
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		if rec.Code != c.status || !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("%.30s (%s): %d %s, want %d and %q", c.body, c.encoding, rec.Code, rec.Body, c.status, c.want)
		}
	}
}

// Bodies as some clients write them: CSV lines ended by carriage returns alone, JSON after a
// byte-order mark; the same predictions as the plain forms.
func TestBodyForms(t *testing.T) {
	s, _ := newServer(t, twoClass(), Config{})
	_, _, want := do(s.Handler(), "POST", "/predict", "application/json", "[[1,2],[3,4]]")
	for _, c := range []struct{ ct, body string }{
		{"text/csv", "x1,x2\r1,2\r3,4\r"},
		{"text/csv", "1,2\r3,4"},
		{"application/json", "\uFEFF[[1,2],[3,4]]"},
	} {
		status, _, got := do(s.Handler(), "POST", "/predict", c.ct, c.body)
		if status != 200 || string(got) != string(want) {
			t.Errorf("%s %q: %d %s, want 200 %s", c.ct, c.body, status, got, want)
		}
	}
}

func TestModelAndHealth(t *testing.T) {
	m := threeClass()
	s, _ := newServer(t, m, Config{})
	status, _, body := do(s.Handler(), "GET", "/healthz", "", "")
	if status != 200 || !strings.Contains(string(body), `"ok"`) {
		t.Fatalf("healthz: %d %s", status, body)
	}
	status, _, body = do(s.Handler(), "GET", "/model", "", "")
	if status != 200 {
		t.Fatalf("model: %d %s", status, body)
	}
	var info ModelInfo
	if err := json.Unmarshal(body, &info); err != nil {
		t.Fatal(err)
	}
	if info.Task != "classification" || info.Method != "hand" || info.Inputs != 3 || info.Size != 8 ||
		info.Outputs != 3 || !info.Probabilities || len(info.Classes) != 3 || len(info.Features) != 3 ||
		info.WrittenBy == "" || !strings.HasPrefix(info.Server, "sparsekernel ") || info.Path == "" || info.LoadedAt == "" {
		t.Errorf("model info %+v", info)
	}
	status, _, _ = do(s.Handler(), "HEAD", "/healthz", "", "")
	if status != 200 {
		t.Errorf("HEAD /healthz: %d", status)
	}
	if info.FillsMissing || info.Fill != nil || !strings.Contains(string(body), `"fills_missing":false`) {
		t.Errorf("a model without fill values: %s", body)
	}
	filled := withFill(threeClass())
	s, _ = newServer(t, filled, Config{})
	_, _, body = do(s.Handler(), "GET", "/model", "", "")
	info = ModelInfo{}
	if err := json.Unmarshal(body, &info); err != nil || !info.FillsMissing || fmt.Sprint(info.Fill) != fmt.Sprint(filled.Scaling.Fill) {
		t.Errorf("a model with fill values %v: %s (%v)", filled.Scaling.Fill, body, err)
	}
}

// TestRequestLog checks the debug line of a request and the aggregate line.
func TestRequestLog(t *testing.T) {
	s, logs := newServer(t, twoClass(), Config{})
	do(s.Handler(), "POST", "/predict", "", "[[1,2],[3,4]]")
	do(s.Handler(), "POST", "/predict", "", "[[1]]")
	s.stats.flush(s.log, "traffic")
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	var traffic map[string]any
	reqs := 0
	for _, l := range lines {
		var e map[string]any
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		switch e["msg"] {
		case "request":
			reqs++
		case "traffic":
			traffic = e
		}
	}
	if reqs != 2 || traffic == nil || traffic["requests"] != 2.0 || traffic["rows"] != 2.0 || traffic["client_errors"] != 1.0 {
		t.Errorf("logs:\n%s", logs)
	}
}
