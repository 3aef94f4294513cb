package dataset_test

import (
	"bytes"
	"compress/gzip"
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

// Missing values read as NaN, then filled with their columns' medians.
func ExampleFillMedians() {
	in := "a,b,y\n1,NA,yes\n,4,no\n3,6,yes\n5,,no\n"
	t, err := dataset.ParseCSV(strings.NewReader(in), "data.csv", dataset.CSVOptions{Missing: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.X, dataset.CountMissing(t.X))
	X, medians, err := dataset.FillMedians(t.X)
	fmt.Println(X, medians, err)
	// Output:
	// [[1 NaN] [NaN 4] [3 6] [5 NaN]] [1 2]
	// [[1 5] [3 4] [3 6] [5 5]] [3 5] <nil>
}

// Numbers written with decimal commas, as R's write.csv2 and many spreadsheets write them.
func ExampleCSVOptions_decimalComma() {
	in := "\"x\";\"y\"\n5,1;setosa\n4,9;virginica\n"
	t, err := dataset.ParseCSV(strings.NewReader(in), "data.csv", dataset.CSVOptions{DecimalComma: true})
	fmt.Println(t.X, t.Labels, err)
	// Output:
	// [[5.1] [4.9]] [setosa virginica] <nil>
}

// LIBSVM (svmlight) data: a label, then index:value pairs; a feature a row leaves out is 0.
func ExampleParseLIBSVM() {
	in := "# two classes\n+1 1:0.5 3:2\n-1 2:1.5\n+1 1:1 2:-1 3:0.25\n"
	t, err := dataset.ParseLIBSVM(strings.NewReader(in), "train.libsvm")
	if err != nil {
		fmt.Println(err)
		return
	}
	y, classes, err := dataset.Binary(t.Labels)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Dim(), t.X)
	fmt.Println(t.Labels, classes, y)

	_, err = dataset.ParseLIBSVM(strings.NewReader("+1 2:1 1:3\n"), "bad.libsvm")
	fmt.Println(err)
	// Output:
	// 3 [[0.5 0 2] [0 1.5 0] [1 -1 0.25]]
	// [+1 -1 +1] [-1 +1] [1 -1 1]
	// bad.libsvm:1:3: index 1 follows index 2: indices must be strictly increasing
}

// Columns of text read as categories: Levels lists each one's, and X holds a row's category as
// its index in them.
func ExampleCSVOptions_categoricalText() {
	data := "age,sex,port,survived\n22,male,S,no\n38,female,C,yes\n26,female,S,yes\n35,male,Q,no\n54,male,S,no\n2,female,C,yes\n"
	t, err := dataset.ParseCSV(strings.NewReader(data), "titanic.csv", dataset.CSVOptions{CategoricalText: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Levels)
	fmt.Println(t.X[1])
	// Output:
	// [[] [female male] [C Q S]]
	// [38 0 0]
}

// Data compressed with gzip (data.csv.gz, as pandas and R write it) read as the data they hold.
func ExampleParse_gzip() {
	var packed bytes.Buffer
	z := gzip.NewWriter(&packed)
	z.Write([]byte("height,weight,sex\n170,65,f\n182,80,m\n"))
	z.Close()
	t, err := dataset.Parse(&packed, "people.csv.gz", dataset.CSVOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Features, t.X, t.Labels)
	// Output:
	// [height weight] [[170 65] [182 80]] [f m]
}

// Name the format of data that are not text, such as a body sent to a server.
func ExampleSniff() {
	what, todo := dataset.Sniff([]byte("PAR1\x15\x04\x15"))
	fmt.Println(what + ": " + todo)
	what, _ = dataset.Sniff([]byte("x1,x2\n1,2\n"))
	fmt.Printf("%q\n", what)
	// Output:
	// a Parquet file: write it as CSV (pandas: pd.read_parquet(path).to_csv(out, index=False))
	// ""
}
