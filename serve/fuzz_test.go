package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"github.com/sparsekernel/sparsekernel/dataset"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// refParse is a slow reference for parseJSON built on encoding/json's tokenizer: it
// accepts the same request forms with the same rules (fills: null and a left-out feature
// are NaN; cats[j], where set, maps the category names of input j, which takes a string or
// a number by its text as written, -1 for a name it lacks, returned in unknown, a string
// marking a missing value that names none of them missing, or a boolean naming its one
// category true or false in any case).
func refParse(data []byte, inputs int, names map[string]int, fills bool, cats []map[string]int) (vals []float64, unknown []unknownCategory, err error) {
	bad := errors.New("bad")
	if !utf8.Valid(data) { // (text that is not UTF-8 is refused, not replaced by U+FFFD)
		return nil, nil, bad
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	rows := 0
	number := func(j int) (float64, error) {
		tok, err := dec.Token()
		if err != nil {
			return 0, err
		}
		if tok == nil && fills {
			return math.NaN(), nil
		}
		if cats != nil && cats[j] != nil {
			var name string
			switch tok := tok.(type) {
			case string:
				name = tok
			case json.Number:
				name = string(tok)
			case bool: // the one category named true or false in any case
				found, index := 0, 0
				for n, c := range cats[j] {
					if strings.EqualFold(n, strconv.FormatBool(tok)) {
						found, index = found+1, c
					}
				}
				if found != 1 {
					return 0, bad
				}
				return float64(index), nil
			default:
				return 0, bad
			}
			name = strings.TrimSpace(name) // (blanks around a name dropped, as the readers drop them)
			if c, ok := cats[j][name]; ok {
				return float64(c), nil
			}
			if _, isString := tok.(string); isString && dataset.MissingCategory(name) {
				if !fills {
					return 0, bad
				}
				return math.NaN(), nil
			}
			unknown = append(unknown, unknownCategory{row: rows - 1, input: j, name: name})
			return -1, nil
		}
		n, ok := tok.(json.Number)
		if !ok {
			return 0, bad
		}
		v, err := strconv.ParseFloat(string(n), 64)
		if err != nil || math.IsInf(v, 0) {
			return 0, bad
		}
		return v, nil
	}
	row := func() error {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		rows++
		switch tok {
		case json.Delim('['):
			n := 0
			for dec.More() {
				if n == inputs {
					return bad
				}
				v, err := number(n)
				if err != nil {
					return err
				}
				vals = append(vals, v)
				n++
			}
			if _, err := dec.Token(); err != nil || n != inputs {
				return bad
			}
		case json.Delim('{'):
			if names == nil {
				return bad
			}
			x := make([]float64, inputs)
			seen := make([]bool, inputs)
			for dec.More() {
				tok, err := dec.Token()
				if err != nil {
					return err
				}
				j, ok := names[tok.(string)]
				if !ok || seen[j] {
					return bad
				}
				seen[j] = true
				if x[j], err = number(j); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil {
				return err
			}
			for j, s := range seen {
				switch {
				case s:
				case fills:
					x[j] = math.NaN()
				default:
					return bad
				}
			}
			vals = append(vals, x...)
		default:
			return bad
		}
		return nil
	}
	array := func() error { // after '['
		for dec.More() {
			if err := row(); err != nil {
				return err
			}
		}
		_, err := dec.Token()
		return err
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, nil, err
	}
	switch tok {
	case json.Delim('['):
		if err := array(); err != nil {
			return nil, nil, err
		}
	case json.Delim('{'):
		seen := false
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return nil, nil, err
			}
			if seen {
				return nil, nil, bad
			}
			seen = true
			switch key {
			case "rows":
				tok, err := dec.Token()
				if err != nil || tok != json.Delim('[') {
					return nil, nil, bad
				}
				if err := array(); err != nil {
					return nil, nil, err
				}
			case "row":
				if err := row(); err != nil {
					return nil, nil, err
				}
			default:
				return nil, nil, bad
			}
		}
		if _, err := dec.Token(); err != nil {
			return nil, nil, err
		}
	default:
		return nil, nil, bad
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, nil, bad
	}
	if rows == 0 {
		return nil, nil, bad
	}
	return vals, unknown, nil
}

