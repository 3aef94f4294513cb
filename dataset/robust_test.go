package dataset

import (
	"fmt"
	"testing"

	"github.com/sparsekernel/sparsekernel/internal/nopanic"
)

// A Folder built by hand (no source lines: they are unexported) splits like a read one.
func TestHandBuiltFolderSplit(t *testing.T) {
	f := &Folder{Dir: "hand", X: [][]float64{{0}, {1}, {2}}, Labels: []string{"a", "b", "a"},
		Train: [][]int{{0, 1}}, Test: [][]int{{2}}}
	err := nopanic.Call(func() error {
		tr, te := f.Split(0)
		if len(tr.X) != 2 || tr.Labels[1] != "b" || len(te.X) != 1 || te.X[0][0] != 2 {
			return fmt.Errorf("split %v %v, %v %v", tr.X, tr.Labels, te.X, te.Labels)
		}
		return nil
	})
	if err != nil {
		t.Error(err)
	}
}
