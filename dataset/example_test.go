package dataset_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sparsekernel/sparsekernel/dataset"
)

func ExampleReadCSV() {
	// testdata/example.csv:
	//	glucose,bmi,diabetic
	//	148,33.6,yes
	//	85,26.6,no
	//	183,23.3,yes
	t, err := dataset.ReadCSV("testdata/example.csv", dataset.CSVOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	y, classes, err := dataset.Binary(t.Labels)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Features, t.X)
	fmt.Println(classes, y)
	// Output:
	// [glucose bmi] [[148 33.6] [85 26.6] [183 23.3]]
	// [no yes] [1 -1 1]
}

func ExampleParseError() {
	in := "a,b,y\n1,2,yes\n3,?,no\n"
	_, err := dataset.ParseCSV(strings.NewReader(in), "data.csv", dataset.CSVOptions{})
	fmt.Println(err)
	fmt.Println(errors.Is(err, dataset.ErrMissing))
	var pe *dataset.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Line, pe.Column)
	}
	// Output:
	// data.csv:3:2: missing value "?": expected a number
	// true
	// 3 2
}
