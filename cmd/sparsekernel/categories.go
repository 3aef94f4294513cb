package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/words"
	"github.com/sparsekernel/sparsekernel/model"
)

// registerCategorical registers -categorical, the choice of train and eval (predict follows
// the model).
func (d *dataFlags) registerCategorical(fs *flag.FlagSet) {
	fs.StringVar(&d.categorical, "categorical", "auto", "CSV: the feature `columns` that hold categories, each taken as one 0/1 input a category: auto (a column\n"+
		fmt.Sprintf("of text, such as male/female, with at most %d distinct names and at most one for every two rows),\n", dataset.MaxCategories)+
		"none (text among the features is an error), or columns as -drop takes them, besides auto's (their values, numbers such as\n"+
		"1, 2, 3 included, are then the categories' names)")
}

// categoricalOptions sets o's categorical columns from -categorical.
func (d *dataFlags) categoricalOptions(o *dataset.CSVOptions) error {
	switch d.categorical {
	case "", "none":
	case "auto":
		o.CategoricalText = true
	default:
		cols, err := dataset.ParseColumns(d.categorical)
		if err != nil {
			return usagef("-categorical %q: %v (or auto, or none)", d.categorical, err)
		}
		o.Categorical, o.CategoricalText = cols, true
	}
	return nil
}

// categoricalInputs returns which inputs of categories (a model's, or a training table's
// Levels) are categorical; nil if none is.
func categoricalInputs(categories [][]string) []bool {
	if categories == nil {
		return nil
	}
	cats := make([]bool, len(categories))
	for j, c := range categories {
		cats[j] = len(c) > 0
	}
	return cats
}

// maxCategoriesShown is the number of a column's categories a message names.
const maxCategoriesShown = 6

// describeCategories says on info which columns of t were read as categories, and what they
// are.
func describeCategories(info io.Writer, t *dataset.Table) {
	var parts []string
	for j, names := range t.Levels {
		if names == nil {
			continue
		}
		shown := names[:min(len(names), maxCategoriesShown)]
		list := strings.Join(quoted(shown), ", ") // (quoted where a name holds a comma)
		if more := len(names) - len(shown); more > 0 {
			list += fmt.Sprintf(" and %d more", more)
		}
		parts = append(parts, fmt.Sprintf("%s: %s (%s)", columnName(t, j), words.Count(len(names), "category"), list))
	}
	if len(parts) > 0 {
		fmt.Fprintf(info, "categories, one 0/1 input each: %s\n", strings.Join(parts, "; "))
	}
	for j, names := range t.Levels {
		if len(names) > 10 && 2*len(names) > len(t.X) { // (more than automatic detection takes: named by -categorical)
			fmt.Fprintf(info, "warning: %s: %s has %s in %d rows: most new rows will be none of them; if it holds numbers, leave it out of -categorical; if it names the rows, leave it out with -drop\n",
				t.Source, columnName(t, j), words.Count(len(names), "category"), len(t.X))
		}
		if a, b, ok := sameButCase(names); ok {
			fmt.Fprintf(info, "note: %s: %s has categories that differ only in case, such as %q and %q: they are distinct categories; if they are one, write them alike\n",
				t.Source, columnName(t, j), a, b)
		}
	}
}

// sameButCase returns the first two names that differ only in case ("Male" and "male").
func sameButCase(names []string) (a, b string, ok bool) {
	first := map[string]string{}
	for _, n := range names {
		k := strings.ToLower(n)
		if m, seen := first[k]; seen {
			return m, n, true
		}
		first[k] = n
	}
	return "", "", false
}

// encodeTable renumbers the categories of t's categorical features, read as indices in
// t.Levels, as indices in the model's (model.Model.Recode): a category not among them becomes
// -1, which the model takes as none of its categories, and w is warned how many rows have one,
// naming the first few distinct ones.
func encodeTable(t *dataset.Table, m *model.Model, w io.Writer) error {
	unknown, err := m.Recode(t.X, t.Levels)
	if err != nil {
		return fmt.Errorf("%s: %w", t.Source, err)
	}
	if unknown == nil {
		return nil
	}
	rows := 0
	for _, x := range t.X {
		for j, names := range t.Levels {
			if names != nil && x[j] == -1 {
				rows++
				break
			}
		}
	}
	var named []string
	for j, names := range unknown {
		for _, name := range names {
			named = append(named, fmt.Sprintf("%q in %s", name, columnName(t, j)))
		}
	}
	list := strings.Join(named[:min(len(named), 3)], ", ")
	if more := len(named) - 3; more > 0 {
		list += fmt.Sprintf(" and %d more", more)
	}
	fmt.Fprintf(w, "warning: %s: %s a category the model was not trained on (%s); the model takes it as none of that input's categories\n",
		t.Source, words.Count(rows, "row")+" "+map[bool]string{true: "has", false: "have"}[rows == 1], list)
	return nil
}

// fillsCategory describes what fills a missing value of a categorical feature with the
// categories names whose indices column j of X holds (NaN where missing): each of its 0/1
// inputs' median over the rows that have it, which is 1 for a category on more than half of
// them.
func fillsCategory(X [][]float64, j int, names []string) string {
	counts := make([]int, len(names))
	n := 0
	for _, x := range X {
		if v := x[j]; !math.IsNaN(v) {
			counts[int(v)]++
			n++
		}
	}
	for i, c := range counts {
		if 2*c > n {
			return fmt.Sprintf("as %s, on most rows", names[i])
		}
		if 2*c == n {
			return fmt.Sprintf("as half %s (its 0/1 input's median is 0.5)", names[i])
		}
	}
	return "as none of its categories (none is on most rows)"
}
