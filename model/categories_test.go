package model

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// encodedModel returns a regressor over four encoded inputs (a linear node, a Gaussian of
// per-input widths, a range and a trend), and the same model whose second and third raw
// inputs are categorical: inputs (x, colour in {red, green}, size in {S}), encoded as (x,
// red, green, S).
func encodedModel() (plain, cat *Model) {
	plain = &Model{Task: Regression, Kernel: KernelGaussian, Inputs: 4,
		Scaling: Scaling{Mean: []float64{1, 0.5, 0.5, 1}, Std: []float64{2, 0.5, 0.5, 1}},
		Nodes: []Node{
			{Centre: []float64{0, 1, -1, 0}, Width: []float64{0.5, 1, 2, 1}},
			{Kind: NodeLinear, Centre: []float64{1, 0.5, -0.5, 0.25}},
		},
		Weights: [][]float64{{3, 2}}, Bias: []float64{1}, Range: []float64{-5, 5}, Trend: []float64{-1, 1}}
	cat = &Model{Task: Regression, Kernel: KernelGaussian, Inputs: 3,
		Features:   []string{"x", "colour", "size"},
		Categories: [][]string{nil, {"red", "green"}, {"S"}},
		Scaling:    plain.Scaling, Nodes: plain.Nodes, Weights: plain.Weights, Bias: plain.Bias,
		Range: plain.Range, Trend: plain.Trend}
	return plain, cat
}

// TestEncode checks that a model with categorical inputs decides on a row of category indices
// as the same model without them decides on the row's indicators.
func TestEncode(t *testing.T) {
	plain, cat := encodedModel()
	nan := math.NaN()
	if w := cat.Width(); w != 4 {
		t.Fatalf("Width = %d, want 4", w)
	}
	tests := []struct {
		raw, encoded []float64
	}{
		{[]float64{3, 0, 0}, []float64{3, 1, 0, 1}},
		{[]float64{-2, 1, 0}, []float64{-2, 0, 1, 1}},
		{[]float64{0.5, -1, 0}, []float64{0.5, 0, 0, 1}}, // an unknown colour: no indicator set
		{[]float64{7, 1, -1}, []float64{7, 0, 1, 0}},
	}
	for _, tc := range tests {
		e := make([]float64, cat.Width())
		if err := cat.Encode(e, tc.raw); err != nil || !slices.Equal(e, tc.encoded) {
			t.Errorf("Encode(%v) = %v, %v; want %v", tc.raw, e, err, tc.encoded)
		}
		got, err := cat.Decision(tc.raw)
		want, err2 := plain.Decision(tc.encoded)
		if err != nil || err2 != nil || !slices.Equal(got, want) {
			t.Errorf("Decision(%v) = %v, %v; want %v, %v", tc.raw, got, err, want, err2)
		}
		lo, hi, err := cat.Bounds(tc.raw)
		lo2, hi2, err2 := plain.Bounds(tc.encoded)
		tr, err3 := cat.LinearTerms(tc.raw)
		tr2, err4 := plain.LinearTerms(tc.encoded)
		if err != nil || err2 != nil || err3 != nil || err4 != nil || lo != lo2 || hi != hi2 || tr != tr2 {
			t.Errorf("Bounds and LinearTerms of %v differ from those of %v", tc.raw, tc.encoded)
		}
		z := make([]float64, cat.Width())
		f := make([]float64, 1)
		if err := cat.DecisionTo(f, z, tc.raw); err != nil || f[0] != want[0] {
			t.Errorf("DecisionTo(%v) = %v, %v; want %v", tc.raw, f, err, want)
		}
		if err := cat.DecisionTo(f, z[:3], tc.raw); !errors.Is(err, ErrInput) {
			t.Errorf("DecisionTo with %d scratch values: %v, want ErrInput", 3, err)
		}
	}
	// Indices that name no category, and the wrong lengths, are refused.
	for _, raw := range [][]float64{{0, 2, 0}, {0, 0.5, 0}, {0, -2, 0}, {0, 0, 1}, {0, 0}, {0, math.Inf(1), 0}} {
		if _, err := cat.Decision(raw); !errors.Is(err, ErrInput) {
			t.Errorf("Decision(%v) = %v, want ErrInput", raw, err)
		}
	}
	if err := cat.Encode(make([]float64, 3), []float64{0, 0, 0}); !errors.Is(err, ErrInput) {
		t.Errorf("Encode into 3 values: %v, want ErrInput", err)
	}
	// A missing category is refused without fill values, and stands for each of its
	// indicators' fill values with them.
	if _, err := cat.Decision([]float64{0, nan, 0}); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "input 2 is missing") {
		t.Errorf("a missing category without fill values: %v", err)
	}
	cat.Scaling.Fill = []float64{1.5, 1, 0, 1}
	plain.Scaling.Fill = cat.Scaling.Fill
	got, err := cat.Decision([]float64{0, nan, nan})
	want, err2 := plain.Decision([]float64{0, 1, 0, 1})
	if err != nil || err2 != nil || !slices.Equal(got, want) {
		t.Errorf("missing categories: %v, %v; want %v, %v", got, err, want, err2)
	}
	if c := cat.Category(1, "green"); c != 1 {
		t.Errorf("Category(1, green) = %d", c)
	}
	if c := cat.Category(1, "blue"); c != -1 {
		t.Errorf("Category(1, blue) = %d", c)
	}
	if c := cat.Category(0, "red"); c != -1 {
		t.Errorf("Category(0, red) = %d (a numeric input)", c)
	}
}