var fuzzSeeds = []string{
	`{"rows": [[1, 2], [3, 4]]}`, `[[1, true], [2, false], [true, 1]]`, `[[1,2]]`, `{"row": [1e3, -0.5]}`, `{"rows": [{"x1": 1, "x2": 2}]}`,
	`[{"x2": 1, "x1": 2}, [3, 4]]`, `{"row": {"x\u0031": 1, "x2": 2}}`, `[[01, 2]]`, `[[1, 2]] x`,
	`{"rows": []}`, `[[1, NaN]]`, `[[1, "2"]]`, `{"rows": [[1, 2]], "row": [1, 2]}`, `[[1e999, 1]]`,
	"[{\"x\xff\": 1}]", `[[-0, 0.0e+0]]`, `[[1,2],]`, ` `, `{"rows": [[1, 2]]}{}`,
	`[[null, 2], [1, null]]`, `{"rows": [{"x2": null}, {}]}`, `[[nul, 1]]`, `[[nullx, 1]]`, `{"row": null}`,
	// Category names (x2 is categorical where the fuzz target says so: fuzzCats).
	`[[1, "a"], [2, "NA"]]`, `[[1, 1.5], [1, 1.50], [1, 3], [1, 3.0], [1, -0], [1, 3e0]]`, `[{"x2": "b", "x1": 1}]`,
	`{"row": {"x2": 1.5}}`, `[[1, "a"], [1, ""]]`, `[[1, true]]`, `[[1, [1]]]`, `[["a", "a"]]`, `[[1, 01]]`,
	`[[1, 1e999]]`, `[[1, "a"], [1, "z"], [1, null]]`, `[{"x2": "z", "x1": 2}, {"x1": 1, "x2": "y"}]`,
}

// fuzzCats are the categories of the fuzz targets' models that have a categorical input, x2.
var fuzzCats = []map[string]int{nil, {"a": 0, "1.5": 1, "3": 2, "NA": 3, "True": 4}}

func FuzzParseJSON(f *testing.F) {
	for _, s := range fuzzSeeds {
		for _, cats := range []bool{false, true} {
			f.Add([]byte(s), false, cats)
			f.Add([]byte(s), true, cats)
		}
	}
	names := map[string]int{"x1": 0, "x2": 1}
	f.Fuzz(func(t *testing.T, data []byte, fills, categorical bool) {
		var cats []map[string]int
		if categorical {
			cats = fuzzCats
		}
		var tab table
		tab.reset(2, 1<<30, names, []string{"x1", "x2"}, fills, cats)
		err := parseJSON(data, &tab)
		ref, refUnknown, rerr := refParse(data, 2, names, fills, cats)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("%q: parseJSON error %v, reference error %v", data, err, rerr)
		}
		if err != nil {
			var re *requestError
			if !errors.As(err, &re) || re.status < 400 || re.status > 499 || re.msg == "" {
				t.Fatalf("%q: error %#v is not a 4xx request error", data, err)
			}
			return
		}
		if len(tab.vals) != 2*tab.rows || len(ref) != len(tab.vals) {
			t.Fatalf("%q: %d values in %d rows, reference %d values", data, len(tab.vals), tab.rows, len(ref))
		}
		for i, v := range tab.vals {
			if math.Float64bits(v) != math.Float64bits(ref[i]) {
				t.Fatalf("%q: value %d is %v, reference %v", data, i, v, ref[i])
			}
		}
		if !slices.Equal(tab.unknown, refUnknown) {
			t.Fatalf("%q: unknown categories %v, reference %v", data, tab.unknown, refUnknown)
		}
	})
}

