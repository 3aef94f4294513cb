package dataset

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestCategorical(t *testing.T) {
	const people = "age,sex,port,fare,survived\n" +
		"22,male,S,7.25,no\n" +
		"38,female,C,71.3,yes\n" +
		"26,female,S,7.9,yes\n" +
		"35,male,Q,8.05,no\n" +
		"54,male,S,51.9,no\n" +
		"2,female,C,21.1,yes\n"
	nan := math.NaN()
	tests := []struct {
		name   string
		data   string
		opt    CSVOptions
		levels [][]string
		X      [][]float64
		err    string
	}{
		{"by number and name", people, CSVOptions{Categorical: []Column{{Number: 2}, {Name: "port"}}},
			[][]string{nil, {"female", "male"}, {"C", "Q", "S"}, nil},
			[][]float64{{22, 1, 2, 7.25}, {38, 0, 0, 71.3}, {26, 0, 2, 7.9}, {35, 1, 1, 8.05}, {54, 1, 2, 51.9}, {2, 0, 0, 21.1}}, ""},
		{"text read as categories", people, CSVOptions{CategoricalText: true},
			[][]string{nil, {"female", "male"}, {"C", "Q", "S"}, nil},
			[][]float64{{22, 1, 2, 7.25}, {38, 0, 0, 71.3}, {26, 0, 2, 7.9}, {35, 1, 1, 8.05}, {54, 1, 2, 51.9}, {2, 0, 0, 21.1}}, ""},
		{"by place among the features", people, CSVOptions{CategoricalFeatures: []bool{false, true, true, false}},
			[][]string{nil, {"female", "male"}, {"C", "Q", "S"}, nil}, nil, ""},
		{"numbers as categories, by value", "a,b\n10,x\n9,y\n10,x\n2.5,y\n", CSVOptions{Categorical: []Column{{Number: 1}}},
			[][]string{{"2.5", "9", "10"}}, [][]float64{{2}, {1}, {2}, {0}}, ""},
		{"missing, read", "a,b,c\n1,x,p\n2,,q\n3,NA,p\n4,y,q\n", CSVOptions{CategoricalText: true, Missing: true},
			[][]string{nil, {"x", "y"}}, [][]float64{{1, 0}, {2, nan}, {3, nan}, {4, 1}}, ""},
		{"missing, refused", "a,b,c\n1,x,p\n2,,q\n3,y,p\n4,y,q\n", CSVOptions{Categorical: []Column{{Number: 2}}},
			nil, nil, "t.csv:3:2: empty field (a missing value?): expected a category"},
		// a missing category says so after the columns have been told apart, and comes after
		// an identifier's error on an earlier field
		{"missing, refused, text read", "a,b,c\n1,x,p\n2,,q\n3,y,p\n4,y,q\n", CSVOptions{CategoricalText: true},
			nil, nil, "t.csv:3:2: empty field (a missing value?): expected a category"},
		{"an identifier before a missing category", "name,sex,y\nann,f,1\nbob,,0\ncid,m,1\ndan,f,0\neve,m,1\n", CSVOptions{CategoricalText: true},
			nil, nil, `t.csv:2:1: field "ann" is not a number, and column 1 has 5 distinct values, too many to read as categories (at most 2)`},
		{"text without the option", people, CSVOptions{}, nil, nil, `t.csv:2:2: field "male" is not a number`},
		{"the label", people, CSVOptions{Categorical: []Column{{Number: 5}}}, nil, nil, "categorical column 5 is the label column, not a feature: labels are read as classes without it"},
		{"left out", people, CSVOptions{Categorical: []Column{{Number: 2}}, Drop: []Column{{Number: 2}}}, nil, nil, "categorical column 2 is not a feature"},
		{"too many flags", "a,b\n1,x\n", CSVOptions{LabelColumn: -1, CategoricalFeatures: []bool{true, true, true}}, nil, nil, "the rows have 2 features, and the categorical ones are given for 3"},
		{"too few flags", "a,b\n1,x\n", CSVOptions{LabelColumn: -1, CategoricalFeatures: []bool{false}}, nil, nil, `field "x" is not a number`},
		{"too few flags, one true", "a,b\n1,x\n", CSVOptions{LabelColumn: -1, CategoricalFeatures: []bool{true}}, nil, nil, "the rows have 2 features, and the categorical ones are given for 1"},
		{"a name without a header", "1,x,a\n2,y,b\n", CSVOptions{Categorical: []Column{{Name: "b"}}}, nil, nil, "no header line"},
		// a name on every row: an identifier, not categories
		{"an identifier", "name,age,y\nann,1,a\nbob,2,b\ncid,3,a\ndan,4,b\neve,5,a\n", CSVOptions{CategoricalText: true},
			nil, nil, `t.csv:2:1: field "ann" is not a number, and column 1 has 5 distinct values, too many to read as categories (at most 2)`},
		// every feature a category: a first line of categories found below is data, not a header
		{"headerless, every feature a category", "red,big,yes\nblue,small,no\nred,small,no\nblue,big,yes\n", CSVOptions{CategoricalText: true},
			[][]string{{"blue", "red"}, {"big", "small"}}, [][]float64{{1, 0}, {0, 1}, {1, 1}, {0, 0}}, ""},
		{"headerless, by number", "red,big,yes\nblue,small,no\nred,small,no\nblue,big,yes\n", CSVOptions{Categorical: []Column{{Number: 1}, {Number: 2}}},
			[][]string{{"blue", "red"}, {"big", "small"}}, [][]float64{{1, 0}, {0, 1}, {1, 1}, {0, 0}}, ""},
		{"headerless, by place", "red,big,yes\nblue,small,no\nred,small,no\nblue,big,yes\n", CSVOptions{CategoricalFeatures: []bool{true, true}},
			[][]string{{"blue", "red"}, {"big", "small"}}, [][]float64{{1, 0}, {0, 1}, {1, 1}, {0, 0}}, ""},
		{"a header, every feature a category", "colour,size,y\nred,big,yes\nblue,small,no\nred,small,no\nblue,big,yes\n", CSVOptions{CategoricalText: true},
			[][]string{{"blue", "red"}, {"big", "small"}}, [][]float64{{1, 0}, {0, 1}, {1, 1}, {0, 0}}, ""},
		{"a header that names categories, with a label name that is none", "red,big,y\nred,big,yes\nblue,small,no\nred,small,no\nblue,big,yes\n", CSVOptions{CategoricalText: true},
			[][]string{{"blue", "red"}, {"big", "small"}}, [][]float64{{1, 0}, {0, 1}, {1, 1}, {0, 0}}, ""},
		// a first row of categories that repeats one (a board's cells): data, not a header of
		// repeated names
		{"headerless, a category repeated", "x,x,o,win\no,x,o,loss\nx,o,x,win\no,o,x,loss\n", CSVOptions{CategoricalText: true},
			[][]string{{"o", "x"}, {"o", "x"}, {"o", "x"}}, [][]float64{{1, 1, 0}, {0, 1, 0}, {1, 0, 1}, {0, 0, 1}}, ""},
		{"headerless, a category repeated, by number", "x,x,3,win\no,x,4,loss\nx,o,3,win\no,o,4,loss\n", CSVOptions{CategoricalText: true, Categorical: []Column{{Number: 3}}},
			[][]string{{"o", "x"}, {"o", "x"}, {"3", "4"}}, [][]float64{{1, 1, 0}, {0, 1, 1}, {1, 0, 0}, {0, 0, 1}}, ""},
		// repeated names above a column of numbers: a header after all, refused for them
		{"repeated names above numbers", "a,a,y\nred,1,p\nblue,2,q\nred,3,p\n", CSVOptions{CategoricalText: true},
			nil, nil, `t.csv:1:2: column name "a" is also the name of column 1`},
		// with decimal commas, 1,5 is a number: among numbers, text on a third of the rows is not categories
		{"decimal commas are numbers", "g;x;y\n1,5;1;a\n2,5;2;b\nA;3;a\n1,5;4;b\n2,5;5;a\nA;1;b\n", CSVOptions{CategoricalText: true, DecimalComma: true},
			nil, nil, `t.csv:4:1: field "A" is not a number`},
		{"decimal commas as categories, by value", "g;x;y\n1,5;1;a\n10;2;b\n2,5;3;a\n1,5;4;b\n", CSVOptions{Categorical: []Column{{Name: "g"}}, DecimalComma: true},
			[][]string{{"1,5", "2,5", "10"}, nil}, [][]float64{{0, 1}, {2, 2}, {1, 3}, {0, 4}}, ""},
		// percentages beside a column of categories: numbers to write plainly, not categories
		{"percentages", "c,d,y\nred,10%,a\nblue,20%,b\nred,10%,a\nblue,30%,b\nred,20%,a\nblue,10%,b\n", CSVOptions{CategoricalText: true},
			nil, nil, `t.csv:2:2: field "10%" is not a number: a percentage? write it as a number, 10 (or its fraction)`},
		// a few dates (a month's first days): refused with the dates' hint, not categories
		{"dates", "d,x,y\n2024-01-01,1,a\n2024-02-01,2,b\n2024-01-01,3,a\n2024-02-01,4,b\n", CSVOptions{CategoricalText: true},
			nil, nil, `t.csv:2:1: field "2024-01-01" is not a number: a date?`},
		// text on one row of a column of numbers: a typo
		{"a typo", "a,b,y\n1,x,a\n2,y,b\n3x,x,a\n4,y,b\n1,x,a\n", CSVOptions{CategoricalText: true},
			nil, nil, `t.csv:4:1: field "3x" is not a number`},
	}
	for _, tc := range tests {
		tab, err := ParseCSV(strings.NewReader(tc.data), "t.csv", tc.opt)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if len(tab.Levels) != len(tc.levels) {
			t.Errorf("%s: levels %q, want %q", tc.name, tab.Levels, tc.levels)
			continue
		}
		for k := range tc.levels {
			if !slices.Equal(tab.Levels[k], tc.levels[k]) {
				t.Errorf("%s: levels %q, want %q", tc.name, tab.Levels, tc.levels)
			}
		}
		if tc.X != nil && len(tab.X) != len(tc.X) {
			t.Errorf("%s: %d rows, want %d", tc.name, len(tab.X), len(tc.X))
			continue
		}
		for i, x := range tc.X {
			if !slices.EqualFunc(tab.X[i], x, func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }) {
				t.Errorf("%s: row %d is %v, want %v", tc.name, i+1, tab.X[i], x)
			}
		}
	}
	// A typo among text is not told from a category: the error keeps its kinds.
	_, err := ParseCSV(strings.NewReader("a,b,c\n1,x,p\n2,,q\n"), "t.csv", CSVOptions{Categorical: []Column{{Number: 2}}})
	if !MissingValueError(err) {
		t.Errorf("a missing category: %v, want a missing-value error", err)
	}
	_, err = ParseCSV(strings.NewReader(people), "t.csv", CSVOptions{})
	var pe *ParseError
	if !errors.As(err, &pe) || !slices.Equal(pe.TextColumns, []int{2, 3}) {
		t.Errorf("text columns: %v", err)
	}
	manyNames := "c,b,y\n"
	for i := range 2 * (MaxCategories + 10) {
		manyNames += fmt.Sprintf("k%d,%d,%c\n", i/2, i, 'a'+i%2)
	}
	// Declined: the text columns CategoricalText left that may hold categories, not a typo's
	// nor an identifier's
	for _, tc := range []struct {
		data string
		want []int
	}{
		{"a,b,y\n1,x,a\n2,y,b\n3x,x,a\n4,y,b\n1,x,a\n", nil},                  // a typo
		{"a,b,y\n01,1,a\n02,2,b\nA7,3,a\n01,4,b\nA7,1,a\n02,2,b\n", []int{1}}, // text on a third of the rows
		{"id,b,y\nr1,1,a\nr2,2,b\nr3,3,a\nr4,4,b\n", nil},                     // a name on every row: an identifier
		{"id,b,c,y\nr1,1,5,a\nr2,2,6,b\nr3,3,7,a\nr4,4,8x,b\n", nil},          // a typo beside an identifier
		{manyNames, []int{1}}, // more names than MaxCategories, each on two rows
	} {
		_, err := ParseCSV(strings.NewReader(tc.data), "t.csv", CSVOptions{CategoricalText: true})
		if !errors.As(err, &pe) || !slices.Equal(pe.Declined, tc.want) {
			t.Errorf("%q: %v, declined %v, want %v", tc.data, err, pe.Declined, tc.want)
		}
	}
	if _, err := Parse(strings.NewReader("1 1:2 2:3\n-1 1:1\n"), "t.svm", CSVOptions{Categorical: []Column{{Number: 1}}}); !errors.Is(err, ErrColumn) {
		t.Errorf("LIBSVM with categorical columns: %v, want ErrColumn", err)
	}
}