// TestCategoriesFile checks that a model with categorical inputs is written as version 8 and
// read back the same, that an older version holding them is refused, and that Check refuses
// categories that do not fit the inputs.
func TestCategoriesFile(t *testing.T) {
	_, cat := encodedModel()
	var b bytes.Buffer
	if err := cat.Write(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"version": 8`) || !strings.Contains(b.String(), `"categories": [null,["red","green"],["S"]]`) {
		t.Errorf("the file lacks version 8 or its categories:\n%s", b.String())
	}
	back, err := Read(bytes.NewReader(b.Bytes()), "m.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, raw := range [][]float64{{1, 0, 0}, {2, 1, -1}} {
		f, _ := cat.Decision(raw)
		g, err := back.Decision(raw)
		if err != nil || !slices.Equal(f, g) {
			t.Errorf("read back, Decision(%v) = %v, %v; want %v", raw, g, err, f)
		}
	}
	old := strings.Replace(b.String(), `"version": 8`, `"version": 7`, 1)
	if _, err := Read(strings.NewReader(old), "m.json"); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "version 8") {
		t.Errorf("a version 7 file with categories: %v", err)
	}
	for name, edit := range map[string]func(m *Model){
		"too few":   func(m *Model) { m.Categories = m.Categories[:2] },
		"twice":     func(m *Model) { m.Categories[1] = []string{"red", "red"} },
		"one more":  func(m *Model) { m.Categories[2] = []string{"S", "M"} },
		"bad UTF-8": func(m *Model) { m.Categories[1] = []string{"red", "\xff"} },
	} {
		_, m := encodedModel()
		edit(m)
		if err := m.Check(); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: Check = %v, want ErrInvalid", name, err)
		}
		if _, err := m.Decision([]float64{0, 0, 0}); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: Decision = %v, want ErrInvalid", name, err)
		}
	}
}

// TestRecode checks the renumbering of rows read with a file's own lists of categories.
func TestRecode(t *testing.T) {
	_, cat := encodedModel() // inputs (x, colour in {red, green}, size in {S})
	nan := math.NaN()
	levels := [][]string{nil, {"blue", "green", "red"}, {"L", "S"}}
	X := [][]float64{{1, 2, 1}, {2, 1, 0}, {3, 0, 1}, {4, nan, 1}, {5, 0, 0}}
	unknown, err := cat.Recode(X, levels)
	want := [][]float64{{1, 0, 0}, {2, 1, -1}, {3, -1, 0}, {4, nan, 0}, {5, -1, -1}}
	for r := range want {
		if !slices.EqualFunc(X[r], want[r], func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }) {
			t.Errorf("row %d: %v, want %v", r+1, X[r], want[r])
		}
	}
	if err != nil || len(unknown) != 3 || unknown[0] != nil || !slices.Equal(unknown[1], []string{"blue"}) || !slices.Equal(unknown[2], []string{"L"}) {
		t.Errorf("unknown %q, %v", unknown, err)
	}
	for _, tc := range []struct {
		name   string
		levels [][]string
		X      [][]float64
		want   string
	}{
		{"too few lists", [][]string{nil, {"red"}}, [][]float64{{1, 0, 0}}, "categories for 2 inputs, the model has 3"},
		{"a list for a number", [][]string{{"a"}, {"red"}, {"S"}}, [][]float64{{0, 0, 0}}, "input 1 has categories, and the model takes a number"},
		{"no list for a category", [][]string{nil, nil, {"S"}}, [][]float64{{0, 0, 0}}, "input 2 has no categories, and the model takes one of 2 categories"},
		{"an index beyond", [][]string{nil, {"red"}, {"S"}}, [][]float64{{0, 0, 0}, {0, 1, 0}}, "row 2, input 2 is 1, not the index of one of its 1 category"},
		{"a short row", [][]string{nil, {"red"}, {"S"}}, [][]float64{{0, 0}}, "row 1 has 2 values, the model takes 3"},
	} {
		before := [][]float64{slices.Clone(tc.X[0])}
		if _, err := cat.Recode(tc.X, tc.levels); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want ErrInput saying %q", tc.name, err, tc.want)
		}
		if !slices.Equal(tc.X[0], before[0]) {
			t.Errorf("%s: the rows changed: %v", tc.name, tc.X[0])
		}
	}
	// A row given twice (one slice) is recoded once: green stays green, blue is unknown.
	row, blue := []float64{1, 1, 1}, []float64{2, 0, 1}
	if _, err := cat.Recode([][]float64{row, row, blue, blue}, levels); err != nil || !slices.Equal(row, []float64{1, 1, 0}) || !slices.Equal(blue, []float64{2, -1, 0}) {
		t.Errorf("rows given twice: %v, %v, %v; want [1 1 0], [2 -1 0]", row, blue, err)
	}
	// A model without categories and rows without them: nothing to do.
	plain, _ := encodedModel()
	if u, err := plain.Recode([][]float64{{1, 2, 3, 4}}, nil); u != nil || err != nil {
		t.Errorf("no categories: %v, %v", u, err)
	}
}

// TestCategoriesMalformed checks that Encode, Recode, Width and Category do not panic on a nil
// model or on Categories of another length than Inputs (a model built by hand), but refuse
// it with ErrInvalid, and that an empty list for a numeric input is a number to Recode, as it
// is to Width and Encode.
func TestCategoriesMalformed(t *testing.T) {
	var none *Model
	if w, c := none.Width(), none.Category(0, "red"); w != 0 || c != -1 {
		t.Errorf("nil model: Width %d, Category %d; want 0, -1", w, c)
	}
	for _, tc := range []struct {
		name string
		m    func() *Model
	}{
		{"nil model", func() *Model { return nil }},
		{"too few", func() *Model { _, m := encodedModel(); m.Categories = m.Categories[:2]; return m }},
		{"too many", func() *Model {
			_, m := encodedModel()
			m.Categories = append(m.Categories, []string{"p", "q"})
			return m
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.m()
			x := []float64{0, 0, 0}
			if err := m.Encode(make([]float64, m.Width()), x); !errors.Is(err, ErrInvalid) {
				t.Errorf("Encode = %v, want ErrInvalid", err)
			}
			if _, err := m.Recode([][]float64{x}, [][]string{nil, {"red"}, {"S"}}); !errors.Is(err, ErrInvalid) {
				t.Errorf("Recode = %v, want ErrInvalid", err)
			}
			if !slices.Equal(x, []float64{0, 0, 0}) {
				t.Errorf("the row changed: %v", x)
			}
		})
	}
	_, cat := encodedModel()
	X := [][]float64{{1, 1, 0}}
	if u, err := cat.Recode(X, [][]string{{}, {"blue", "red"}, {"S"}}); err != nil || u != nil || !slices.Equal(X[0], []float64{1, 0, 0}) {
		t.Errorf("an empty list for the numeric input: %v, %q, %v", X[0], u, err)
	}
	if _, err := cat.Recode(X, [][]string{nil, {}, {"S"}}); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "input 2 has no categories") {
		t.Errorf("an empty list for a categorical input: %v", err)
	}
	// A file's categorical column missing on every row has no categories (dataset.Table.Levels
	// holds none for it), and needs none.
	nan := math.NaN()
	for _, names := range [][]string{nil, {}} {
		X := [][]float64{{1, nan, 0}, {2, nan, 1}}
		u, err := cat.Recode(X, [][]string{nil, names, {"L", "S"}})
		if err != nil || !slices.Equal(u[2], []string{"L"}) || !math.IsNaN(X[0][1]) || X[0][2] != -1 || X[1][2] != 0 {
			t.Errorf("a categorical input missing on every row, levels %q: %v, %q, %v", names, X, u, err)
		}
	}
}

// TestCategoriesNullName checks that a category (or class, or feature) edited to null in a
// model file is refused, where encoding/json would read it as a category named "", while a
// null list of categories (a numeric input's) is read as one.
func TestCategoriesNullName(t *testing.T) {
	_, cat := encodedModel()
	cat.Task, cat.Classes, cat.Range, cat.Trend = Classification, []string{"no", "yes"}, nil, nil
	var b bytes.Buffer
	if err := cat.Write(&b); err != nil {
		t.Fatal(err)
	}
	file := b.String()
	for _, tc := range []struct{ name, old, new, want string }{
		{"category", `["red","green"]`, `["red",null]`, `"categories[1][1]" is null where a name belongs`},
		{"class", `"classes": ["no","yes"]`, `"classes": [null,"yes"]`, `"classes[0]" is null where a name belongs`},
		{"feature", `"features": ["x","colour","size"]`, `"features": ["x",null,"size"]`, `"features[1]" is null where a name belongs`},
		{"weight", `"bias": [`, `"bias": [null, `, `"bias[0]" is null where a number belongs`},
		{"a numeric input's list", `[null,["red","green"],["S"]]`, `[null,["red","green"],["S"]]`, ""},
		{"an empty list", `[null,["red","green"],["S"]]`, `[[],["red","green"],["S"]]`, ""},
	} {
		if !strings.Contains(file, tc.old) {
			t.Fatalf("%s: the file lacks %s:\n%s", tc.name, tc.old, file)
		}
		m, err := Read(strings.NewReader(strings.Replace(file, tc.old, tc.new, 1)), "m.json")
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want == "":
			if f, err := m.Decision([]float64{1, 1, 0}); err != nil || len(f) != 1 {
				t.Errorf("%s: Decision = %v, %v", tc.name, f, err)
			}
		case !errors.Is(err, ErrNotModel) || !strings.Contains(err.Error(), tc.want):
			t.Errorf("%s: %v, want ErrNotModel saying %s", tc.name, err, tc.want)
		}
	}
}

// TestCategoriesCheckNames checks that Check names an encoded input as such where the model
// has categorical inputs (its index among the Width encoded ones, not among the raw inputs).
func TestCategoriesCheckNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(m *Model)
		want string
	}{
		{"scaling", func(m *Model) { m.Scaling.Std[3] = 0 }, "scaling of encoded input 4 is (1, 0)"},
		{"fill", func(m *Model) { m.Scaling.Fill = []float64{0, 0, math.NaN(), 1} }, "fill of encoded input 3 is NaN"},
		{"power", func(m *Model) {
			m.Scaling.Power = &Power{Shift: []float64{0, 0, 0, 0}, Scale: []float64{1, 1, 1, 0}, Lambda: []float64{1, 1, 1, 1}}
		}, "power transform of encoded input 4"},
	} {
		_, m := encodedModel()
		tc.edit(m)
		if err := m.Check(); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Check = %v, want ErrInvalid saying %q", tc.name, err, tc.want)
		}
	}
}

// TestZeroBasedFile checks that a model trained on LIBSVM indices counting from 0 is written as
// version 9 and read back so, that an older version holding the mark is refused, and that a
// model without it stays at its version.
func TestZeroBasedFile(t *testing.T) {
	m, _ := encodedModel()
	var plain bytes.Buffer
	if err := m.Write(&plain); err != nil {
		t.Fatal(err)
	}
	m.ZeroBased = true
	var b bytes.Buffer
	if err := m.Write(&b); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain.String(), "zero_based") || strings.Contains(plain.String(), `"version": 9`) {
		t.Errorf("a model without the mark:\n%s", plain.String())
	}
	if !strings.Contains(b.String(), `"version": 9`) || !strings.Contains(b.String(), `"zero_based": true`) {
		t.Fatalf("the file lacks version 9 or the mark:\n%s", b.String())
	}
	back, err := Read(bytes.NewReader(b.Bytes()), "m.json")
	if err != nil || !back.ZeroBased {
		t.Fatalf("read back: %v, ZeroBased %v", err, back != nil && back.ZeroBased)
	}
	old := strings.Replace(b.String(), `"version": 9`, `"version": 8`, 1)
	if _, err := Read(strings.NewReader(old), "m.json"); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "need version 9") {
		t.Errorf("a version 8 file with the mark: %v", err)
	}
}

// A gzip-compressed model file reads as the file it holds.
func TestReadGzip(t *testing.T) {
	m, _ := encodedModel()
	var plain, packed bytes.Buffer
	if err := m.Write(&plain); err != nil {
		t.Fatal(err)
	}
	z := gzip.NewWriter(&packed)
	z.Write(plain.Bytes())
	z.Close()
	whole := slices.Clone(packed.Bytes())
	back, err := Read(&packed, "m.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	x := make([]float64, m.Inputs)
	x[0] = 0.5
	f, _ := m.Decision(x)
	g, err := back.Decision(x)
	if err != nil || len(f) == 0 || !slices.Equal(f, g) {
		t.Errorf("Decision %v (%v), want %v", g, err, f)
	}
	if _, err := Read(bytes.NewReader([]byte{0x1f, 0x8b, 1, 2}), "bad.gz"); !errors.Is(err, ErrNotModel) {
		t.Errorf("broken gzip: %v", err)
	}
	crc := slices.Clone(whole)
	crc[len(crc)-5] ^= 1 // (the CRC-32 of the trailer)
	for name, data := range map[string][]byte{"cut short": whole[:len(whole)/2], "bad checksum": crc} {
		if _, err := Read(bytes.NewReader(data), "m.json.gz"); !errors.Is(err, ErrNotModel) || !strings.Contains(err.Error(), "gzip") {
			t.Errorf("gzip %s: %v, want ErrNotModel naming gzip", name, err)
		}
	}
	// Save compresses where the name ends in .gz; Load reads it back.
	path := filepath.Join(t.TempDir(), "m.json.gz")
	if err := m.Save(path); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(path); err != nil || len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		t.Errorf("Save(%q) did not write gzip data (%v)", path, err)
	}
	if back, err := Load(path); err != nil || back.Size() != m.Size() {
		t.Errorf("Load of a saved .gz: %v", err)
	}
}

// Read refuses a file of a newer format version with ErrVersion, one of a version no build
// writes with ErrNotModel, and a nil reader with an error.
func TestReadVersion(t *testing.T) {
	m, _ := encodedModel()
	var b bytes.Buffer
	if err := m.Write(&b); err != nil {
		t.Fatal(err)
	}
	v := fmt.Sprintf(`"version": %d`, m.FormatVersion())
	if !strings.Contains(b.String(), v) {
		t.Fatalf("no %s in the file", v)
	}
	newer := strings.Replace(b.String(), v, fmt.Sprintf(`"version": %d`, Version+1), 1)
	if _, err := Read(strings.NewReader(newer), "m.json"); !errors.Is(err, ErrVersion) || errors.Is(err, ErrNotModel) {
		t.Errorf("a newer version: %v, want ErrVersion", err)
	}
	none := strings.Replace(b.String(), v, `"version": 0`, 1)
	if _, err := Read(strings.NewReader(none), "m.json"); !errors.Is(err, ErrNotModel) || errors.Is(err, ErrVersion) {
		t.Errorf("version 0: %v, want ErrNotModel", err)
	}
	if _, err := Read(nil, "m.json"); err == nil {
		t.Error("a nil reader: no error")
	}
}