func FuzzParseCSV(f *testing.F) {
	for _, s := range []string{"1,2\n3,4\n", "x2,x1\n1,2\n", "x1,x2\r\n1, 2", "\"x1\",x2\n1,2\n", "1,NaN\n",
		"a,b\n", "1,2,3\n", "x1,x1\n1,2\n", "1,\"2\n", "\n\n1,2\n\n", "NA,2\n", ",\n1,?\n", "x2,x1\n,N/A\n",
		// Category names (x2 is categorical where the fuzz target says so: fuzzCats).
		"1,a\n2, 1.5 \n", "x2,x1\nNA,1\n3.0,2\n", "1,z\n1,\"a\"\n", "z,a\n", "a,z\n", "1,?\n1,\n", "1,\"multi\nline\"\n"} {
		for _, fills := range []bool{false, true} {
			for _, cats := range []bool{false, true} {
				f.Add([]byte(s), "", fills, cats)
				f.Add([]byte(s), "present", fills, cats)
			}
		}
	}
	names := map[string]int{"x1": 0, "x2": 1}
	f.Fuzz(func(t *testing.T, data []byte, header string, fills, categorical bool) {
		var cats []map[string]int
		if categorical {
			cats = fuzzCats
		}
		var tab table
		tab.reset(2, 1<<30, names, []string{"x1", "x2"}, fills, cats)
		err := parseCSV(data, &tab, header)
		if err != nil {
			var re *requestError
			if !errors.As(err, &re) || re.status < 400 || re.status > 499 || re.msg == "" {
				t.Fatalf("%q: error %#v is not a 4xx request error", data, err)
			}
			return
		}
		if tab.rows == 0 || len(tab.vals) != 2*tab.rows {
			t.Fatalf("%q: %d values in %d rows", data, len(tab.vals), tab.rows)
		}
		unknown := 0
		for i, v := range tab.vals {
			if !finite(v) && !(fills && math.IsNaN(v)) {
				t.Fatalf("%q: value %v accepted (fills %v)", data, v, fills)
			}
			if cats == nil || cats[i%2] == nil || math.IsNaN(v) {
				continue
			}
			if v != math.Trunc(v) || v < -1 || v >= float64(len(cats[i%2])) {
				t.Fatalf("%q: value %d is %v, not a category's index", data, i, v)
			}
			if v == -1 {
				if unknown == len(tab.unknown) {
					t.Fatalf("%q: value %d is an unknown category, unrecorded", data, i)
				}
				u := tab.unknown[unknown]
				if _, ok := cats[1][u.name]; ok || u.row != i/2 || u.input != 1 || u.line < 1 {
					t.Fatalf("%q: value %d is an unknown category, recorded as %+v", data, i, u)
				}
				unknown++
			}
		}
		if unknown != len(tab.unknown) {
			t.Fatalf("%q: %d unknown categories recorded, %d in the rows", data, len(tab.unknown), unknown)
		}
	})
}

// TestNumbers checks the parser's values against strconv.ParseFloat bit for bit, on both
// sides of the exact fast path's limits.
func TestNumbers(t *testing.T) {
	for _, s := range []string{"0", "-0", "1", "-1", "0.1", "1e22", "1e23", "1e-22", "1e-23", "0.1e-21", "0.1e-22",
		"9007199254740991", "9007199254740992", "9007199254740993", "900719925474099.3", "0.30000000000000004",
		"123456789012345678901234567890", "1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308",
		"1E+2", "1e-0", "3.141592653589793", "0.000000000000000000000000001", "1e-400", "-2.5E-3"} {
		want, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		var tab table
		tab.reset(1, 10, nil, nil, false, nil)
		if err := parseJSON([]byte("[["+s+"]]"), &tab); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if got := tab.vals[0]; math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("%s: got %v (%#x), want %v (%#x)", s, got, math.Float64bits(got), want, math.Float64bits(want))
		}
	}
}

// FuzzNumber checks the values of the parser, through its fast path for plain rows and its
// general path, against strconv.ParseFloat bit for bit: s is a number as the fuzzer writes
// it, and the text of bits (a float64) in a format of the fuzzer's choice.
func FuzzNumber(f *testing.F) {
	for _, s := range []string{"0", "-0", "1.5", "-1.234", "1e22", "1e23", "9007199254740993", "0.30000000000000004",
		"4.9e-324", "1.7976931348623157e308", "2.5e-3", "1E+2", "12345678901234567890", "0.1e-22", "01", "1.", "-"} {
		f.Add(s, uint64(0x3ff8000000000000), byte('g'), 4)
	}
	f.Fuzz(func(t *testing.T, s string, bits uint64, format byte, prec int) {
		var texts []string
		if strings.Trim(s, "0123456789eE+-.") == "" { // number characters only: the width is known
			texts = append(texts, s)
		}
		if v := math.Float64frombits(bits); finite(v) {
			switch format % 4 {
			case 0:
				texts = append(texts, strconv.FormatFloat(v, 'g', -1, 64))
			case 1:
				texts = append(texts, strconv.FormatFloat(v, 'e', prec%30, 64))
			case 2:
				texts = append(texts, strconv.FormatFloat(v, 'f', prec%30, 64))
			default:
				texts = append(texts, strconv.FormatFloat(v, 'E', -1, 64))
			}
		}
		for _, s := range texts {
			want, err := strconv.ParseFloat(s, 64)
			ok := err == nil && finite(want) && json.Valid([]byte(s))
			for width, body := range []string{"[[" + s + "]]", "[[" + s + ", " + s + "]]", "[[ " + s + "\n, " + s + " ]]"} {
				var tab table
				tab.reset(min(width+1, 2), 10, nil, nil, false, nil)
				perr := parseJSON([]byte(body), &tab)
				if (perr == nil) != ok {
					t.Fatalf("%q: parse error %v, ParseFloat %v, %v", body, perr, want, err)
				}
				if perr != nil {
					continue
				}
				for _, got := range tab.vals {
					if math.Float64bits(got) != math.Float64bits(want) {
						t.Fatalf("%q: got %v (%#x), want %v (%#x)", body, got, math.Float64bits(got), want, math.Float64bits(want))
					}
				}
			}
		}
	})
}

// TestPlainRowNumbers compares the values of rows of plain numbers (the parser's fast path)
// with strconv.ParseFloat, bit for bit, on random decimals of 1 to 21 digits with and
// without exponents: both sides of the fast path's limits (19 digits, 2^53, 10^+-22).
func TestPlainRowNumbers(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for range 20000 {
		var texts [3]string
		for k := range texts {
			var b []byte
			if rng.IntN(2) == 0 {
				b = append(b, '-')
			}
			nd := 1 + rng.IntN(21)
			point := rng.IntN(nd + 1)
			for i := range nd {
				if i == point && i > 0 {
					b = append(b, '.')
				}
				c := byte('0' + rng.IntN(10))
				if i == 0 && (c == '0' && point != 1) {
					c = '1' + byte(rng.IntN(9))
				}
				b = append(b, c)
			}
			if rng.IntN(3) == 0 {
				b = append(b, "eE"[rng.IntN(2)])
				b = append(b, []string{"", "+", "-"}[rng.IntN(3)]...)
				b = strconv.AppendInt(b, int64(rng.IntN(30)), 10)
			}
			texts[k] = string(b)
		}
		body := "[[" + strings.Join(texts[:], ",") + "]]"
		var tab table
		tab.reset(3, 10, nil, nil, false, nil)
		if err := parseJSON([]byte(body), &tab); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		for k, s := range texts {
			want, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatal(err)
			}
			if got := tab.vals[k]; math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("%s: got %v (%#x), want %v (%#x)", s, got, math.Float64bits(got), want, math.Float64bits(want))
			}
		}
	}
}
